import { shiftDate } from '@pluvio/shared/calendar';
import { monthOf, monthRange } from '@pluvio/shared/reports';
import { buildAccess } from '../../core/access';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { layoutEmail } from '../../core/lib/email-layout';
import { productDate, productHour } from '../../core/lib/time';
import type { EmailToQueue, OutboxBatchQueue } from '../notifications';
import type { RenderedReport, ReportDocument, ReportRenderer, ReportSubject } from '../reports';
import {
  createMonthlyReportRepository,
  type DueAccount,
  type MonthlyRecipient,
} from './monthly-report.repository';

/** The report goes out at 06:00 on the 1st, on the product time zone's clock (D2), like the daily one. */
export const MONTHLY_REPORT_HOUR = 6;
/** Accounts whose recipients a run reads at once; each recipient's report is then queued on its own. */
const ACCOUNTS_PER_BATCH = 20;
/** A larger HTML report only travels as the PDF (the body is stored per recipient). */
const HTML_BODY_MAX_BYTES = 100_000;
const KIND = 'monthly_report';

export interface MonthlyReportOptions {
  clock: Clock;
  timeZone: string;
  publicUrl: string;
  /** The Monthly report of the reports feature: its document and its past rainfall. */
  build: (subject: ReportSubject) => Promise<ReportDocument>;
  preparePastRainfall: (subject: ReportSubject) => Promise<void>;
  /** Draws the HTML body where the job runs. */
  render: ReportRenderer;
  /** Draws the PDF away from the worker's other jobs (renderInThread). */
  renderTask: ReportRenderer;
  /** The outbox writing in `db`, so the report's mark and its e-mail commit together. */
  outboxIn: (db: AppDb) => Pick<OutboxBatchQueue, 'enqueueEmailsWithAttachment'>;
  onQueued?: () => Promise<void>;
}

export interface MonthlyReportRun {
  accounts: number;
  messages: number;
}

/** The month before `today`'s, as the Monthly report asks for it. */
export function previousMonth(today: string): { month: string; from: string; to: string } {
  const month = monthOf(shiftDate(`${monthOf(today)}-01`, -1));
  return { month: `${month}-01`, ...monthRange(month) };
}

function subjectOf(
  account: DueAccount,
  recipient: MonthlyRecipient,
  from: string,
  to: string,
): ReportSubject {
  return {
    type: 'monthly',
    access: buildAccess(account.owner, account.client, 'owner', null),
    from,
    to,
    locationIds: recipient.locationIds,
    smsStatus: 'all',
    sort: { field: 'queuedTime', direction: 'desc' },
    feeDollars: null,
  };
}

/**
 * The monthly report (issue 29 point 3): on the 1st from 06:00, the month before's Monthly report
 * of each monitored account, to its owner (the account's switch) and to each contact who asked
 * for it (its assigned locations), the HTML as the body and the PDF attached. Each recipient's
 * report is rendered outside any transaction, then marked sent in the short transaction that
 * queues its e-mail, so it goes out once however many workers run or restart; a worker that
 * rendered one another worker marked first drops it. Like the daily report, one missed on the
 * 1st is not sent on a later day.
 */
export function createMonthlyReportService(db: AppDb, options: MonthlyReportOptions) {
  const { clock, timeZone } = options;
  const repository = createMonthlyReportRepository(db);

  function emailOf(document: ReportDocument, html: RenderedReport, pdf: RenderedReport) {
    const title = `${document.title}, ${document.accountName}`;
    const layout = layoutEmail(
      [
        `Your ${title} is attached (${pdf.filename}).`,
        'To stop it, turn the Monthly Report off in Notification Settings (owners) or on your contact (contacts).',
      ],
      { label: 'Open Reports', url: `${options.publicUrl}/reports` },
    );
    const htmlIsBody = html.content.length <= HTML_BODY_MAX_BYTES;
    return (to: string): EmailToQueue => ({
      to,
      subject: `Pluvio: ${title}`,
      text: layout.text,
      html: htmlIsBody ? html.content.toString('utf8') : layout.html,
      kind: KIND,
    });
  }

  /** Renders one recipient's report and queues it unless another worker did; answers the e-mails queued. */
  async function send(subject: ReportSubject, recipient: MonthlyRecipient, month: string): Promise<number> {
    await options.preparePastRainfall(subject);
    const document = await options.build(subject);
    const [html, pdf] = await Promise.all([
      options.render(document, 'html'),
      options.renderTask(document, 'pdf'),
    ]);
    const email = emailOf(document, html, pdf);
    return db.transaction(async (tx) => {
      const claimed = await createMonthlyReportRepository(tx).claim(recipient, month, clock.now());
      if (!claimed) return 0;
      const ids = await options.outboxIn(tx).enqueueEmailsWithAttachment([email(recipient.address)], pdf);
      return ids.length;
    });
  }

  async function sendToAccounts(accounts: readonly DueAccount[], period: ReturnType<typeof previousMonth>) {
    const byId = new Map(accounts.map((account) => [account.client.id, account]));
    let messages = 0;
    for (const recipient of await repository.pendingRecipients(accounts, period.month)) {
      const account = byId.get(recipient.clientId);
      if (!account) continue;
      messages += await send(subjectOf(account, recipient, period.from, period.to), recipient, period.month);
    }
    return messages;
  }

  return {
    /** On the 1st from 06:00, sends the month before's report to every recipient who has none yet. */
    async sendDue(): Promise<MonthlyReportRun> {
      const now = clock.now();
      const today = productDate(now, timeZone);
      const run: MonthlyReportRun = { accounts: 0, messages: 0 };
      if (!today.endsWith('-01') || productHour(now, timeZone) < MONTHLY_REPORT_HOUR) return run;
      const period = previousMonth(today);
      let afterId = 0;
      for (;;) {
        const due = await repository.dueAccounts(period.month, today, afterId, ACCOUNTS_PER_BATCH);
        if (due.length === 0) break;
        const queued = await sendToAccounts(due, period);
        if (queued > 0) await options.onQueued?.();
        run.messages += queued;
        run.accounts += due.length;
        afterId = due[due.length - 1]?.client.id ?? afterId;
      }
      return run;
    },
  };
}

export type MonthlyReportService = ReturnType<typeof createMonthlyReportService>;

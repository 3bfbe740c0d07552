import {
  historicalFeeWords,
  isSystemReport,
  REPORT_FORMAT_LABELS,
  REPORT_MESSAGES,
  type SmsStatusFilter,
} from '@pluvio/shared/reports';
import type { AppDb } from '../../core/db/client';
import { layoutEmail } from '../../core/lib/email-layout';
import { AppError } from '../../core/lib/errors';
import { DEFAULT_LEASE, leaseEnd, whileRenewing } from '../../core/lib/lease';
import type { ReportTaskRow } from '../../core/tables/reports';
import { createAccountChargesRepository } from './account-charges.repository';
import { periodText } from './render/display';
import type { RenderedReport, ReportDocument, ReportSubject } from './report-document';
import { createReportTasksRepository, type TaskClaim } from './report-tasks.repository';
import type { ReportsOptions } from './reports.options';

const KIND = 'report';
/** Claims of one task before it is given up: a report whose worker died three times fails. */
const MAX_ATTEMPTS = 3;
/**
 * An HTML report up to this size is also the e-mail's body; a larger one only travels as the
 * attachment (the body is stored per recipient, the attachment once).
 */
const HTML_BODY_MAX_BYTES = 100_000;

/** What a worker says it is doing, with the progress it starts at. */
const STAGES = {
  starting: [2, 'Starting'],
  rainfall: [5, 'Preparing past rainfall'],
  building: [50, 'Building the report'],
  queueing: [95, 'Queueing the e-mails'],
} as const;

function periodWords(from: string | null, to: string | null): string {
  return from && to ? (from === to ? from : `${from} to ${to}`) : '';
}

/**
 * The worker's side of report tasks: each waiting task claimed under a lease, its subject checked
 * again, its past rainfall produced, the report built and rendered, then completed in one commit.
 */
export function createReportWorker(
  db: AppDb,
  options: Pick<
    ReportsOptions,
    | 'clock'
    | 'publicUrl'
    | 'content'
    | 'renderTask'
    | 'users'
    | 'accounts'
    | 'locations'
    | 'outboxIn'
    | 'onMailQueued'
    | 'lease'
  >,
  preparePastRainfall: (subject: ReportSubject, report?: (share: number) => Promise<void>) => Promise<void>,
) {
  const { clock, content, renderTask, lease = DEFAULT_LEASE } = options;
  const tasks = createReportTasksRepository(db);

  // ---- the worker ----------------------------------------------------------------------

  /** The subject again, as the requester may see it now: access lost meanwhile fails the task. */
  async function subjectOf(task: ReportTaskRow): Promise<ReportSubject> {
    const user = await options.users.findById(task.requestedBy);
    const access =
      user && task.clientId !== null
        ? await options.accounts.accessFor(user, task.clientId).catch(() => null)
        : null;
    const allowed = isSystemReport(task.type) ? user?.isSuperuser : access !== null;
    if (!allowed) throw new AppError(403, REPORT_MESSAGES.accessLost);
    if (access)
      await options.locations.requireVisible(access, task.params.locationIds).catch(() => {
        throw new AppError(403, REPORT_MESSAGES.accessLost);
      });
    const { params } = task;
    return {
      type: task.type,
      access,
      from: params.from,
      to: params.to,
      locationIds: params.locationIds,
      smsStatus: params.smsStatus as SmsStatusFilter,
      sort: params.sort as ReportSubject['sort'],
      page: params.page,
      feeDollars: task.feeCents === null ? null : task.feeCents / 100,
    };
  }

  /** Progress writes in order, each after the last; a write that fails is left for the next. */
  function progressOf(claim: TaskClaim) {
    let last: Promise<void> = Promise.resolve();
    const report = (progress: number, stage: string) => {
      last = last.then(() => tasks.setProgress(claim, Math.round(progress), stage)).catch(() => undefined);
      return last;
    };
    return { report, settled: () => last };
  }

  function emailOf(
    task: ReportTaskRow,
    subject: ReportSubject,
    document: ReportDocument,
    file: RenderedReport,
  ) {
    // The period as the report writes it; a monthly report's title names its month already.
    const period = subject.type === 'monthly' ? null : periodText(document);
    const about = [subject.access?.client.accountName, period].filter(Boolean);
    const title = `${document.title}${about.length > 0 ? `, ${about.join(', ')}` : ''}`;
    const fee = subject.feeDollars === null ? [] : [historicalFeeWords(subject.feeDollars)];
    const { text, html } = layoutEmail(
      [`Your ${title} is attached (${file.filename}, ${REPORT_FORMAT_LABELS[task.format]}).`, ...fee],
      { label: 'Open Reports', url: `${options.publicUrl}/reports` },
    );
    const reportIsBody = task.format === 'html' && file.content.length <= HTML_BODY_MAX_BYTES;
    const body = reportIsBody ? file.content.toString('utf8') : html;
    return (to: string) => ({ to, subject: `Pluvio: ${title}`, text, html: body, kind: KIND });
  }

  function chargeOf(task: ReportTaskRow, subject: ReportSubject, document: ReportDocument) {
    if (!task.feeCents || task.clientId === null) return null;
    const locations = `${subject.locationIds.length} location${subject.locationIds.length === 1 ? '' : 's'}`;
    return {
      clientId: task.clientId,
      kind: 'historical_report' as const,
      amountCents: task.feeCents,
      description: `${document.title}, ${periodWords(subject.from, subject.to)}, ${locations}`,
      taskId: task.id,
      createdAt: clock.now(),
    };
  }

  /**
   * The one commit that makes a task done: the charge (once per task), the file and one e-mail per
   * recipient carrying it, and the task's mark; nothing when another claim took the task over.
   */
  async function complete(
    task: ReportTaskRow,
    claim: TaskClaim,
    subject: ReportSubject,
    document: ReportDocument,
    file: RenderedReport,
  ): Promise<number[] | null> {
    const email = emailOf(task, subject, document, file);
    const charge = chargeOf(task, subject, document);
    return db.transaction(async (tx) => {
      const txTasks = createReportTasksRepository(tx);
      if (!(await txTasks.lockHeld(claim))) return null;
      if (charge) await createAccountChargesRepository(tx).charge(charge);
      const messageIds = await options
        .outboxIn(tx)
        .enqueueEmailsWithAttachment(task.params.emailList.map(email), file);
      await txTasks.finish(claim, file, messageIds, clock.now());
      return messageIds;
    });
  }

  async function run(task: ReportTaskRow): Promise<void> {
    const claim: TaskClaim = { id: task.id, attempts: task.attempts };
    const progress = progressOf(claim);
    const stage = (key: keyof typeof STAGES) => progress.report(STAGES[key][0], STAGES[key][1]);
    try {
      await stage('starting');
      const subject = await subjectOf(task);
      await stage('rainfall');
      await preparePastRainfall(subject, (share) =>
        progress.report(STAGES.rainfall[0] + share * 45, STAGES.rainfall[1]),
      );
      await stage('building');
      const document = await content.build(subject, (share) => {
        progress.report(STAGES.building[0] + share * 30, STAGES.building[1]);
      });
      await progress.report(85, `Rendering ${REPORT_FORMAT_LABELS[task.format]}`);
      const file = await renderTask(document, task.format);
      await stage('queueing');
      await progress.settled();
      const messageIds = await complete(task, claim, subject, document, file);
      if (messageIds && messageIds.length > 0) await options.onMailQueued?.();
    } catch (error) {
      await progress.settled();
      const reason = error instanceof AppError ? String(error.message) : REPORT_MESSAGES.taskFailed;
      await tasks.fail(claim, reason, clock.now());
    }
  }

  return {
    /**
     * Runs every task waiting (and any whose worker died, once its lease lapsed), one claimed task
     * at a time; answers how many were run. A task done already is never claimed again.
     */
    async runDue(): Promise<number> {
      await tasks.failAbandoned(clock.now(), MAX_ATTEMPTS, REPORT_MESSAGES.taskFailed);
      let ran = 0;
      for (;;) {
        const now = clock.now();
        const task = await tasks.claimNext(now, leaseEnd(lease, now), MAX_ATTEMPTS);
        if (!task) return ran;
        const claim = { id: task.id, attempts: task.attempts };
        await whileRenewing(
          lease,
          () => tasks.renewClaim(claim, leaseEnd(lease, clock.now())),
          () => run(task),
        );
        ran += 1;
      }
    },
  };
}

import { QUOTA_MESSAGES } from '@pluvio/shared/quotas';
import {
  type EmailsReportQuery,
  type HistoricalFeeQuote,
  historicalFeeWords,
  isHistoricalRange,
  isSystemReport,
  REPORT_FORMAT_LABELS,
  REPORT_MESSAGES,
  type ReportFormat,
  type ReportRequest,
  type ReportTask,
  type SmsStatusFilter,
  type SystemReportRequest,
  type SystemReportType,
} from '@pluvio/shared/reports';
import { lockAccountQuota } from '../../db/account-lock';
import type { AppDb } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { layoutEmail } from '../../lib/email-layout';
import { AppError, badRequest, conflict, forbidden, gone, notFound } from '../../lib/errors';
import { DEFAULT_LEASE, type Lease, leaseEnd, whileRenewing } from '../../lib/lease';
import { DAY_MS, HOUR_MS, productDate } from '../../lib/time';
import { type AccountAccess, manages } from '../accounts/accounts.access';
import type { AccountsService } from '../accounts/accounts.service';
import type { LocationsService } from '../locations/locations.service';
import type { OutboxBatchQueue } from '../notifications/outbox.service';
import type { IngestionService } from '../rainfall/ingestion.service';
import type { PastRainfallAsk, PastRainfallService } from '../rainfall/past-rainfall.service';
import type { UserRow } from '../users/users.schema';
import type { UsersService } from '../users/users.service';
import { createAccountChargesRepository } from './account-charges.repository';
import { isPaidFor, type Period } from './paid-periods';
import { periodText } from './render/display';
import type { ReportContent } from './report-content';
import type { RenderedReport, ReportDocument, ReportSubject } from './report-document';
import type { ReportRecipientsService } from './report-recipients.service';
import {
  checkLocationReportDates,
  checkRange,
  type DateRangeReportType,
  type LocationReportPath,
  locationReportType,
  requireReportType,
  uniqueRecipients,
} from './report-request';
import {
  createReportTasksRepository,
  type HourlyUsage,
  type NewReportTask,
  type ReportTaskView,
  type TaskClaim,
} from './report-tasks.repository';
import type { ReportTaskParams, ReportTaskRow } from './reports.schema';

/** A location report as asked: its path, dates and type (absent: inferred), and its locations. */
export interface LocationReportAsk {
  path: LocationReportPath;
  from: string;
  to: string;
  reportType?: DateRangeReportType;
  locationIds: number[];
}

/** A system report as asked: dates where the type has them, the SMS filter and the order. */
export interface SystemReportAsk {
  type: SystemReportType;
  start_date?: string;
  end_date?: string;
  status?: SmsStatusFilter;
  sort_field?: EmailsReportQuery['sort_field'];
  sort_direction?: 'asc' | 'desc';
  sort_directin?: 'asc' | 'desc';
}

export type ReportRenderer = (document: ReportDocument, format: ReportFormat) => Promise<RenderedReport>;

export interface ReportsOptions {
  clock: Clock;
  timeZone: string;
  publicUrl: string;
  /** The historical report fee in dollars (HISTORICAL_REPORT_FEE, D20). */
  historicalFeeDollars: () => number;
  content: Pick<ReportContent, 'build'>;
  /** Draws a view's small file where the request is answered. */
  render: ReportRenderer;
  /** Draws a task's file, which may be large, away from the worker's other jobs (renderInThread). */
  renderTask: ReportRenderer;
  accounts: Pick<AccountsService, 'accessFor'>;
  users: Pick<UsersService, 'findById'>;
  locations: Pick<LocationsService, 'requireVisible' | 'allIdsInClient'>;
  pastRainfall: Pick<PastRainfallService, 'ensureStored' | 'producedUntil'>;
  /** Asks a worker to produce past rainfall a view found missing (the view answers meanwhile). */
  onPastRainfallWanted?: (ask: PastRainfallAsk) => Promise<void>;
  ingestion: Pick<IngestionService, 'lastDayBeforeIngested'>;
  /** The outbox writing in the closing transaction, so the file, e-mails and charge commit together. */
  outboxIn: (db: AppDb) => Pick<OutboxBatchQueue, 'enqueueEmailsWithAttachment'>;
  /** Wakes the outbox after a report's e-mails are queued. */
  onMailQueued?: () => Promise<void>;
  /** Wakes a report worker after a task is queued (the API process sends the job). */
  onTaskQueued?: () => Promise<void>;
  lease?: Lease;
  /** Days a finished report's file is kept (REPORT_FILE_DAYS). */
  fileDays: number;
  /** Who an account's reports may go to (the requester, its people, confirmed addresses). */
  recipients: Pick<ReportRecipientsService, 'requireAllowed'>;
  /** REPORT_TASKS_PER_HOUR and REPORT_EMAILS_PER_HOUR (issue 24). */
  hourlyLimits: { tasks: number; emails: number };
}

const KIND = 'report';
/** Claims of one task before it is given up: a report whose worker died three times fails. */
const MAX_ATTEMPTS = 3;
/**
 * An HTML report up to this size is also the e-mail's body; a larger one only travels as the
 * attachment (the body is stored per recipient, the attachment once).
 */
const HTML_BODY_MAX_BYTES = 100_000;
const DEFAULT_SORT = { field: 'queuedTime', direction: 'desc' } as const;

/** What a worker says it is doing, with the progress it starts at. */
const STAGES = {
  starting: [2, 'Starting'],
  rainfall: [5, 'Preparing past rainfall'],
  building: [50, 'Building the report'],
  queueing: [95, 'Queueing the e-mails'],
} as const;

const cents = (dollars: number) => Math.round(dollars * 100);

function periodWords(from: string | null, to: string | null): string {
  return from && to ? (from === to ? from : `${from} to ${to}`) : '';
}

/**
 * Refuses (429, with Retry-After) a task past the account's hourly limits: REPORT_TASKS_PER_HOUR
 * tasks, or REPORT_EMAILS_PER_HOUR e-mails counting this task's recipients.
 */
export function requireHourlyRoom(
  usage: HourlyUsage,
  recipients: number,
  limits: { tasks: number; emails: number },
  now: Date,
): void {
  const message =
    usage.tasks >= limits.tasks
      ? QUOTA_MESSAGES.reportTasksPerHour(limits.tasks)
      : usage.emails + recipients > limits.emails
        ? QUOTA_MESSAGES.reportEmailsPerHour(
            recipients,
            Math.max(0, limits.emails - usage.emails),
            limits.emails,
          )
        : null;
  if (!message) return;
  const freedAt = usage.oldest ? usage.oldest.getTime() + HOUR_MS : now.getTime() + HOUR_MS;
  const retryAfter = Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
  throw new AppError(429, message, { 'retry-after': String(retryAfter) });
}

/** The task's answer (D18): its state, its messages once done, its file and fee. */
function presentTask(task: ReportTaskView): ReportTask {
  return {
    task_id: task.id,
    type: task.type,
    format: task.format,
    status: task.status,
    progress: task.progress,
    stage: task.stage,
    message_ids: task.messageIds,
    error: task.error,
    file:
      task.fileName && task.fileContentType && task.fileSize !== null
        ? { filename: task.fileName, content_type: task.fileContentType, size: task.fileSize }
        : null,
    fee: task.feeCents === null ? null : task.feeCents / 100,
    created_at: task.createdAt.toISOString(),
    finished_at: task.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Reports (issue 14, D18): requests are checked once, before anything is queued; a view (one
 * location, HTML or CSV) is built and rendered at once from what is stored (past rainfall it lacks
 * is produced by a worker meanwhile); everything e-mailed, and every
 * historical report, is a task a worker runs: it produces missing past rainfall, builds and
 * renders the report, then in one transaction stores the file, queues one e-mail per recipient
 * with the file attached, records the fee and marks the task done.
 */
export function createReportsService(db: AppDb, options: ReportsOptions) {
  const { clock, timeZone, content, render, renderTask, lease = DEFAULT_LEASE } = options;
  const tasks = createReportTasksRepository(db);
  const today = () => productDate(clock.now(), timeZone);

  /** The checks of every location report (404 for ids not the caller's first, then 403 and 400). */
  async function locationSubject(access: AccountAccess, ask: LocationReportAsk): Promise<ReportSubject> {
    const ids = [...new Set(ask.locationIds)];
    await options.locations.requireVisible(access, ids);
    const type = locationReportType(ask.path, ask.reportType, ask.from, ask.to);
    requireReportType(access.viewer, type);
    checkLocationReportDates(type, ask.from, ask.to, today(), access.viewer);
    if (ids.length === 0 && !access.viewer.isSuperuser) throw badRequest(REPORT_MESSAGES.selectLocation);
    // A superuser sees no location picker (part 2 §6): the report covers the whole account.
    const locationIds = ids.length > 0 ? ids : await options.locations.allIdsInClient(access.client.id);
    if (locationIds.length === 0) throw badRequest(REPORT_MESSAGES.selectLocation);
    return {
      type,
      access,
      from: ask.from,
      to: ask.to,
      locationIds,
      smsStatus: 'all',
      sort: DEFAULT_SORT,
      feeDollars: isHistoricalRange(ask.from) ? options.historicalFeeDollars() : null,
    };
  }

  function systemSubject(user: UserRow, ask: SystemReportAsk): ReportSubject {
    if (!user.isSuperuser) throw forbidden(REPORT_MESSAGES.systemReportsOnly);
    const from = ask.start_date ?? null;
    const to = ask.end_date ?? null;
    if (from && to) checkRange(from, to, today());
    return {
      type: ask.type,
      access: null,
      from,
      to,
      locationIds: [],
      smsStatus: ask.status ?? 'all',
      sort: {
        field: ask.sort_field ?? DEFAULT_SORT.field,
        direction: ask.sort_direction ?? ask.sort_directin ?? DEFAULT_SORT.direction,
      },
      feeDollars: null,
    };
  }

  async function buildAndRender(subject: ReportSubject, format: ReportFormat): Promise<RenderedReport> {
    return render(await content.build(subject), format);
  }

  /** The checks of every request run as a task (e-mailed or not), then the task, queued for a worker. */
  async function queueTask(
    user: UserRow,
    subject: ReportSubject,
    body: SystemReportRequest & Pick<ReportRequest, 'confirm_fee'>,
  ): Promise<string> {
    if (subject.feeDollars !== null && subject.access && !manages(subject.access)) {
      throw forbidden(REPORT_MESSAGES.historicalManagersOnly);
    }
    // E-mail is optional (issue 26): without recipients the task only makes the file to download.
    const recipients = uniqueRecipients(body.email_list);
    if (subject.access && recipients.length > 0) await requireVerifiedTrialOwner(subject.access);
    if (subject.access) await options.recipients.requireAllowed(subject.access, recipients);
    const params: ReportTaskParams = {
      from: subject.from,
      to: subject.to,
      locationIds: subject.locationIds,
      smsStatus: subject.smsStatus,
      sort: subject.sort,
      emailList: recipients,
    };
    const task: NewReportTask = {
      clientId: subject.access?.client.id ?? null,
      requestedBy: user.id,
      type: subject.type,
      format: body.email_format,
      params,
      feeCents: null,
      createdAt: clock.now(),
    };
    const id = task.clientId
      ? await insertWithinHourlyLimits(task.clientId, task, subject.feeDollars, body.confirm_fee === true)
      : await tasks.insert(task);
    await options.onTaskQueued?.();
    return id;
  }

  /**
   * The fee a historical request pays, in cents: nothing when the account has paid for all its
   * locations and days already (`paid-periods.ts`), otherwise the whole fee.
   */
  async function dueFeeCents(
    repository: ReturnType<typeof createReportTasksRepository>,
    clientId: number,
    period: Period,
    feeDollars: number,
  ): Promise<number> {
    return isPaidFor(await repository.paidPeriods(clientId), period) ? 0 : cents(feeDollars);
  }

  /** A trial's messages wait for its owner's verified address (as its alerts do, monitoredClient). */
  async function requireVerifiedTrialOwner({ client }: AccountAccess): Promise<void> {
    if (!client.isTrialAccount || client.ownerUserId === null) return;
    const owner = await options.users.findById(client.ownerUserId);
    if (owner && !owner.isVerified) throw forbidden(REPORT_MESSAGES.trialOwnerUnverified);
  }

  /**
   * Counts the account's tasks and e-mails of the last hour, decides a historical request's fee
   * and inserts the task in one transaction under the account's lock, so requests at once can
   * neither pass the limits nor both pay for the same period.
   */
  async function insertWithinHourlyLimits(
    clientId: number,
    task: NewReportTask,
    feeDollars: number | null,
    feeConfirmed: boolean,
  ): Promise<string> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      await lockAccountQuota(tx, clientId);
      const txTasks = createReportTasksRepository(tx);
      const { params } = task;
      const feeCents =
        feeDollars === null || !params.from || !params.to
          ? null
          : await dueFeeCents(txTasks, clientId, { ...params, from: params.from, to: params.to }, feeDollars);
      if (feeCents && !feeConfirmed) throw badRequest(REPORT_MESSAGES.confirmHistorical);
      const usage = await txTasks.usageSince(clientId, new Date(now.getTime() - HOUR_MS));
      requireHourlyRoom(usage, params.emailList.length, options.hourlyLimits, now);
      return txTasks.insert({ ...task, feeCents });
    });
  }

  /** A task the caller may follow: its requester's, or one of an account the caller manages. */
  async function readableTask(user: UserRow, id: string): Promise<ReportTaskView> {
    const task = await tasks.find(id);
    if (!task || !(await mayFollow(user, task))) throw notFound(REPORT_MESSAGES.taskNotFound);
    return task;
  }

  async function mayFollow(user: UserRow, task: ReportTaskView): Promise<boolean> {
    if (task.requestedBy === user.id) return true;
    const access = await accountAccess(user, task);
    return access !== null && manages(access);
  }

  /** The caller's access to the task's account; null for a system report or an account not theirs. */
  async function accountAccess(user: UserRow, task: ReportTaskView): Promise<AccountAccess | null> {
    if (task.clientId === null) return null;
    return options.accounts.accessFor(user, task.clientId).catch(() => null);
  }

  /**
   * The file holds rainfall: the account's managers download it, and its requester while they
   * still see what it covers (a contact unassigned from its locations, a user removed from the
   * account or no longer a superuser does not).
   */
  async function mayDownload(user: UserRow, task: ReportTaskView): Promise<boolean> {
    if (task.clientId === null) return task.requestedBy === user.id && user.isSuperuser;
    const access = await accountAccess(user, task);
    if (!access) return false;
    if (manages(access)) return true;
    if (task.requestedBy !== user.id) return false;
    return options.locations.requireVisible(access, task.params.locationIds).then(
      () => true,
      () => false,
    );
  }

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

  /**
   * The report's days older than what ingestion has stored (the historical window, and months
   * before the ingest window): the chosen locations' rainfall of those days is produced first.
   */
  /** The days of the period older than the ingest window, whose rainfall is produced on demand. */
  async function pastRainfallAsk(subject: ReportSubject): Promise<PastRainfallAsk | null> {
    if (isSystemReport(subject.type) || !subject.from || !subject.to) return null;
    const product = subject.type === 'rapidrain' ? '15m' : '1h';
    const lastPastDay = await options.ingestion.lastDayBeforeIngested(product, timeZone);
    const to = [subject.to, lastPastDay].sort()[0] ?? subject.to;
    if (subject.from > to) return null;
    return { product, locationIds: subject.locationIds, from: subject.from, to };
  }

  /** A task produces the missing past rainfall itself, in its worker. */
  async function preparePastRainfall(
    subject: ReportSubject,
    report: (share: number) => Promise<void> = async () => {},
  ): Promise<void> {
    const ask = await pastRainfallAsk(subject);
    if (ask) await options.pastRainfall.ensureStored(ask.product, ask.locationIds, ask.from, ask.to, report);
  }

  /**
   * A view is answered from what is stored: past rainfall not produced yet is asked of a worker,
   * and the view says it is being prepared.
   */
  async function viewSubject(subject: ReportSubject): Promise<ReportSubject> {
    const ask = await pastRainfallAsk(subject);
    if (!ask) return subject;
    const produced = await options.pastRainfall.producedUntil(ask.product, ask.locationIds, ask.from, ask.to);
    if (produced === ask.to) return subject;
    await options.onPastRainfallWanted?.(ask);
    return { ...subject, pastRainfallPreparing: true };
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
    /** GET of a location report: one location, built and rendered at once (HTML or CSV). */
    async viewLocationReport(
      access: AccountAccess,
      ask: LocationReportAsk,
      format: 'html' | 'csv',
    ): Promise<RenderedReport> {
      const subject = await locationSubject(access, ask);
      if (subject.feeDollars !== null) throw badRequest(REPORT_MESSAGES.historicalRunsAsJob);
      return buildAndRender(await viewSubject(subject), format);
    },

    /**
     * What a location request would be charged now (issue 26): the historical fee, or nothing
     * when the range is not historical or the account already paid for its locations and days.
     */
    async feeQuote(access: AccountAccess, ask: LocationReportAsk): Promise<HistoricalFeeQuote> {
      const subject = await locationSubject(access, ask);
      if (subject.feeDollars === null) return { historical: false, fee: 0, already_paid: false };
      const period = { from: ask.from, to: ask.to, locationIds: subject.locationIds };
      const due = await dueFeeCents(tasks, access.client.id, period, subject.feeDollars);
      return { historical: true, fee: due / 100, already_paid: due === 0 };
    },

    /** POST of a location report: checked, then queued as a task (D18). */
    async submitLocationReport(access: AccountAccess, ask: LocationReportAsk, body: ReportRequest) {
      const subject = await locationSubject(access, ask);
      return queueTask(access.user, subject, body);
    },

    /** GET of a system report (superusers): HTML or CSV at once; PDF and Excel are made as a task. */
    async viewSystemReport(
      user: UserRow,
      ask: SystemReportAsk,
      format: ReportFormat,
    ): Promise<RenderedReport> {
      const subject = systemSubject(user, ask);
      if (format !== 'html' && format !== 'csv') throw badRequest(REPORT_MESSAGES.preparedFormats);
      return buildAndRender(subject, format);
    },

    async submitSystemReport(user: UserRow, ask: SystemReportAsk, body: SystemReportRequest) {
      return queueTask(user, systemSubject(user, ask), body);
    },

    async task(user: UserRow, id: string): Promise<ReportTask> {
      return presentTask(await readableTask(user, id));
    },

    /** The rendered file of a done task: 409 while it is being made, 404 when it failed. */
    async taskFile(user: UserRow, id: string): Promise<RenderedReport> {
      const task = await readableTask(user, id);
      if (task.status === 'queued' || task.status === 'running') throw conflict(REPORT_MESSAGES.fileNotReady);
      if (task.status === 'done' && !(await mayDownload(user, task)))
        throw forbidden(REPORT_MESSAGES.accessLost);
      const file = task.status === 'done' ? await tasks.file(id) : null;
      if (!file && task.status === 'done' && task.fileName) throw gone(REPORT_MESSAGES.fileNoLongerKept);
      if (!file) throw notFound(REPORT_MESSAGES.fileNotReady);
      return file;
    },

    /** Drops the files of reports finished more than REPORT_FILE_DAYS ago; answers how many. */
    async forgetOldFiles(): Promise<number> {
      return tasks.forgetFilesFinishedBefore(new Date(clock.now().getTime() - options.fileDays * DAY_MS));
    },

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

export type ReportsService = ReturnType<typeof createReportsService>;

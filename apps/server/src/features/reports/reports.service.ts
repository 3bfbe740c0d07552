import {
  type EmailsReportQuery,
  type HistoricalFeeQuote,
  isHistoricalRange,
  REPORT_MESSAGES,
  type ReportFormat,
  type ReportRequest,
  type ReportTask,
  readsRainfall,
  type SmsStatusFilter,
  type SystemReportRequest,
  type SystemReportType,
} from '@pluvio/shared/reports';
import { type AccountAccess, manages } from '../../core/access';
import type { AppDb } from '../../core/db/client';
import { badRequest, conflict, forbidden, gone, notFound } from '../../core/lib/errors';
import { DAY_MS, productDate } from '../../core/lib/time';
import type { UserRow } from '../../core/tables/users';
import type { RenderedReport, ReportSubject } from './report-document';
import { createReportPastRainfall } from './report-past-rainfall';
import {
  checkLocationReportDates,
  checkRange,
  type DateRangeReportType,
  type LocationReportPath,
  locationReportType,
  requireReportType,
} from './report-request';
import { createReportTaskQueue } from './report-task-queue';
import { createReportTasksRepository, type ReportTaskView } from './report-tasks.repository';
import { createReportWorker } from './report-worker';
import type { ReportsOptions } from './reports.options';

export type { ReportRenderer, ReportsOptions } from './reports.options';

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
  page_size?: number;
  page_number?: number;
}

/** The page a delivery report's request asks for: `page_size` rows (250 when only the number is given) of page `page_number`. */
function pageAsked(ask: SystemReportAsk): ReportSubject['page'] {
  if (ask.page_size === undefined && ask.page_number === undefined) return undefined;
  return { size: ask.page_size ?? DEFAULT_PAGE_SIZE, number: ask.page_number ?? 1 };
}

const DEFAULT_SORT = { field: 'queuedTime', direction: 'desc' } as const;
/** The old client's page size (part 2 §9). */
const DEFAULT_PAGE_SIZE = 250;

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
 * is produced by a worker meanwhile; a historical view also queues the task that records its
 * fee); everything e-mailed, and every other historical report, is a task a worker runs: it
 * produces missing past rainfall, builds and renders the report, then in one transaction stores
 * the file, queues one e-mail per recipient with the file attached, records the fee and marks
 * the task done.
 */
export function createReportsService(db: AppDb, options: ReportsOptions) {
  const { clock, timeZone, content, render } = options;
  const tasks = createReportTasksRepository(db);
  const today = () => productDate(clock.now(), timeZone);
  const { preparePastRainfall, viewSubject } = createReportPastRainfall(options);
  const { queueTask, chargeView, dueFeeCents } = createReportTaskQueue(db, options);
  const worker = createReportWorker(db, options, preparePastRainfall);

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
      feeDollars: readsRainfall(type) && isHistoricalRange(ask.from) ? options.historicalFeeDollars() : null,
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
      page: pageAsked(ask),
      feeDollars: null,
    };
  }

  async function buildAndRender(subject: ReportSubject, format: ReportFormat): Promise<RenderedReport> {
    return render(await content.build(subject), format);
  }

  /** A task the caller may follow: its requester's, or one of an account the caller manages. */
  /**
   * The task, for its requester or a manager of its account; `onlyClientId` (an API key's
   * account) hides every other account's tasks, even those of the same owner.
   */
  async function readableTask(user: UserRow, id: string, onlyClientId?: number): Promise<ReportTaskView> {
    const task = await tasks.find(id);
    const outOfScope = onlyClientId !== undefined && task?.clientId !== onlyClientId;
    if (!task || outOfScope || !(await mayFollow(user, task))) throw notFound(REPORT_MESSAGES.taskNotFound);
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

  return {
    /**
     * GET of a location report: one location, built and rendered at once (HTML or CSV) from what
     * is stored. A historical range is the old client's request and confirmation at once (D21):
     * its fee is recorded as a confirmed POST's, once per period, and the report says it.
     */
    async viewLocationReport(
      access: AccountAccess,
      ask: LocationReportAsk,
      format: 'html' | 'csv',
    ): Promise<RenderedReport> {
      const subject = await locationSubject(access, ask);
      const charged =
        subject.feeDollars === null
          ? subject
          : { ...subject, feeDollars: await chargeView(access.user, { ...subject, access }, format) };
      return buildAndRender(await viewSubject(charged), format);
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

    async task(user: UserRow, id: string, onlyClientId?: number): Promise<ReportTask> {
      return presentTask(await readableTask(user, id, onlyClientId));
    },

    /** The rendered file of a done task: 409 while it is being made, 404 when it failed. */
    async taskFile(user: UserRow, id: string, onlyClientId?: number): Promise<RenderedReport> {
      const task = await readableTask(user, id, onlyClientId);
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

    /** Runs every task waiting, one claimed task at a time (report-worker.ts). */
    runDue: worker.runDue,
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

import { QUOTA_MESSAGES } from '@pluvio/shared/quotas';
import {
  REPORT_MESSAGES,
  type ReportFormat,
  type ReportRequest,
  type SystemReportRequest,
} from '@pluvio/shared/reports';
import { type AccountAccess, manages } from '../../core/access';
import { lockAccountQuota } from '../../core/db/account-lock';
import type { AppDb } from '../../core/db/client';
import { AppError, badRequest, forbidden } from '../../core/lib/errors';
import { HOUR_MS } from '../../core/lib/time';
import type { ReportTaskParams } from '../../core/tables/reports';
import type { UserRow } from '../../core/tables/users';
import { isPaidFor, type Period } from './paid-periods';
import type { ReportSubject } from './report-document';
import { uniqueRecipients } from './report-request';
import { createReportTasksRepository, type HourlyUsage, type NewReportTask } from './report-tasks.repository';
import type { ReportsOptions } from './reports.options';

const cents = (dollars: number) => Math.round(dollars * 100);

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

/**
 * Queueing a task: the checks of every request run as a task (managers only for a historical fee,
 * a verified trial owner and allowed recipients for e-mail), the account's hourly limits and the
 * fee due, all decided in the transaction that inserts the task.
 */
export function createReportTaskQueue(
  db: AppDb,
  options: Pick<ReportsOptions, 'clock' | 'users' | 'recipients' | 'hourlyLimits' | 'onTaskQueued'>,
) {
  const { clock } = options;
  const tasks = createReportTasksRepository(db);

  /**
   * The checks of every request run as a task (e-mailed or not), then the task, queued for a
   * worker. A historical fee due needs `confirm_fee`: our web client sends it true once the user
   * confirmed, false otherwise (refused); the old client never sends it, as its own form asked
   * for the confirmation, so its request is the confirmation (D21, decision 0011).
   */
  async function queueTask(
    user: UserRow,
    subject: ReportSubject,
    body: SystemReportRequest & Pick<ReportRequest, 'confirm_fee'>,
  ): Promise<string> {
    requireManagerForFee(subject);
    // E-mail is optional (issue 26): without recipients the task only makes the file to download.
    const recipients = uniqueRecipients(body.email_list);
    if (subject.access && recipients.length > 0) await requireVerifiedTrialOwner(subject.access);
    if (subject.access) await options.recipients.requireAllowed(subject.access, recipients);
    const task = newTask(user, subject, body.email_format, recipients);
    const feeConfirmed = body.confirm_fee !== false;
    const admit = (feeCents: number | null) => {
      if (feeCents && !feeConfirmed) throw badRequest(REPORT_MESSAGES.confirmHistorical);
      return true;
    };
    const id = task.clientId
      ? (await insertWithinHourlyLimits(task.clientId, task, subject.feeDollars, admit)).id
      : await tasks.insert(task);
    if (!id) throw new Error('a queued report task has no id');
    await options.onTaskQueued?.();
    return id;
  }

  /**
   * The fee of a historical view (the old client's GET, D21: the request is the confirmation),
   * recorded as a confirmed POST records it: a task without recipients, whose file (the view's
   * format) the account may download and whose charge is booked when it is done. A period paid
   * for already queues nothing. Answers the fee charged now, in dollars (0 when already paid).
   */
  async function chargeView(
    user: UserRow,
    subject: ReportSubject & { access: AccountAccess },
    format: ReportFormat,
  ): Promise<number> {
    requireManagerForFee(subject);
    const task = newTask(user, subject, format, []);
    const { id, feeCents } = await insertWithinHourlyLimits(
      subject.access.client.id,
      task,
      subject.feeDollars,
      (due) => (due ?? 0) > 0,
    );
    if (id) await options.onTaskQueued?.();
    return (feeCents ?? 0) / 100;
  }

  function requireManagerForFee(subject: ReportSubject): void {
    if (subject.feeDollars !== null && subject.access && !manages(subject.access)) {
      throw forbidden(REPORT_MESSAGES.historicalManagersOnly);
    }
  }

  function newTask(
    user: UserRow,
    subject: ReportSubject,
    format: ReportFormat,
    recipients: string[],
  ): NewReportTask {
    const params: ReportTaskParams = {
      from: subject.from,
      to: subject.to,
      locationIds: subject.locationIds,
      smsStatus: subject.smsStatus,
      sort: subject.sort,
      ...(subject.page ? { page: subject.page } : {}),
      emailList: recipients,
    };
    return {
      clientId: subject.access?.client.id ?? null,
      requestedBy: user.id,
      type: subject.type,
      format,
      params,
      feeCents: null,
      createdAt: clock.now(),
    };
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
   * neither pass the limits nor both pay for the same period. `admit` sees the fee due (cents,
   * null when not historical) and says whether to insert (or throws); answers the task's id
   * (null when not admitted) and its fee.
   */
  async function insertWithinHourlyLimits(
    clientId: number,
    task: NewReportTask,
    feeDollars: number | null,
    admit: (feeCents: number | null) => boolean,
  ): Promise<{ id: string | null; feeCents: number | null }> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      await lockAccountQuota(tx, clientId);
      const txTasks = createReportTasksRepository(tx);
      const { params } = task;
      const feeCents =
        feeDollars === null || !params.from || !params.to
          ? null
          : await dueFeeCents(txTasks, clientId, { ...params, from: params.from, to: params.to }, feeDollars);
      if (!admit(feeCents)) return { id: null, feeCents };
      const usage = await txTasks.usageSince(clientId, new Date(now.getTime() - HOUR_MS));
      requireHourlyRoom(usage, params.emailList.length, options.hourlyLimits, now);
      return { id: await txTasks.insert({ ...task, feeCents }), feeCents };
    });
  }

  return { queueTask, chargeView, dueFeeCents };
}

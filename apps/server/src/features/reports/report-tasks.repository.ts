import { and, eq, getTableColumns, gt, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { byteaContent } from '../../core/db/bytea';
import type { AppDb } from '../../core/db/client';
import { type ReportTaskRow, reportTasks } from '../../core/tables/reports';
import type { Period } from './paid-periods';
import type { RenderedReport } from './report-document';

export type NewReportTask = Pick<
  typeof reportTasks.$inferInsert,
  'clientId' | 'requestedBy' | 'type' | 'format' | 'params' | 'feeCents' | 'createdAt'
>;

/** A task as read for its status: every column but the file, whose size comes instead. */
export type ReportTaskView = Omit<ReportTaskRow, 'fileContent'> & { fileSize: number | null };

/** What an account asked for in the last hour, and when its oldest request of that hour leaves it. */
export interface HourlyUsage {
  tasks: number;
  emails: number;
  oldest: Date | null;
}

/** A task as one worker claimed it: `attempts` tells this claim from a later one. */
export type TaskClaim = Pick<ReportTaskRow, 'id' | 'attempts'>;

const { fileContent: _content, ...viewColumns } = getTableColumns(reportTasks);

/** Only the worker holding the current claim may move a task on. */
function heldBy(claim: TaskClaim) {
  return and(
    eq(reportTasks.id, claim.id),
    eq(reportTasks.attempts, claim.attempts),
    eq(reportTasks.status, 'running'),
  );
}

export function createReportTasksRepository(db: AppDb) {
  return {
    async insert(values: NewReportTask): Promise<string> {
      const [row] = await db.insert(reportTasks).values(values).returning({ id: reportTasks.id });
      if (!row) throw new Error('report task insert returned nothing');
      return row.id;
    },

    /** The account's tasks asked for since `since`, their recipients, and the oldest one's time. */
    async usageSince(clientId: number, since: Date): Promise<HourlyUsage> {
      const [row] = await db
        .select({
          tasks: sql<number>`count(*)::int`,
          emails: sql<number>`coalesce(sum(jsonb_array_length(${reportTasks.params}->'emailList')), 0)::int`,
          oldest: sql<string | null>`min(${reportTasks.createdAt})`,
        })
        .from(reportTasks)
        .where(and(eq(reportTasks.clientId, clientId), gte(reportTasks.createdAt, since)));
      return {
        tasks: row?.tasks ?? 0,
        emails: row?.emails ?? 0,
        oldest: row?.oldest ? new Date(row.oldest) : null,
      };
    },

    /**
     * The locations and days of the account's historical reports that charge the fee and have
     * not failed (done, or still being made), which later requests need not pay for again.
     */
    async paidPeriods(clientId: number): Promise<Period[]> {
      const rows = await db
        .select({ params: reportTasks.params })
        .from(reportTasks)
        .where(
          and(
            eq(reportTasks.clientId, clientId),
            gt(reportTasks.feeCents, 0),
            ne(reportTasks.status, 'failed'),
          ),
        );
      return rows.flatMap(({ params: { from, to, locationIds } }) =>
        from && to ? [{ from, to, locationIds }] : [],
      );
    },

    async find(id: string): Promise<ReportTaskView | null> {
      const [row] = await db
        .select({ ...viewColumns, fileSize: sql<number | null>`octet_length(${reportTasks.fileContent})` })
        .from(reportTasks)
        .where(eq(reportTasks.id, id));
      return row ?? null;
    },

    /** Drops the files of tasks finished before `cutoff` (the task stays, with its file's name). */
    async forgetFilesFinishedBefore(cutoff: Date): Promise<number> {
      const rows = await db
        .update(reportTasks)
        .set({ fileContent: null })
        .where(and(isNotNull(reportTasks.fileContent), lt(reportTasks.finishedAt, cutoff)))
        .returning({ id: reportTasks.id });
      return rows.length;
    },

    async file(id: string): Promise<RenderedReport | null> {
      const [row] = await db
        .select({
          filename: reportTasks.fileName,
          contentType: reportTasks.fileContentType,
          content: byteaContent(reportTasks.fileContent),
        })
        .from(reportTasks)
        .where(eq(reportTasks.id, id));
      if (!row?.filename || !row.contentType || !row.content) return null;
      return { filename: row.filename, contentType: row.contentType, content: row.content };
    },

    /**
     * Claims the oldest task that is queued, or running under a lease that lapsed (its worker
     * died) and claimed fewer than `maxAttempts` times, until `leaseUntil`. SKIP LOCKED lets
     * workers claim side by side.
     */
    async claimNext(now: Date, leaseUntil: Date, maxAttempts: number): Promise<ReportTaskRow | null> {
      const [row] = await db
        .update(reportTasks)
        .set({
          status: 'running',
          leaseUntil,
          attempts: sql`${reportTasks.attempts} + 1`,
          startedAt: sql`coalesce(${reportTasks.startedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(
          sql`${reportTasks.id} = (
            select id from report_tasks
             where status = 'queued'
                or (status = 'running' and lease_until < ${now.toISOString()} and attempts < ${maxAttempts})
             order by created_at
             limit 1
             for update skip locked)`,
        )
        .returning();
      return row ?? null;
    },

    /**
     * Fails the tasks whose workers died `maxAttempts` times (a report that brings its worker down
     * would otherwise be taken up for ever); answers how many.
     */
    async failAbandoned(now: Date, maxAttempts: number, error: string): Promise<number> {
      const failed = await db
        .update(reportTasks)
        .set({ status: 'failed', stage: null, error, leaseUntil: null, finishedAt: now })
        .where(
          and(
            eq(reportTasks.status, 'running'),
            lt(reportTasks.leaseUntil, now),
            gte(reportTasks.attempts, maxAttempts),
          ),
        )
        .returning({ id: reportTasks.id });
      return failed.length;
    },

    async renewClaim(claim: TaskClaim, leaseUntil: Date): Promise<void> {
      await db.update(reportTasks).set({ leaseUntil }).where(heldBy(claim));
    },

    async setProgress(claim: TaskClaim, progress: number, stage: string): Promise<void> {
      await db.update(reportTasks).set({ progress, stage }).where(heldBy(claim));
    },

    /** Locks the task for the closing transaction; false when this claim no longer holds it. */
    async lockHeld(claim: TaskClaim): Promise<boolean> {
      const rows = await db
        .select({ id: reportTasks.id })
        .from(reportTasks)
        .where(heldBy(claim))
        .for('update');
      return rows.length > 0;
    },

    async finish(claim: TaskClaim, file: RenderedReport, messageIds: number[], now: Date): Promise<void> {
      await db
        .update(reportTasks)
        .set({
          status: 'done',
          progress: 100,
          stage: null,
          error: null,
          messageIds,
          fileName: file.filename,
          fileContentType: file.contentType,
          fileContent: file.content,
          leaseUntil: null,
          finishedAt: now,
        })
        .where(heldBy(claim));
    },

    async fail(claim: TaskClaim, error: string, now: Date): Promise<void> {
      await db
        .update(reportTasks)
        .set({ status: 'failed', stage: null, error, leaseUntil: null, finishedAt: now })
        .where(heldBy(claim));
    },
  };
}

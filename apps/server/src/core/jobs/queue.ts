import { type ConstructorOptions, fromPglite, PgBoss, type UpdateQueueOptions } from 'pg-boss';
import type { Database } from '../db/client';
import { DEFAULT_LEASE } from '../lib/lease';

/** A background job described as data: its queue, optional schedule, and idempotent handler. */
export interface JobDefinition {
  name: string;
  /** Cron expression, evaluated in `timeZone` (default UTC). */
  cron?: string;
  timeZone?: string;
  /** Also sent once when a worker starts (several workers may each send it: handlers are idempotent). */
  atStart?: boolean;
  /** Sent when there is work (a report queued, a message to send): looked for every second. */
  sentOnDemand?: boolean;
  /** pg-boss settings of the job's queue, applied to an existing queue too. */
  queue?: UpdateQueueOptions;
  handler: (data: unknown) => Promise<void>;
}

/**
 * For jobs that claim shared work under leases (core/lib/lease.ts): a running job sends heartbeats,
 * so one whose worker died is failed about 30 s after its last one (once pg-boss's supervisor
 * looks, at most a minute later) instead of at its 15-minute expiry, and retried once the
 * claims it held have lapsed, on whichever worker is alive or started again.
 */
export const RETRIED_WHEN_ITS_WORKER_DIES: UpdateQueueOptions = {
  heartbeatSeconds: 30,
  retryDelay: DEFAULT_LEASE.ms / 1000,
};

export type QueueRole = 'producer' | 'worker';

/**
 * How often a worker looks for a job that only its schedule sends: a few seconds late is nothing
 * for a job due every minute or hour, and every look is a query (on the embedded database, one
 * connection shared with the API).
 */
const SCHEDULED_POLL_SECONDS = 10;

/**
 * pg-boss on the app's own database. A producer only sends; a worker also takes jobs and keeps
 * the schedules. pg-boss hands each job to exactly one worker, however many processes run.
 */
export async function startQueue(
  database: Database,
  role: QueueRole,
  onError: (error: Error) => void,
  /** pg-boss's own timings (tests shorten the supervisor's rounds, which find jobs whose heartbeats stopped). */
  tuning: Pick<ConstructorOptions, 'superviseIntervalSeconds' | 'monitorIntervalSeconds'> = {},
) {
  const workerOptions = role === 'worker' ? tuning : { supervise: false, schedule: false };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...workerOptions })
      : new PgBoss({ connectionString: database.connectionString, max: 4, ...workerOptions });
  boss.on('error', onError);
  await boss.start();
  return boss;
}

export async function registerJobs(boss: PgBoss, jobs: readonly JobDefinition[], withWorkers: boolean) {
  for (const job of jobs) {
    await boss.createQueue(job.name);
    if (job.queue) await boss.updateQueue(job.name, job.queue);
    if (!withWorkers) continue;
    const pollingIntervalSeconds = job.sentOnDemand ? 1 : SCHEDULED_POLL_SECONDS;
    await boss.work(job.name, { batchSize: 10, pollingIntervalSeconds }, async (batch) => {
      for (const item of batch) await job.handler(item.data);
    });
    if (job.cron) await boss.schedule(job.name, job.cron, null, { tz: job.timeZone ?? 'UTC' });
    if (job.atStart) await boss.send(job.name, null);
  }
}

/** A queue's jobs by state, as pg-boss counts them (its supervisor refreshes the counts every minute). */
export interface QueueCounts {
  queue: string;
  /** Waiting and due now: the backlog. */
  ready: number;
  /** Waiting for a later start (a retry's delay, a scheduled time). */
  deferred: number;
  active: number;
  /** Failed for good, while pg-boss keeps them (its retention). */
  failed: number;
}

export async function queueCounts(boss: PgBoss): Promise<QueueCounts[]> {
  const queues = await boss.getQueues();
  return queues.map((queue) => ({
    queue: queue.name,
    ready: queue.readyCount,
    deferred: queue.deferredCount,
    active: queue.activeCount,
    failed: queue.failedCount,
  }));
}

/**
 * What the soak measures once its load stops: requests and errors against the disruption windows,
 * latency, e-mails queued in the outbox against those the SMTP sink received, and the work in
 * flight on the killed worker that another one finished.
 */
import pg from 'pg';
import type { RequestRecord } from './soak-traffic';

/** A time when errors are expected: the database restarting, or one API process gone. */
export interface Window {
  label: string;
  /** Milliseconds since the soak's start. */
  from: number;
  to: number;
  /** Only requests to this API slot fall in the window; undefined: every request. */
  api?: number;
}

const isError = (record: RequestRecord) => record.status === 0 || record.status >= 400;

function overlaps(record: RequestRecord, window: Window): boolean {
  if (window.api !== undefined && record.api !== window.api) return false;
  return record.start <= window.to && record.end >= window.from;
}

export function windowOf(record: RequestRecord, windows: readonly Window[]): Window | undefined {
  return windows.find((window) => overlaps(record, window));
}

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

function latencies(records: readonly RequestRecord[]): number[] {
  return records.map((record) => record.end - record.start).sort((a, b) => a - b);
}

export interface RequestFigures {
  requests: number;
  errors: number;
  errorsOutside: number;
  errorsByWindow: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  /** A few errors outside every window, for the report. */
  outsideSamples: RequestRecord[];
}

export function requestFigures(
  records: readonly RequestRecord[],
  windows: readonly Window[],
): RequestFigures {
  const counted = records.filter((record) => record.op !== 'setup');
  const errors = counted.filter(isError);
  const outside = errors.filter((record) => !windowOf(record, windows));
  const errorsByWindow: Record<string, number> = {};
  for (const record of errors) {
    const window = windowOf(record, windows);
    if (window) errorsByWindow[window.label] = (errorsByWindow[window.label] ?? 0) + 1;
  }
  const sorted = latencies(counted);
  return {
    requests: counted.length,
    errors: errors.length,
    errorsOutside: outside.length,
    errorsByWindow,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    outsideSamples: outside.slice(0, 10),
  };
}

/** Per route: count, errors (all, and outside the windows), p50 and p99. */
export function routeRows(records: readonly RequestRecord[], windows: readonly Window[]) {
  const byOp = new Map<string, RequestRecord[]>();
  for (const record of records) {
    if (record.op === 'setup') continue;
    const rows = byOp.get(record.op);
    if (rows) rows.push(record);
    else byOp.set(record.op, [record]);
  }
  return [...byOp].map(([op, rows]) => {
    const sorted = latencies(rows);
    const errors = rows.filter(isError);
    return {
      route: op,
      requests: rows.length,
      errors: errors.length,
      'errors outside windows': errors.filter((record) => !windowOf(record, windows)).length,
      'p50 ms': percentile(sorted, 0.5),
      'p99 ms': percentile(sorted, 0.99),
    };
  });
}

export interface ReceivedMail {
  messageId: string | null;
  /** Its place in the order received. */
  at: number;
}

/** The outbox key a Message-ID carries (`<key@domain>`, outbox.service's messageIdOf). */
export function outboxKeyOf(messageId: string | null): string | null {
  return /^<([^@>]+)@/.exec(messageId ?? '')?.[1] ?? null;
}

export function messageIdOf(raw: string): string | null {
  return /^message-id:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1] ?? null;
}

export interface InFlight {
  reportTasks: { id: string; attempts: number }[];
  outbox: { id: number; attempts: number; key: string }[];
  jobs: { id: string; name: string; retryCount: number }[];
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The work claimed at this moment: running report tasks, e-mails being sent, active jobs. */
export function inFlight(url: string): Promise<InFlight> {
  return withClient(url, async (client) => {
    const reportTasks = await client.query(`select id, attempts from report_tasks where status = 'running'`);
    const outbox = await client.query(
      `select id, attempts, idempotency_key as key from outbox where status = 'sending'`,
    );
    const jobs = await client.query(
      `select id, name, retry_count as "retryCount" from pgboss.job where state = 'active'`,
    );
    return { reportTasks: reportTasks.rows, outbox: outbox.rows, jobs: jobs.rows };
  });
}

/** How many report tasks are running now. */
export function runningTasks(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `select count(*)::int as n from report_tasks where status = 'running'`,
    );
    return (rows[0] as { n: number }).n;
  });
}

/** E-mails still to send and report tasks still to run. */
export function openWork(url: string): Promise<{ mail: number; tasks: number }> {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `select (select count(*) from outbox where channel = 'email' and status in ('queued', 'sending'))::int as mail,
              (select count(*) from report_tasks where status in ('queued', 'running'))::int as tasks`,
    );
    return rows[0] as { mail: number; tasks: number };
  });
}

export interface MailFigures {
  queued: number;
  byStatus: Record<string, number>;
  received: number;
  uniqueReceived: number;
  duplicates: number;
  /** Duplicates of messages that were being sent when the worker was killed or the database stopped. */
  duplicatesInFlight: number;
  /** Duplicates of messages claimed more than once: sent again, same Message-ID, after a takeover. */
  duplicatesResent: number;
  /** Sent or queued e-mails the sink never received. */
  lost: number;
  /** Received messages no outbox row explains. */
  unknown: number;
  /** Outbox rows sent after more than one claim (a takeover after a crash, or a retry). */
  reclaimed: number;
}

export async function mailFigures(
  url: string,
  received: readonly ReceivedMail[],
  inFlightKeys: ReadonlySet<string>,
): Promise<MailFigures> {
  const rows = await withClient(url, async (client) => {
    const result = await client.query(
      `select idempotency_key as key, status, attempts from outbox where channel = 'email'`,
    );
    return result.rows as { key: string; status: string; attempts: number }[];
  });
  const byStatus: Record<string, number> = {};
  for (const row of rows) byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
  const counts = new Map<string, number>();
  for (const mail of received) {
    const key = outboxKeyOf(mail.messageId) ?? `no-id-${mail.at}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const known = new Set(rows.map((row) => row.key));
  const doubled = [...counts].filter(([, count]) => count > 1);
  return {
    queued: rows.filter((row) => row.status !== 'held').length,
    byStatus,
    received: received.length,
    uniqueReceived: counts.size,
    duplicates: doubled.reduce((sum, [, count]) => sum + count - 1, 0),
    duplicatesInFlight: doubled.filter(([key]) => inFlightKeys.has(key)).length,
    duplicatesResent: doubled.filter(([key]) => rows.some((row) => row.key === key && row.attempts > 1))
      .length,
    lost: rows.filter((row) => row.status !== 'held' && !counts.has(row.key)).length,
    unknown: [...counts.keys()].filter((key) => !known.has(key)).length,
    reclaimed: rows.filter((row) => row.status === 'sent' && row.attempts > 1).length,
  };
}

export interface ResumedFigures {
  /** Report tasks running at the kill, finished by a later claim. */
  tasksInFlight: number;
  tasksResumed: number;
  /** Finished by the claim they had at the kill: the surviving worker's. */
  tasksDoneByFirstClaim: number;
  tasksFailed: number;
  tasksOpen: number;
  /** E-mails being sent at the kill, sent by a later claim. */
  mailInFlight: number;
  mailResumed: number;
  mailSentByFirstClaim: number;
  mailOpen: number;
  /** pg-boss jobs active at the kill: retried and completed, completed without retry, still open. */
  jobsInFlight: number;
  jobsRetriedCompleted: number;
  jobsCompleted: number;
  jobsOpen: { name: string; state: string }[];
}

/** What became of the work claimed at the kill (`before`). */
export function resumedFigures(url: string, before: InFlight): Promise<ResumedFigures> {
  return withClient(url, async (client) => {
    const tasks = await client.query(`select id, status, attempts from report_tasks where id = any($1)`, [
      before.reportTasks.map((task) => task.id),
    ]);
    const mail = await client.query(`select id, status, attempts from outbox where id = any($1)`, [
      before.outbox.map((row) => row.id),
    ]);
    const jobs = await client.query(
      `select id, name, state, retry_count from pgboss.job where id = any($1)`,
      [before.jobs.map((job) => job.id)],
    );
    const attemptsBefore = new Map<string | number, number>([
      ...before.reportTasks.map((task) => [task.id, task.attempts] as const),
      ...before.outbox.map((row) => [row.id, row.attempts] as const),
    ]);
    const later = (row: { id: string | number; attempts: number }) =>
      row.attempts > (attemptsBefore.get(row.id) ?? Number.POSITIVE_INFINITY);
    const retryBefore = new Map(before.jobs.map((job) => [job.id, job.retryCount]));
    type JobRow = { id: string; name: string; state: string; retry_count: number };
    const jobRows = jobs.rows as JobRow[];
    const retried = (job: JobRow) => job.retry_count > (retryBefore.get(job.id) ?? 0);
    return {
      tasksInFlight: before.reportTasks.length,
      tasksResumed: tasks.rows.filter((row) => row.status === 'done' && later(row)).length,
      tasksDoneByFirstClaim: tasks.rows.filter((row) => row.status === 'done' && !later(row)).length,
      tasksFailed: tasks.rows.filter((row) => row.status === 'failed').length,
      tasksOpen: tasks.rows.filter((row) => row.status === 'queued' || row.status === 'running').length,
      mailInFlight: before.outbox.length,
      mailResumed: mail.rows.filter((row) => row.status === 'sent' && later(row)).length,
      mailSentByFirstClaim: mail.rows.filter((row) => row.status === 'sent' && !later(row)).length,
      mailOpen: mail.rows.filter((row) => row.status !== 'sent').length,
      jobsInFlight: before.jobs.length,
      jobsRetriedCompleted: jobRows.filter((job) => job.state === 'completed' && retried(job)).length,
      jobsCompleted: jobRows.filter((job) => job.state === 'completed' && !retried(job)).length,
      jobsOpen: jobRows
        .filter((job) => job.state !== 'completed')
        .map((job) => ({ name: job.name, state: job.state })),
    };
  });
}

/** Report tasks by status, and how many finished after more than one claim. */
export function taskFigures(
  url: string,
): Promise<{ byStatus: Record<string, number>; reclaimedDone: number }> {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `select status, count(*)::int as n, count(*) filter (where attempts > 1)::int as reclaimed
         from report_tasks group by status`,
    );
    const byStatus: Record<string, number> = {};
    let reclaimedDone = 0;
    for (const row of rows as { status: string; n: number; reclaimed: number }[]) {
      byStatus[row.status] = row.n;
      if (row.status === 'done') reclaimedDone = row.reclaimed;
    }
    return { byStatus, reclaimedDone };
  });
}

/** What still waits when the drain gives up: open report tasks and e-mails, open jobs by queue. */
export function openWorkDetails(url: string) {
  return withClient(url, async (client) => {
    const tasks = await client.query(
      `select id, status, attempts, progress, stage, lease_until, created_at from report_tasks
        where status in ('queued', 'running') order by created_at`,
    );
    const mail = await client.query(
      `select id, status, attempts, next_attempt_at, last_error from outbox
        where channel = 'email' and status in ('queued', 'sending') order by id limit 20`,
    );
    const jobs = await client.query(
      `select name, state, count(*)::int as jobs, max(retry_count) as most_retries from pgboss.job
        where state not in ('completed', 'cancelled') group by name, state order by name, state`,
    );
    return { tasks: tasks.rows, mail: mail.rows, jobs: jobs.rows };
  });
}

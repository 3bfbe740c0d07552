import { type SQL, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { pgArray } from '../../core/db/pg-array';
import { type IntervalRow, keyArrays, toKey } from './ingest-interval-rows';
import { createIngestStatusRepository } from './ingest-status.repository';
import { type IntervalKey, STEP_MS } from './intervals';

/** First key of the two-key pg_advisory_xact_lock taken per interval while its values are written. */
const INTERVAL_LOCK_CLASS = 7_346_003;

export interface ClaimOptions {
  now: Date;
  limit: number;
  /** The claim's lease: the worker renews it while it works; once past, another worker takes over. */
  leaseUntil: Date;
  maxAttempts: number;
  /** Only intervals ending in (from, to] (the command line's range). */
  range?: { from: Date; to: Date };
}

export interface ClaimedInterval extends IntervalKey {
  /** Attempts so far, this one included. */
  attempts: number;
}

export interface StoredInterval extends IntervalKey {
  rows: number;
}

export interface Miss extends IntervalKey {
  error: string;
  /** True for a fault; false while the field is not published yet. */
  failed: boolean;
  retryAt: Date;
}

/** The same lock for every pass of one interval, so passes of an hour are written one at a time. */
const lockKey = (key: IntervalKey) =>
  (key.endsAt.getTime() / STEP_MS['15m']) * 2 + (key.product === '1h' ? 1 : 0);

/** `ingest_intervals`: the work list of the ingestion, shared by every worker, and (from the status reads) its record. */
export function createIngestRepository(db: AppDb) {
  /** Those of `keys` with a row of the same product and end (`i`) meeting `condition`; the key is `k`. */
  async function keysWhere(keys: readonly IntervalKey[], condition: SQL): Promise<IntervalKey[]> {
    if (keys.length === 0) return [];
    const { products, ends, passes } = keyArrays(keys);
    const rows = await queryRows<IntervalRow>(
      db,
      sql`
      select k.product, k.ends_at, k.pass
        from unnest(${products}::text[], ${ends}::timestamptz[], ${passes}::smallint[]) as k(product, ends_at, pass)
       where exists (select 1 from ingest_intervals i
                      where i.product = k.product and i.ends_at = k.ends_at and ${condition})`,
    );
    return rows.map(toKey);
  }

  return {
    ...createIngestStatusRepository(db),
    /** Adds the intervals not listed yet, ready to ingest at once. */
    async plan(keys: readonly IntervalKey[], now: Date): Promise<void> {
      if (keys.length === 0) return;
      const { products, ends, passes } = keyArrays(keys);
      await db.execute(sql`
        insert into ingest_intervals (product, ends_at, pass, next_attempt_at)
        select product, ends_at, pass, ${now.toISOString()}
          from unnest(${products}::text[], ${ends}::timestamptz[], ${passes}::smallint[]) as k(product, ends_at, pass)
        on conflict do nothing`);
    },

    /** Makes failed intervals ending in (from, to] due again with fresh attempts; with `all`, stored ones too. */
    async reopen(range: { from: Date; to: Date }, now: Date, all: boolean): Promise<void> {
      const statuses = all ? ['failed', 'done', 'superseded'] : ['failed'];
      await db.execute(sql`
        update ingest_intervals set status = 'pending', attempts = 0, next_attempt_at = ${now.toISOString()}
         where ends_at > ${range.from.toISOString()} and ends_at <= ${range.to.toISOString()}
           and status = any(${pgArray(statuses)}::text[])`);
    },

    /**
     * Marks up to `limit` due intervals as processing for this worker, newest first, and answers
     * them: open ones past their next attempt, and those whose claim's lease has expired (its
     * worker died). SKIP LOCKED lets several workers claim at once without taking the same interval.
     */
    async claim(source: string, options: ClaimOptions): Promise<ClaimedInterval[]> {
      const { now, limit, leaseUntil, maxAttempts, range } = options;
      const inRange = range
        ? sql`and ends_at > ${range.from.toISOString()} and ends_at <= ${range.to.toISOString()}`
        : sql``;
      const rows = await queryRows<IntervalRow>(
        db,
        sql`
        update ingest_intervals
           set status = 'processing', started_at = ${now.toISOString()}, lease_until = ${leaseUntil.toISOString()},
               source = ${source}, attempts = attempts + 1
         where (product, ends_at, pass) in (
           select product, ends_at, pass from ingest_intervals
            where status in ('pending', 'processing', 'failed') and attempts < ${maxAttempts}
              and ((status <> 'processing' and next_attempt_at <= ${now.toISOString()})
                   or (status = 'processing' and lease_until < ${now.toISOString()}))
              ${inRange}
            order by ends_at desc, product, pass desc
            limit ${limit}
            for update skip locked)
        returning product, ends_at, pass, attempts`,
      );
      return rows.map((row) => ({ ...toKey(row), attempts: row.attempts }));
    },

    /**
     * Extends the lease of the claims this worker still holds (one taken over meanwhile is left
     * alone). Rows locked by the transaction storing them are being finished and are skipped: a
     * renewal never waits for that transaction, nor deadlocks with it.
     */
    async renew(claimed: readonly ClaimedInterval[], leaseUntil: Date): Promise<void> {
      if (claimed.length === 0) return;
      const { products, ends, passes } = keyArrays(claimed);
      await db.execute(sql`
        update ingest_intervals set lease_until = ${leaseUntil.toISOString()}
         where (product, ends_at, pass) in (
           select i.product, i.ends_at, i.pass from ingest_intervals i
             join unnest(${products}::text[], ${ends}::timestamptz[], ${passes}::smallint[],
                         ${pgArray(claimed.map((key) => key.attempts))}::int[]) as k(product, ends_at, pass, attempts)
               on i.product = k.product and i.ends_at = k.ends_at and i.pass = k.pass
            where i.attempts = k.attempts and i.status = 'processing'
            for update of i skip locked)`);
    },

    /** Holds, until the transaction ends, the write lock of each interval (in one order, so no deadlock). */
    async lockForWriting(keys: readonly IntervalKey[]): Promise<void> {
      const lockKeys = [...new Set(keys.map(lockKey))].sort((a, b) => a - b);
      await db.execute(sql`
        select count(pg_advisory_xact_lock(${INTERVAL_LOCK_CLASS}, k))
          from (select k from unnest(${pgArray(lockKeys)}::int[]) as k order by k) as ordered`);
    },

    /** Those of `keys` that a higher pass of the same interval has already replaced. */
    superseded: (keys: readonly IntervalKey[]) => keysWhere(keys, sql`i.pass > k.pass and i.status = 'done'`),

    /** Those of `keys` whose interval has wet values stored by an earlier run (of any pass). */
    holdingValues: (keys: readonly IntervalKey[]) => keysWhere(keys, sql`i.rows > 0`),

    async markSuperseded(keys: readonly IntervalKey[], now: Date): Promise<void> {
      if (keys.length === 0) return;
      const { products, ends, passes } = keyArrays(keys);
      await db.execute(sql`
        update ingest_intervals i set status = 'superseded', finished_at = ${now.toISOString()}, last_error = null, rows = 0
          from unnest(${products}::text[], ${ends}::timestamptz[], ${passes}::smallint[]) as k(product, ends_at, pass)
         where i.product = k.product and i.ends_at = k.ends_at and i.pass = k.pass`);
    },

    async markDone(stored: readonly StoredInterval[], now: Date): Promise<void> {
      if (stored.length === 0) return;
      const { products, ends, passes } = keyArrays(stored);
      await db.execute(sql`
        update ingest_intervals i
           set status = 'done', finished_at = ${now.toISOString()}, last_error = null, rows = k.rows
          from unnest(${products}::text[], ${ends}::timestamptz[], ${passes}::smallint[],
                      ${pgArray(stored.map((interval) => interval.rows))}::int[]) as k(product, ends_at, pass, rows)
         where i.product = k.product and i.ends_at = k.ends_at and i.pass = k.pass`);
    },

    /**
     * Records attempts that stored nothing and when to try again. A fault, or the last allowed
     * attempt, shows as failed; a field not published yet stays pending.
     */
    async recordMisses(misses: readonly Miss[], now: Date, maxAttempts: number): Promise<void> {
      if (misses.length === 0) return;
      const { products, ends, passes } = keyArrays(misses);
      await db.execute(sql`
        update ingest_intervals i
           set status = case when k.failed or i.attempts >= ${maxAttempts} then 'failed' else 'pending' end,
               last_error = k.error, next_attempt_at = k.retry_at,
               finished_at = ${now.toISOString()}
          from unnest(${products}::text[], ${ends}::timestamptz[], ${passes}::smallint[],
                      ${pgArray(misses.map((miss) => String(miss.failed)))}::boolean[],
                      ${pgArray(misses.map((miss) => miss.error))}::text[],
                      ${pgArray(misses.map((miss) => miss.retryAt))}::timestamptz[])
               as k(product, ends_at, pass, failed, error, retry_at)
         where i.product = k.product and i.ends_at = k.ends_at and i.pass = k.pass`);
    },

    /** Records how long each key's last attempt took. */
    async recordDurations(keys: readonly IntervalKey[], durationsMs: readonly number[]): Promise<void> {
      if (keys.length === 0) return;
      const { products, ends, passes } = keyArrays(keys);
      await db.execute(sql`
        update ingest_intervals i set duration_ms = k.duration_ms
          from unnest(${products}::text[], ${ends}::timestamptz[], ${passes}::smallint[],
                      ${pgArray(durationsMs.map(Math.round))}::int[]) as k(product, ends_at, pass, duration_ms)
         where i.product = k.product and i.ends_at = k.ends_at and i.pass = k.pass`);
    },

    /** Those of `keys` still stored in that pass (read under the interval locks). */
    stillStored: (keys: readonly IntervalKey[]) =>
      keysWhere(keys, sql`i.pass = k.pass and i.status = 'done'`),

    /** Counts wet values a fill added, so a later pass knows the interval holds values to replace. */
    async addRows(keys: readonly IntervalKey[], rows: readonly number[]): Promise<void> {
      if (keys.length === 0) return;
      const { products, ends, passes } = keyArrays(keys);
      await db.execute(sql`
        update ingest_intervals i set rows = coalesce(i.rows, 0) + k.rows
          from unnest(${products}::text[], ${ends}::timestamptz[], ${passes}::smallint[],
                      ${pgArray([...rows])}::int[]) as k(product, ends_at, pass, rows)
         where i.product = k.product and i.ends_at = k.ends_at and i.pass = k.pass and k.rows > 0`);
    },

    /** True while a worker holds a live claim on an interval: it may store it without the queued locations. */
    async claimInFlight(now: Date): Promise<boolean> {
      const [row] = await queryRows<{ busy: boolean }>(
        db,
        sql`select exists (select 1 from ingest_intervals
                            where status = 'processing' and lease_until >= ${now.toISOString()}) as busy`,
      );
      return row?.busy ?? false;
    },
  };
}

export type IngestRepository = ReturnType<typeof createIngestRepository>;

import type { IngestStatus } from '@pluvio/shared/rainfall';
import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import type { Pass, PrecipitationProduct } from '../sources';
import { type IntervalRow, toKey } from './ingest-interval-rows';
import type { IntervalKey } from './intervals';

/** A field as the files-processed report lists it. */
export interface ProcessedField extends IntervalKey {
  source: string | null;
  status: IngestStatus;
  attempts: number;
  durationMs: number | null;
  rows: number | null;
  lastError: string | null;
}

/** How many intervals of a range have `pass` as their best stored pass, from `source`. */
export interface PassCount {
  pass: Pass;
  source: string | null;
  intervals: number;
}

/** What `ingest_intervals` records of the ingestion's progress: the reads of the status pages and reports. */
export function createIngestStatusRepository(db: AppDb) {
  /** The first or the last end of `product`'s stored intervals; null before the first. */
  async function storedEnd(product: PrecipitationProduct, edge: 'min' | 'max'): Promise<Date | null> {
    const [row] = await queryRows<{ ends_at: Date | string | null }>(
      db,
      sql`select ${sql.raw(edge)}(ends_at) as ends_at from ingest_intervals where product = ${product} and status = 'done'`,
    );
    return row?.ends_at ? new Date(row.ends_at) : null;
  }

  return {
    /** The end of the oldest interval of `product` stored by ingestion; null before the first. */
    oldestDone: (product: PrecipitationProduct) => storedEnd(product, 'min'),
    /** The end of the newest interval of `product` stored by ingestion, whatever its pass; null before the first. */
    newestDoneOf: (product: PrecipitationProduct) => storedEnd(product, 'max'),

    /** How many intervals of `product` ending in (from, to] have each pass as their best stored one, by source (D3). */
    async storedPasses(product: PrecipitationProduct, range: { from: Date; to: Date }): Promise<PassCount[]> {
      const rows = await queryRows<{ pass: number; source: string | null; intervals: number }>(
        db,
        sql`
        select pass, source, count(*)::int as intervals from (
          select distinct on (ends_at) ends_at, pass, source from ingest_intervals
           where product = ${product} and status = 'done'
             and ends_at > ${range.from.toISOString()} and ends_at <= ${range.to.toISOString()}
           order by ends_at, pass desc) best
         group by pass, source order by pass desc, source`,
      );
      return rows.map((row) => ({ pass: row.pass as Pass, source: row.source, intervals: row.intervals }));
    },

    /** The first `limit` fields ending in (from, to] that were attempted, oldest first. */
    async processedFields(range: { from: Date; to: Date }, limit: number): Promise<ProcessedField[]> {
      const rows = await queryRows<
        IntervalRow & { source: string | null; duration_ms: number | null; rows: number | null }
      >(
        db,
        sql`
        select product, ends_at, pass, source, status, attempts, duration_ms, rows, last_error from ingest_intervals
         where attempts > 0 and ends_at > ${range.from.toISOString()} and ends_at <= ${range.to.toISOString()}
         order by ends_at, product desc, pass
         limit ${limit}`,
      );
      return rows.map((row) => ({
        ...toKey(row),
        source: row.source,
        status: row.status,
        attempts: row.attempts,
        durationMs: row.duration_ms,
        rows: row.rows,
        lastError: row.last_error,
      }));
    },

    /** How many attempted fields ending in (from, to] are in each status. */
    async processedCounts(range: { from: Date; to: Date }): Promise<Map<IngestStatus, number>> {
      const rows = await queryRows<{ status: IngestStatus; n: number }>(
        db,
        sql`select status, count(*)::int as n from ingest_intervals
             where attempts > 0 and ends_at > ${range.from.toISOString()} and ends_at <= ${range.to.toISOString()}
             group by status`,
      );
      return new Map(rows.map((row) => [row.status, row.n]));
    },

    /** The stored pass of every interval ending in (from, to], newest first. */
    async storedIntervals(range: { from: Date; to: Date }): Promise<IntervalKey[]> {
      const rows = await queryRows<IntervalRow>(
        db,
        sql`
        select product, ends_at, pass from ingest_intervals
         where status = 'done' and ends_at > ${range.from.toISOString()} and ends_at <= ${range.to.toISOString()}
         order by ends_at desc, product`,
      );
      return rows.map(toKey);
    },

    /** The newest hour with an hourly pass stored or being stored, and whether one is being stored. */
    async newestHourlyPass(): Promise<{ endsAt: Date; processing: boolean } | null> {
      const rows = await queryRows<{ ends_at: Date | string; processing: boolean }>(
        db,
        sql`
        select ends_at, bool_or(status = 'processing') as processing from ingest_intervals
         where product = '1h' and ends_at = (select max(ends_at) from ingest_intervals
                                              where product = '1h' and status in ('processing', 'done'))
           and status in ('processing', 'done')
         group by ends_at`,
      );
      const row = rows[0];
      return row ? { endsAt: new Date(row.ends_at), processing: row.processing } : null;
    },

    /** The end of the newest hour stored in each hourly pass, and when it was stored (none before the first). */
    async newestHourByPass(): Promise<{ pass: Pass; endsAt: Date; finishedAt: Date | null }[]> {
      const rows = await queryRows<{
        pass: number;
        ends_at: Date | string;
        finished_at: Date | string | null;
      }>(
        db,
        sql`
        select p.pass, newest.ends_at, newest.finished_at
          from unnest(array[1, 2]::smallint[]) as p(pass)
          join lateral (select ends_at, finished_at from ingest_intervals
                         where product = '1h' and pass = p.pass and status = 'done'
                         order by ends_at desc limit 1) newest on true
         order by p.pass`,
      );
      return rows.map((row) => ({
        pass: row.pass as Pass,
        endsAt: new Date(row.ends_at),
        finishedAt: row.finished_at ? new Date(row.finished_at) : null,
      }));
    },

    /** Per pass, the fields ending in (from, to] whose last attempt failed, and those stored after a retry. */
    async troublesByPass(range: {
      from: Date;
      to: Date;
    }): Promise<{ pass: Pass; failed: number; retried: number }[]> {
      const rows = await queryRows<{ pass: number; failed: number; retried: number }>(
        db,
        sql`
        select pass, count(*) filter (where status = 'failed')::int as failed,
               count(*) filter (where status = 'done' and attempts > 1)::int as retried
          from ingest_intervals
         where ends_at > ${range.from.toISOString()} and ends_at <= ${range.to.toISOString()}
         group by pass order by pass`,
      );
      return rows.map((row) => ({ pass: row.pass as Pass, failed: row.failed, retried: row.retried }));
    },

    /** The newest stored interval of each product and pass. */
    async newestDone(): Promise<IntervalKey[]> {
      const rows = await queryRows<IntervalRow>(
        db,
        sql`select product, pass, max(ends_at) as ends_at from ingest_intervals where status = 'done'
             group by product, pass order by product, pass`,
      );
      return rows.map(toKey);
    },

    async countByStatus(): Promise<Map<IngestStatus, number>> {
      const rows = await queryRows<{ status: IngestStatus; n: number }>(
        db,
        sql`select status, count(*)::int as n from ingest_intervals
             where status in ('pending', 'processing', 'failed') group by status`,
      );
      return new Map(rows.map((row) => [row.status, row.n]));
    },

    /** The newest intervals whose last attempt failed. */
    async failures(limit: number) {
      const rows = await queryRows<IntervalRow>(
        db,
        sql`select product, ends_at, pass, status, attempts, last_error from ingest_intervals
             where status = 'failed' order by ends_at desc, product, pass limit ${limit}`,
      );
      return rows.map((row) => ({
        ...toKey(row),
        status: row.status,
        attempts: row.attempts,
        lastError: row.last_error,
      }));
    },
  };
}

import { DEFAULT_TIME_ZONE } from '@pluvio/shared/calendar';
import type { IngestStatusResponse, ProcessStatusResponse } from '@pluvio/shared/rainfall';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { DEFAULT_LEASE, type Lease, leaseEnd, whileRenewing } from '../../core/lib/lease';
import { productDate } from '../../core/lib/time';
import type { LocationPoint } from '../../core/tables/locations';
import type { Pass, PrecipitationProduct, PrecipitationSource } from '../sources';
import { createHistoryFillRepository } from './history-fill.repository';
import {
  type ClaimedInterval,
  createIngestRepository,
  type Miss,
  type StoredInterval,
} from './ingest.repository';
import { DAY, type IntervalKey, monthsCovering, publishedIntervals } from './intervals';
import { createRainfallRepository, type SampledInterval } from './rainfall.repository';
import { errorText, fieldsPerBatch, sameInterval, toSampled, wetCount, wetOnly } from './sampled-fields';

const MINUTE = 60_000;
/** The scheduled run plans this far back, so runs missed for a few hours are made up. */
const RECENT_WINDOW_MS = 6 * 60 * MINUTE;
/** A job stops claiming after this long (pg-boss expires a job after 15 minutes); the next run goes on. */
const RUN_BUDGET_MS = 10 * MINUTE;
export const MAX_ATTEMPTS = 10;
const FAILURES_SHOWN = 20;
const NOT_PUBLISHED = 'not published yet';
const PRODUCTS = ['15m', '1h'] as const satisfies readonly PrecipitationProduct[];

/** Retry after 15 minutes (the next run), doubling up to 6 hours: ten attempts span about a day and a half. */
export function retryDelayMs(attempts: number): number {
  return Math.min(15 * MINUTE * 2 ** (attempts - 1), 6 * 60 * MINUTE);
}

export interface IngestionOptions {
  source: PrecipitationSource;
  locations: { allPoints(): Promise<LocationPoint[]> };
  clock: Clock;
  /** How far back a start-up catch-up (and so a fresh install) fills history (BACKFILL_DAYS). */
  backfillDays: number;
  /** How long a claim on intervals lasts and how often its worker renews it (DEFAULT_LEASE). */
  lease?: Lease;
  /** Product time zone of the stored figures' local day (TIME_ZONE; D2's default when absent). */
  timeZone?: string;
}

export interface IngestReport {
  /** Intervals stored. */
  done: number;
  /** Wet values stored. */
  rows: number;
  /** Hourly Pass 1 fields skipped because Pass 2 was already stored. */
  superseded: number;
  unpublished: number;
  failed: number;
}

/** What the system health page reads about one hourly pass. */
export interface PassFacts {
  pass: Pass;
  newestHour: Date | null;
  arrivedAt: Date | null;
  failed: number;
  retried: number;
}

interface Scope {
  range?: { from: Date; to: Date };
  /** Date.now() after which no more intervals are claimed. */
  deadline: number;
  /** Told the run's totals so far after each batch. */
  onBatch?: (report: IngestReport) => void;
}

/** An attempt that stored nothing, to be retried after a delay that grows with the attempts. */
function miss(key: ClaimedInterval, error: string, failed: boolean, now: Date): Miss {
  const { product, endsAt, pass } = key;
  return {
    product,
    endsAt,
    pass,
    error,
    failed,
    retryAt: new Date(now.getTime() + retryDelayMs(key.attempts)),
  };
}

/**
 * Ingestion (issue 4 point 3, D3): fields of the precipitation source sampled at every
 * location and stored per interval. `ingest_intervals` is the shared work list: scheduled runs,
 * the start-up catch-up and the command line plan intervals into it, and any worker drains it.
 */
export function createIngestionService(db: AppDb, options: IngestionOptions) {
  const {
    source,
    locations,
    clock,
    backfillDays,
    lease = DEFAULT_LEASE,
    timeZone = DEFAULT_TIME_ZONE,
  } = options;
  const values = createRainfallRepository(db);
  const intervals = createIngestRepository(db);
  const fills = createHistoryFillRepository(db);

  /** Fetches and samples each claimed field; a field not out yet or failing becomes a miss. */
  async function sampleAll(claimed: ClaimedInterval[], points: readonly LocationPoint[], now: Date) {
    const sampled: { key: ClaimedInterval; field: SampledInterval }[] = [];
    const misses: Miss[] = [];
    const fetchMs = new Map<ClaimedInterval, number>();
    for (const key of claimed) {
      const started = performance.now();
      try {
        const field = await source.field(key.product, key.endsAt, key.pass);
        if (field) sampled.push({ key, field: toSampled(key, points, field.sample(points)) });
        else misses.push(miss(key, NOT_PUBLISHED, false, now));
      } catch (error) {
        misses.push(miss(key, errorText(error), true, now));
      }
      fetchMs.set(key, performance.now() - started);
    }
    return { sampled, misses, fetchMs };
  }

  /** Creates the monthly partitions the intervals fall in (DDL stays out of the write transaction). */
  async function ensurePartitionsFor(keys: readonly IntervalKey[]) {
    for (const product of PRODUCTS) {
      const times = keys.filter((key) => key.product === product).map((key) => key.endsAt.getTime());
      if (times.length === 0) continue;
      await values.ensurePartitions(
        product,
        monthsCovering(new Date(Math.min(...times)), new Date(Math.max(...times))),
      );
    }
  }

  /** Writes the sampled fields and marks them done in one transaction: values and record never disagree. */
  async function store(
    sampled: { key: ClaimedInterval; field: SampledInterval }[],
    sourceId: number,
    now: Date,
  ) {
    if (sampled.length === 0) return { stored: [], replaced: [] };
    const keys = sampled.map(({ key }) => key);
    await ensurePartitionsFor(keys);
    return db.transaction(async (tx) => {
      const txIntervals = createIngestRepository(tx);
      const txValues = createRainfallRepository(tx);
      await txIntervals.lockForWriting(keys);
      const replacedEarlier = await txIntervals.superseded(keys);
      const replaced = keys.filter(
        (key) =>
          replacedEarlier.some((other) => sameInterval(key, other) && other.pass === key.pass) ||
          keys.some((other) => sameInterval(key, other) && other.pass > key.pass),
      );
      const kept = sampled.filter(({ key }) => !replaced.includes(key));
      // Dry values only matter where an earlier run stored wet ones; elsewhere sending them is waste.
      const holding = await txIntervals.holdingValues(kept.map(({ key }) => key));
      for (const product of PRODUCTS) {
        const fields = kept
          .filter(({ key }) => key.product === product)
          .map(({ key, field }) =>
            holding.some((other) => sameInterval(key, other)) ? field : wetOnly(field),
          );
        await txValues.storeValues(product, sourceId, fields);
      }
      const stored: StoredInterval[] = kept.map(({ key, field }) => ({
        ...key,
        rows: wetCount(field),
      }));
      await txIntervals.markDone(stored, now);
      await txIntervals.markSuperseded(replaced, now);
      await txValues.refreshFigures(
        timeZone,
        kept.map(({ key }) => key),
      );
      return { stored, replaced };
    });
  }

  /** Ingests claimed fields; `writeFailed` when the database refused them (the whole batch is then failed). */
  async function processBatch(
    claimed: ClaimedInterval[],
    points: readonly LocationPoint[],
    sourceId: number,
  ) {
    const now = clock.now();
    const { sampled, misses, fetchMs } = await sampleAll(claimed, points, now);
    let outcome: Awaited<ReturnType<typeof store>> | null = null;
    const storeStarted = performance.now();
    try {
      outcome = await store(sampled, sourceId, now);
    } catch (error) {
      misses.push(...sampled.map(({ key }) => miss(key, errorText(error), true, now)));
    }
    const storeMs = performance.now() - storeStarted;
    await intervals.recordMisses(misses, now, MAX_ATTEMPTS);
    const written = new Set(sampled.map(({ key }) => key));
    await intervals.recordDurations(
      claimed,
      claimed.map((key) => (fetchMs.get(key) ?? 0) + (written.has(key) ? storeMs : 0)),
    );
    const report: IngestReport = {
      done: outcome?.stored.length ?? 0,
      rows: outcome?.stored.reduce((sum, interval) => sum + interval.rows, 0) ?? 0,
      superseded: outcome?.replaced.length ?? 0,
      unpublished: misses.filter((miss) => !miss.failed).length,
      failed: misses.filter((miss) => miss.failed).length,
    };
    return { report, writeFailed: outcome === null };
  }

  /** Claims and ingests due intervals, newest first, until none is left or the budget is spent. */
  async function drain(scope: Scope): Promise<IngestReport> {
    const report: IngestReport = { done: 0, rows: 0, superseded: 0, unpublished: 0, failed: 0 };
    let seenChange = await fills.latestChange();
    let points = await locations.allPoints();
    const sourceId = await values.sourceId(source.name);
    while (Date.now() < scope.deadline) {
      // A location added or moved since the points were read is in every interval claimed from now on.
      const change = await fills.latestChange();
      if (change !== seenChange) {
        seenChange = change;
        points = await locations.allPoints();
      }
      const limit = fieldsPerBatch(points.length);
      const now = clock.now();
      const claimed = await intervals.claim(source.name, {
        now,
        limit,
        leaseUntil: leaseEnd(lease, now),
        maxAttempts: MAX_ATTEMPTS,
        range: scope.range,
      });
      if (claimed.length === 0) break;
      const batch = await whileRenewing(
        lease,
        () => intervals.renew(claimed, leaseEnd(lease, clock.now())),
        () => processBatch(claimed, points, sourceId),
      );
      for (const name of Object.keys(report) as (keyof IngestReport)[]) report[name] += batch.report[name];
      scope.onBatch?.(report);
      // A refused write (say, a location deleted since the run read them) would refuse every later
      // batch of this run too: stop, and let the next run start afresh.
      if (batch.writeFailed) break;
    }
    return report;
  }

  /** Plans what is published in (from, to] by now, then drains the work list. */
  async function planAndDrain(from: Date, to: Date, scope: Scope): Promise<IngestReport> {
    const now = clock.now();
    await intervals.plan(publishedIntervals(from, to, now), now);
    return drain(scope);
  }

  return {
    /** The scheduled run (every 15 minutes): the recent window, with next month's partitions made ahead. */
    async ingestDue(): Promise<IngestReport> {
      const now = clock.now();
      const months = monthsCovering(now, new Date(now.getTime() + 31 * DAY));
      for (const product of PRODUCTS) await values.ensurePartitions(product, months);
      return planAndDrain(new Date(now.getTime() - RECENT_WINDOW_MS), now, {
        deadline: Date.now() + RUN_BUDGET_MS,
      });
    },

    /**
     * At start: the last BACKFILL_DAYS, so a fresh install has history and a restarted one fills
     * the hours it was down. Intervals already stored are skipped.
     */
    async catchUp(onBatch?: Scope['onBatch']): Promise<IngestReport> {
      const now = clock.now();
      return planAndDrain(new Date(now.getTime() - backfillDays * DAY), now, {
        deadline: Date.now() + RUN_BUDGET_MS,
        onBatch,
      });
    },

    /**
     * `ingest --from --to`: every published interval ending in (from, to], failed ones retried
     * with fresh attempts; with `force` stored ones are fetched and written again.
     */
    async ingestRange(from: Date, to: Date, force = false): Promise<IngestReport> {
      const now = clock.now();
      const end = new Date(Math.min(to.getTime(), now.getTime()));
      const range = { from, to: end };
      await intervals.plan(publishedIntervals(from, end, now), now);
      await intervals.reopen(range, now, force);
      return drain({ range, deadline: Number.POSITIVE_INFINITY });
    },

    /** The end of the newest stored 15-minute field: RapidRain alerts fire on it, so it is shown. */
    newestQuarterHour: () => intervals.newestDoneOf('15m'),

    /** D3: the newest hourly pass, `processing` while it is being stored. */
    async processStatus(): Promise<ProcessStatusResponse> {
      const newest = await intervals.newestHourlyPass();
      if (!newest) return { status: 'processing', datetime: null };
      return { status: newest.processing ? 'processing' : 'done', datetime: newest.endsAt.toISOString() };
    },

    /**
     * The last day (of the product time zone) before the days ingestion has stored: a report
     * produces the rainfall of that day and earlier on demand (`pastRainfall`). Days of the
     * ingest window (BACKFILL_DAYS) are left to ingestion, even while it is still catching up.
     */
    async lastDayBeforeIngested(product: PrecipitationProduct, timeZone: string): Promise<string> {
      const now = clock.now();
      const windowStart = new Date(now.getTime() - backfillDays * DAY);
      const oldest = await intervals.oldestDone(product);
      const first = oldest && oldest < windowStart ? oldest : windowStart;
      // The day holding the first stored interval may be stored only in part: it is produced too.
      return productDate(first, timeZone);
    },

    /** How many intervals of `product` ending in (from, to] have each pass as their best stored one, by source (D3). */
    storedPasses: (product: PrecipitationProduct, from: Date, to: Date) =>
      intervals.storedPasses(product, { from, to }),

    /** The fields ending in (from, to] that were attempted (the first `limit`), and how many are in each status. */
    async processedFields(from: Date, to: Date, limit: number) {
      const [fields, counts] = await Promise.all([
        intervals.processedFields({ from, to }, limit),
        intervals.processedCounts({ from, to }),
      ]);
      return { fields, counts };
    },

    /**
     * Each hourly pass for the system health page: its newest stored hour and when it arrived, and
     * of the fields ending in (from, to] (15-minute fields count as Pass 1) how many failed or were retried.
     */
    async passHealth(from: Date, to: Date): Promise<PassFacts[]> {
      const [newest, troubles] = await Promise.all([
        intervals.newestHourByPass(),
        intervals.troublesByPass({ from, to }),
      ]);
      return ([1, 2] as const).map((pass) => {
        const hour = newest.find((row) => row.pass === pass);
        const trouble = troubles.find((row) => row.pass === pass);
        return {
          pass,
          newestHour: hour?.endsAt ?? null,
          arrivedAt: hour?.finishedAt ?? null,
          failed: trouble?.failed ?? 0,
          retried: trouble?.retried ?? 0,
        };
      });
    },

    /** What the system health page shows superusers: newest data, backlog and failures. */
    async ingestStatus(): Promise<IngestStatusResponse> {
      const [newest, counts, failures, fillsPending] = await Promise.all([
        intervals.newestDone(),
        intervals.countByStatus(),
        intervals.failures(FAILURES_SHOWN),
        fills.count(),
      ]);
      return {
        newest: newest.map((key) => ({
          product: key.product,
          pass: key.pass,
          ends_at: key.endsAt.toISOString(),
        })),
        pending: (counts.get('pending') ?? 0) + (counts.get('processing') ?? 0),
        failed: counts.get('failed') ?? 0,
        failures: failures.map((row) => ({
          product: row.product,
          pass: row.pass,
          ends_at: row.endsAt.toISOString(),
          status: row.status,
          attempts: row.attempts,
          last_error: row.lastError,
        })),
        history_fills_pending: fillsPending,
      };
    },
  };
}

export type IngestionService = ReturnType<typeof createIngestionService>;

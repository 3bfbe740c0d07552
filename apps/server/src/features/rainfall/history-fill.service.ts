import { DEFAULT_TIME_ZONE } from '@pluvio/shared/calendar';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import type { PrecipitationSource } from '../sources';
import { createHistoryFillRepository, type PendingFill } from './history-fill.repository';
import { createIngestRepository } from './ingest.repository';
import { DAY, type IntervalKey } from './intervals';
import { createRainfallRepository, type SampledInterval } from './rainfall.repository';
import { fieldsPerBatch, sameInterval, toSampled, wetCount, wetOnly } from './sampled-fields';

/** Locations filled together: a large import goes in a few rounds. */
const LOCATIONS_PER_ROUND = 5_000;
/** Rounds of re-sampling intervals whose pass changed while they were being filled. */
const MAX_PASS_RETRIES = 3;

export interface HistoryFillOptions {
  source: PrecipitationSource;
  clock: Clock;
  /** The window filled, as for a fresh install (BACKFILL_DAYS). */
  backfillDays: number;
  /** Product time zone of the stored figures' local day (TIME_ZONE; D2's default when absent). */
  timeZone?: string;
}

export interface HistoryFillReport {
  locations: number;
  intervals: number;
}

/**
 * History for locations added or moved after their window was ingested: every stored interval
 * of the last BACKFILL_DAYS is sampled again at those locations only, in the pass stored, and
 * their values written (a moved location's old ones replaced). Other locations are untouched.
 */
export function createHistoryFillService(db: AppDb, options: HistoryFillOptions) {
  const { source, clock, backfillDays, timeZone = DEFAULT_TIME_ZONE } = options;
  const fills = createHistoryFillRepository(db);
  const intervals = createIngestRepository(db);
  const values = createRainfallRepository(db);

  async function sample(keys: readonly IntervalKey[], points: readonly PendingFill[]) {
    const sampled: { key: IntervalKey; field: SampledInterval }[] = [];
    for (const key of keys) {
      const field = await source.field(key.product, key.endsAt, key.pass);
      if (!field)
        throw new Error(`${key.product} field ending ${key.endsAt.toISOString()} is no longer published`);
      sampled.push({ key, field: toSampled(key, points, field.sample(points)) });
    }
    return sampled;
  }

  /** Writes the fields whose pass is still the stored one; answers the keys whose pass moved on. */
  async function store(
    sampled: { key: IntervalKey; field: SampledInterval }[],
    locationIds: number[],
    sourceId: number,
  ): Promise<IntervalKey[]> {
    const keys = sampled.map(({ key }) => key);
    return db.transaction(async (tx) => {
      const txIntervals = createIngestRepository(tx);
      const txValues = createRainfallRepository(tx);
      await txIntervals.lockForWriting(keys);
      const current = await txIntervals.stillStored(keys);
      const kept = sampled.filter(({ key }) => current.some((other) => sameInterval(key, other)));
      for (const product of ['15m', '1h'] as const) {
        const fields = kept.filter(({ key }) => key.product === product).map(({ field }) => field);
        await txValues.clearLocations(
          product,
          locationIds,
          fields.map((field) => field.endsAt),
        );
        await txValues.storeValues(product, sourceId, fields.map(wetOnly));
      }
      await txIntervals.addRows(
        kept.map(({ key }) => key),
        kept.map(({ field }) => wetCount(field)),
      );
      await txValues.refreshFigures(
        timeZone,
        kept.map(({ key }) => key),
      );
      return keys.filter((key) => !kept.some((other) => other.key === key));
    });
  }

  /** Fills one round of queued locations; answers how many intervals were written. */
  async function fillRound(points: PendingFill[], sourceId: number): Promise<number> {
    const now = clock.now();
    const range = { from: new Date(now.getTime() - backfillDays * DAY), to: now };
    const ids = points.map((point) => point.id);
    const perBatch = fieldsPerBatch(points.length);
    let keys = await intervals.storedIntervals(range);
    let written = 0;
    for (let round = 0; round <= MAX_PASS_RETRIES && keys.length > 0; round++) {
      const moved: IntervalKey[] = [];
      for (let start = 0; start < keys.length; start += perBatch) {
        const batch = await sample(keys.slice(start, start + perBatch), points);
        const stale = await store(batch, ids, sourceId);
        written += batch.length - stale.length;
        moved.push(...stale);
      }
      const stored = moved.length > 0 ? await intervals.storedIntervals(range) : [];
      keys = stored.filter((key) => moved.some((other) => sameInterval(key, other)));
    }
    return written;
  }

  return {
    /**
     * Fills every queued location. A queued row stays while another worker holds a claim: the
     * interval it is storing may have been read before the location was added.
     */
    async fillPending(): Promise<HistoryFillReport> {
      const report: HistoryFillReport = { locations: 0, intervals: 0 };
      const sourceId = await values.sourceId(source.name);
      const done = new Set<number>();
      for (;;) {
        const points = (await fills.pending(LOCATIONS_PER_ROUND + done.size)).filter(
          (point) => !done.has(point.id),
        );
        if (points.length === 0) break;
        report.intervals += await fillRound(points, sourceId);
        report.locations += points.length;
        for (const point of points) done.add(point.id);
        if (!(await intervals.claimInFlight(clock.now()))) await fills.clear(points);
      }
      return report;
    },
  };
}

export type HistoryFillService = ReturnType<typeof createHistoryFillService>;

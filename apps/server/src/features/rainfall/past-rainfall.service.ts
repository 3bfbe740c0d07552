import { shiftDate } from '@pluvio/shared/calendar';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { type ProductDay, productDays } from '../../core/lib/time';
import type { LocationPoint } from '../../core/tables/locations';
import type { PrecipitationProduct, PrecipitationSource } from '../sources';
import { bestPublished, type IntervalKey, intervalEnds, isFinalPass, monthsCovering } from './intervals';
import { createPastRainfallRepository } from './past-rainfall.repository';
import { createRainfallRepository, type SampledInterval } from './rainfall.repository';
import { toSampled, wetOnly } from './sampled-fields';

export interface PastRainfallOptions {
  source: PrecipitationSource;
  clock: Clock;
  /** Days are the product time zone's (D2). */
  timeZone: string;
}

export interface PastRainfallReport {
  /** Location-days sampled now; those produced before are not sampled again. */
  sampledDays: number;
  fields: number;
}

/** Rainfall of past days wanted for locations (a report's period older than the ingest window). */
export interface PastRainfallAsk {
  product: PrecipitationProduct;
  locationIds: number[];
  /** YYYY-MM-DD of the product time zone, both included. */
  from: string;
  to: string;
}

const spotKey = (point: LocationPoint, day: string) =>
  `${point.id} ${day} ${point.latitude} ${point.longitude}`;

/**
 * Rainfall of past days produced on demand (a historical report): the precipitation source
 * answers any past interval, so for the given locations and days each interval's best pass is
 * sampled at the locations and stored, replacing what those locations had for those intervals.
 * Each location-day is remembered with the coordinates sampled, so a second report of the same
 * days samples nothing and a location moved since is sampled anew. Other locations' rows and
 * `ingest_intervals` are not touched: an interval produced this way is known for the listed
 * locations only. Meant for days older than the ingest window (BACKFILL_DAYS), which no ingestion
 * run writes at the same time.
 */
export function createPastRainfallService(db: AppDb, options: PastRainfallOptions) {
  const { source, clock, timeZone } = options;
  const past = createPastRainfallRepository(db);
  const values = createRainfallRepository(db);

  async function sampleDay(product: PrecipitationProduct, day: ProductDay, points: LocationPoint[]) {
    const keys = bestPublished(product, day.start, day.end, clock.now());
    const fields: SampledInterval[] = [];
    for (const key of keys) {
      const field = await source.field(key.product, key.endsAt, key.pass);
      if (!field) throw new Error(`${key.product} field ending ${key.endsAt.toISOString()} is not published`);
      fields.push(toSampled(key, points, field.sample(points)));
    }
    return { keys, fields };
  }

  /** A day counts as produced once every interval of it was sampled at its last pass. */
  function isComplete(product: PrecipitationProduct, day: ProductDay, keys: IntervalKey[]): boolean {
    return keys.length === intervalEnds(product, day.start, day.end).length && keys.every(isFinalPass);
  }

  async function storeDay(
    product: PrecipitationProduct,
    sourceId: number,
    day: ProductDay,
    points: LocationPoint[],
  ): Promise<number> {
    const { keys, fields } = await sampleDay(product, day, points);
    const ids = points.map((point) => point.id);
    await db.transaction(async (tx) => {
      const txValues = createRainfallRepository(tx);
      await txValues.clearLocations(
        product,
        ids,
        keys.map((key) => key.endsAt),
      );
      await txValues.storeValues(product, sourceId, fields.map(wetOnly));
      await txValues.refreshFigures(timeZone, keys);
      if (isComplete(product, day, keys)) {
        await createPastRainfallRepository(tx).remember(
          product,
          points.map((point) => ({ ...point, day: day.date })),
          clock.now(),
        );
      }
    });
    return keys.length;
  }

  return {
    /** The source past rainfall is produced from (its final pass). */
    sourceName: source.name,

    /**
     * The last day of the unbroken run of days from `fromDate` (up to `toDate`) produced for every
     * one of `locationIds`; null when `fromDate` was not. A report counts those days as the
     * source's final pass.
     */
    async producedUntil(
      product: PrecipitationProduct,
      locationIds: readonly number[],
      fromDate: string,
      toDate: string,
    ): Promise<string | null> {
      if (locationIds.length === 0) return null;
      const days = await past.daysProducedForAll(product, locationIds, fromDate, toDate);
      let last: string | null = null;
      for (const day of days) {
        if (day !== (last === null ? fromDate : shiftDate(last, 1))) break;
        last = day;
      }
      return last;
    },

    /**
     * Makes sure `product` rainfall of `locationIds` is stored for the days `fromDate` to
     * `toDate` (YYYY-MM-DD of the product time zone), producing the location-days not produced
     * before. `onProgress` hears the share of days done, 0 to 1.
     */
    async ensureStored(
      product: PrecipitationProduct,
      locationIds: readonly number[],
      fromDate: string,
      toDate: string,
      onProgress: (done: number) => Promise<void> = async () => {},
    ): Promise<PastRainfallReport> {
      const points = await past.points(locationIds);
      const days = productDays(fromDate, toDate, timeZone);
      const filled = new Set(
        (await past.filledDays(product, locationIds, fromDate, toDate)).map((row) => spotKey(row, row.day)),
      );
      const isFilled = (point: LocationPoint, day: ProductDay) => filled.has(spotKey(point, day.date));
      const report: PastRainfallReport = { sampledDays: 0, fields: 0 };
      const [first, last] = [days[0], days[days.length - 1]];
      if (!first || !last || points.length === 0) return report;
      await values.ensurePartitions(product, monthsCovering(first.start, last.end));
      const sourceId = await values.sourceId(source.name);
      for (const [index, day] of days.entries()) {
        const missing = points.filter((point) => !isFilled(point, day));
        if (missing.length > 0) {
          report.fields += await storeDay(product, sourceId, day, missing);
          report.sampledDays += missing.length;
        }
        await onProgress((index + 1) / days.length);
      }
      return report;
    },
  };
}

export type PastRainfallService = ReturnType<typeof createPastRainfallService>;

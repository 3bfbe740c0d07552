import type { AppDb } from '../../core/db/client';
import { productDays } from '../../core/lib/time';
import type { PrecipitationProduct } from '../sources';
import { DAY } from './intervals';
import { createRainfallRepository } from './rainfall.repository';

/**
 * The sum of stored amounts: they have 7 significant digits, so rounding to a millionth drops
 * only what adding them as floats adds (0.1 + 0.2).
 */
export function sumOfRainfall(amounts: readonly number[]): number {
  return Math.round(amounts.reduce((sum, amount) => sum + amount, 0) * 1e6) / 1e6;
}

/** One day of a location: its total and its largest hour, null when dry. */
export interface DaySummary {
  date: string;
  total: number;
  largestHour: number | null;
  largestHourEndsAt: Date | null;
}

export interface RainfallOptions {
  /** Product time zone: days run from local midnight to local midnight (D2). */
  timeZone: string;
}

/** Reading stored rainfall (best pass available; a dry interval is 0). */
export function createRainfallService(db: AppDb, options: RainfallOptions) {
  const repository = createRainfallRepository(db);

  /** Each location's total over the intervals ending in (from, to], 0 when dry. */
  async function totalsBetween(
    product: PrecipitationProduct,
    locationIds: readonly number[],
    from: Date,
    to: Date,
  ) {
    const wet = await repository.totalsBetween(product, locationIds, from, to);
    return new Map(locationIds.map((id) => [id, wet.get(id) ?? 0]));
  }

  return {
    totalsBetween,

    /** Each location's hourly total over the 24 hours ending at `endsAt` (D5 "24 Hr Accum"). */
    trailing24h(locationIds: readonly number[], endsAt: Date) {
      return totalsBetween('1h', locationIds, new Date(endsAt.getTime() - DAY), endsAt);
    },

    /**
     * One location's intervals ending in [firstEnd, lastEnd], each with its amount and the
     * trailing 24-hour sum ending there (D5 `hourly_data` and `15m_data`).
     */
    series: repository.series,

    /**
     * Each location's rainfall per day of the product time zone from `fromDate` to `toDate`
     * (YYYY-MM-DD, included), every day listed, dry days as 0; a day is 23 or 25 hours on a
     * daylight-saving change.
     */
    async dailyTotals(locationIds: readonly number[], fromDate: string, toDate: string) {
      const days = productDays(fromDate, toDate, options.timeZone);
      const wet = new Map(
        (await repository.dailyTotals(locationIds, days)).map((row) => [
          `${row.locationId} ${row.date}`,
          row.total,
        ]),
      );
      return new Map(
        locationIds.map((id) => [
          id,
          days.map((day) => ({ date: day.date, total: wet.get(`${id} ${day.date}`) ?? 0 })),
        ]),
      );
    },

    /**
     * `dailyTotals` with each day's largest hour (amount and end; null on a dry day), read in one
     * query for every location and day (the rainfall reports).
     */
    async dailySummaries(
      locationIds: readonly number[],
      fromDate: string,
      toDate: string,
    ): Promise<Map<number, DaySummary[]>> {
      const days = productDays(fromDate, toDate, options.timeZone);
      const wet = new Map(
        (await repository.dailySummaries(locationIds, days, options.timeZone)).map((row) => [
          `${row.locationId} ${row.date}`,
          row,
        ]),
      );
      return new Map(
        locationIds.map((id) => [
          id,
          days.map((day): DaySummary => {
            const row = wet.get(`${id} ${day.date}`);
            return row
              ? {
                  date: day.date,
                  total: row.total,
                  largestHour: row.largestHour,
                  largestHourEndsAt: row.largestHourEndsAt,
                }
              : { date: day.date, total: 0, largestHour: null, largestHourEndsAt: null };
          }),
        ]),
      );
    },

    /**
     * The figures of an account's location rows stored at the newest processed hour
     * (`refreshFigures`): each location's trailing 24 hours and its hours since local midnight;
     * null before the first.
     */
    storedFigures: repository.storedFigures,

    /** The 15-minute intervals ending in (from, to] at or over each location's threshold (RapidRain, D6). */
    quartersAtOrAbove: repository.quartersAtOrAbove,

    /** The wet hours ending in (from, to] over every location: the heaviest amount, and whether one reached its threshold. */
    wettestHours: repository.wettestHours,
  };
}

export type RainfallService = ReturnType<typeof createRainfallService>;

import type { AppDb } from '../../db/client';
import { productDays } from '../../lib/time';
import type { PrecipitationProduct } from '../sources/sources';
import { DAY } from './intervals';
import { createRainfallRepository } from './rainfall.repository';

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
  };
}

export type RainfallService = ReturnType<typeof createRainfallService>;

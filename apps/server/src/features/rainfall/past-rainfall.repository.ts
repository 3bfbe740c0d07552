import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { pgArray } from '../../core/db/pg-array';
import type { LocationPoint } from '../../core/tables/locations';
import type { PrecipitationProduct } from '../sources';

/** A location's day of past rainfall as it was produced: where it was sampled. */
export interface FilledDay extends LocationPoint {
  day: string;
}

/**
 * `rainfall_on_demand_days`, and the coordinates of the locations to sample, read from
 * `locations` here (as the history fills do) so one query answers where each one is now.
 */
export function createPastRainfallRepository(db: AppDb) {
  return {
    async points(locationIds: readonly number[]): Promise<LocationPoint[]> {
      return queryRows<LocationPoint>(
        db,
        sql`select id, latitude, longitude from locations
             where id = any(${pgArray(locationIds)}::int[]) order by id`,
      );
    },

    /** The days from `fromDate` to `toDate` already produced for these locations, with where they were sampled. */
    async filledDays(
      product: PrecipitationProduct,
      locationIds: readonly number[],
      fromDate: string,
      toDate: string,
    ): Promise<FilledDay[]> {
      return queryRows<FilledDay>(
        db,
        sql`select location_id as id, day::text as day, latitude, longitude from rainfall_on_demand_days
             where product = ${product} and location_id = any(${pgArray(locationIds)}::int[])
               and day between ${fromDate} and ${toDate}`,
      );
    },

    /** The days from `fromDate` to `toDate` produced for every one of these locations. */
    async daysProducedForAll(
      product: PrecipitationProduct,
      locationIds: readonly number[],
      fromDate: string,
      toDate: string,
    ): Promise<string[]> {
      const rows = await queryRows<{ day: string }>(
        db,
        sql`select day::text as day from rainfall_on_demand_days
             where product = ${product} and location_id = any(${pgArray(locationIds)}::int[])
               and day between ${fromDate} and ${toDate}
             group by day having count(*) = ${new Set(locationIds).size} order by day`,
      );
      return rows.map((row) => row.day);
    },

    async remember(product: PrecipitationProduct, days: readonly FilledDay[], now: Date): Promise<void> {
      if (days.length === 0) return;
      await db.execute(sql`
        insert into rainfall_on_demand_days (location_id, product, day, latitude, longitude, filled_at)
        select id, ${product}, day, latitude, longitude, ${now.toISOString()}
          from unnest(${pgArray(days.map((d) => d.id))}::int[], ${pgArray(days.map((d) => d.day))}::date[],
                      ${pgArray(days.map((d) => d.latitude))}::float8[],
                      ${pgArray(days.map((d) => d.longitude))}::float8[]) as d(id, day, latitude, longitude)
        on conflict (location_id, product, day) do update
           set latitude = excluded.latitude, longitude = excluded.longitude, filled_at = excluded.filled_at`);
    },
  };
}

import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { pgArray } from '../../core/db/pg-array';
import type { ProductDay } from '../../core/lib/time';
import { locations } from '../../core/tables/locations';
import { rainfall15m, rainfallHourly } from '../../core/tables/rainfall';
import type { PrecipitationProduct } from '../sources';
import { DAY, STEP_MS } from './intervals';
import { VALUE_TABLES } from './value-tables';

export interface SeriesPoint {
  endsAt: Date;
  amount: number;
  /** Sum of the 24 hours ending at `endsAt`. */
  total24h: number;
}

export interface DailyTotal {
  locationId: number;
  date: string;
  total: number;
}

/** A wet day of one location: its total and its largest hour (the earliest of equal ones). */
export interface DailySummary extends DailyTotal {
  largestHour: number;
  largestHourEndsAt: Date;
}

/** A 15-minute interval at or over its location's threshold. */
export interface QuarterOver {
  locationId: number;
  endsAt: Date;
  amount: number;
}

/** Each location's count of intervals at or over its threshold and the largest of them. */
export interface QuartersOverSummary {
  count: number;
  largest: number;
  largestEndsAt: Date;
}

/** One wet hour across every location: its heaviest amount, and whether a location reached its own threshold. */
export interface WettestHour {
  endsAt: Date;
  largest: number;
  thresholdReached: boolean;
}

/** Values are `real`; summing their decimal form keeps totals free of float noise (0.1 + 0.2 = 0.3). */
const exactSum = sql`sum(amount::numeric)::float8`;

/** The days as a derived table `d(date, starts, ends)`. */
const daysTable = (days: readonly ProductDay[]) =>
  sql`unnest(${pgArray(days.map((day) => day.date))}::text[],
             ${pgArray(days.map((day) => day.start))}::timestamptz[],
             ${pgArray(days.map((day) => day.end))}::timestamptz[]) as d(date, starts, ends)`;

/** The stored values read back: totals, series, days and intervals over a threshold. */
export function createRainfallReadsRepository(db: AppDb) {
  return {
    /** Each location's total over the intervals ending in (from, to]; locations without rain are absent. */
    async totalsBetween(
      product: PrecipitationProduct,
      locationIds: readonly number[],
      from: Date,
      to: Date,
    ): Promise<Map<number, number>> {
      const rows = await queryRows<{ location_id: number; total: number }>(
        db,
        sql`select location_id, ${exactSum} as total from ${VALUE_TABLES[product]}
             where location_id = any(${pgArray(locationIds)}::int[])
               and ends_at > ${from.toISOString()} and ends_at <= ${to.toISOString()}
             group by location_id`,
      );
      return new Map(rows.map((row) => [row.location_id, row.total]));
    },

    /** Every interval of one location ending in [firstEnd, lastEnd], dry ones as 0, with the trailing 24-hour sum. */
    async series(
      product: PrecipitationProduct,
      locationId: number,
      firstEnd: Date,
      lastEnd: Date,
    ): Promise<SeriesPoint[]> {
      const step = STEP_MS[product];
      const perDay = DAY / step;
      const windowStart = new Date(firstEnd.getTime() - DAY + step);
      const rows = await queryRows<{ ends_at: Date | string; amount: number; total_24h: number }>(
        db,
        sql`
        with slots as (
          select generate_series(${windowStart.toISOString()}::timestamptz, ${lastEnd.toISOString()}::timestamptz,
                                 ${`${step / 60_000} minutes`}::interval) as ends_at
        ), stored as (
          select ends_at, amount from ${VALUE_TABLES[product]}
           where location_id = ${locationId}
             and ends_at >= ${windowStart.toISOString()} and ends_at <= ${lastEnd.toISOString()}
        ), filled as (
          select s.ends_at, coalesce(stored.amount::numeric, 0) as amount
            from slots s left join stored on stored.ends_at = s.ends_at
        ), windowed as (
          select ends_at, amount,
                 sum(amount) over (order by ends_at rows between ${sql.raw(String(perDay - 1))} preceding and current row) as total_24h
            from filled
        )
        select ends_at, amount::float8 as amount, total_24h::float8 as total_24h
          from windowed where ends_at >= ${firstEnd.toISOString()} order by ends_at`,
      );
      return rows.map((row) => ({
        endsAt: new Date(row.ends_at),
        amount: row.amount,
        total24h: row.total_24h,
      }));
    },

    /** Hourly totals per location and day (hours ending in (start, end]); dry days are absent. */
    async dailyTotals(locationIds: readonly number[], days: readonly ProductDay[]): Promise<DailyTotal[]> {
      const [first, last] = [days[0], days[days.length - 1]];
      if (!first || !last || locationIds.length === 0) return [];
      const rows = await queryRows<{ location_id: number; date: string; total: number }>(
        db,
        sql`
        select r.location_id, d.date, ${exactSum} as total
          from ${daysTable(days)}
          join ${rainfallHourly} r on r.ends_at > d.starts and r.ends_at <= d.ends
         where r.location_id = any(${pgArray(locationIds)}::int[])
           and r.ends_at > ${first.start.toISOString()} and r.ends_at <= ${last.end.toISOString()}
         group by r.location_id, d.date`,
      );
      return rows.map((row) => ({ locationId: row.location_id, date: row.date, total: row.total }));
    },

    /**
     * `dailyTotals` with each wet day's largest hour and when it ended (the earliest of equal
     * ones), in one scan of the days' hours (the reports' day-by-day tables). An hour belongs to
     * the day of `timeZone` its last instant falls in, so an hour ending at midnight is the day
     * before's, and a daylight-saving day gets its 23 or 25 hours. Amounts are summed as decimals.
     */
    async dailySummaries(
      locationIds: readonly number[],
      days: readonly ProductDay[],
      timeZone: string,
    ): Promise<DailySummary[]> {
      const [first, last] = [days[0], days[days.length - 1]];
      if (!first || !last || locationIds.length === 0) return [];
      const rows = await queryRows<{
        location_id: number;
        date: string;
        total: number;
        largest_hour: number;
        largest_ends_at: Date | string;
      }>(
        db,
        sql`
        select location_id, to_char((ends_at - interval '1 microsecond') at time zone ${timeZone}, 'YYYY-MM-DD') as date,
               sum(amount::numeric)::float8 as total,
               max(amount::numeric)::float8 as largest_hour,
               (array_agg(ends_at order by amount desc, ends_at))[1] as largest_ends_at
          from ${rainfallHourly}
         where location_id = any(${pgArray(locationIds)}::int[])
           and ends_at > ${first.start.toISOString()} and ends_at <= ${last.end.toISOString()}
         group by 1, 2`,
      );
      return rows.map((row) => ({
        locationId: row.location_id,
        date: row.date,
        total: row.total,
        largestHour: row.largest_hour,
        largestHourEndsAt: new Date(row.largest_ends_at),
      }));
    },

    /**
     * The 15-minute intervals ending in (from, to] at or over each location's threshold (equal
     * included, compared as decimals), the first `perLocation` of each location in time order,
     * with every location's full count and largest interval.
     */
    async quartersAtOrAbove(
      thresholds: readonly { locationId: number; threshold: number }[],
      from: Date,
      to: Date,
      perLocation: number,
    ): Promise<{ intervals: QuarterOver[]; summaries: Map<number, QuartersOverSummary> }> {
      if (thresholds.length === 0) return { intervals: [], summaries: new Map() };
      const rows = await queryRows<{
        location_id: number;
        ends_at: Date | string;
        amount: number;
        rank: number;
        over: number;
        largest: number;
        largest_ends_at: Date | string;
      }>(
        db,
        sql`
        select location_id, ends_at, amount, rank::int, over::int, largest, largest_ends_at from (
          select r.location_id, r.ends_at, r.amount::numeric::float8 as amount,
                 row_number() over (partition by r.location_id order by r.ends_at) as rank,
                 count(*) over (partition by r.location_id) as over,
                 first_value(r.amount::numeric::float8) over by_amount as largest,
                 first_value(r.ends_at) over by_amount as largest_ends_at
            from unnest(${pgArray(thresholds.map((entry) => entry.locationId))}::int[],
                        ${pgArray(thresholds.map((entry) => entry.threshold))}::float8[]) as t(location_id, threshold)
            join ${rainfall15m} r on r.location_id = t.location_id and r.amount::numeric >= t.threshold::numeric
           where r.ends_at > ${from.toISOString()} and r.ends_at <= ${to.toISOString()}
          window by_amount as (partition by r.location_id order by r.amount desc, r.ends_at
                               rows between unbounded preceding and unbounded following)
        ) ranked
         where rank <= ${perLocation}
         order by location_id, ends_at`,
      );
      const summaries = new Map<number, QuartersOverSummary>();
      for (const row of rows) {
        summaries.set(row.location_id, {
          count: row.over,
          largest: row.largest,
          largestEndsAt: new Date(row.largest_ends_at),
        });
      }
      return {
        intervals: rows.map((row) => ({
          locationId: row.location_id,
          endsAt: new Date(row.ends_at),
          amount: row.amount,
        })),
        summaries,
      };
    },

    /**
     * The wet hours ending in (from, to] over every location (the sign-in page's figure): the
     * heaviest amount and whether any location's amount reached its 24-hour threshold.
     */
    async wettestHours(from: Date, to: Date): Promise<WettestHour[]> {
      const rows = await queryRows<{ ends_at: Date | string; largest: number; reached: boolean }>(
        db,
        sql`select r.ends_at, max(r.amount::numeric)::float8 as largest,
                   bool_or(r.amount::numeric >= l.h24_threshold::numeric) as reached
              from ${rainfallHourly} r join ${locations} l on l.id = r.location_id
             where r.ends_at > ${from.toISOString()} and r.ends_at <= ${to.toISOString()}
             group by r.ends_at
             order by r.ends_at`,
      );
      return rows.map((row) => ({
        endsAt: new Date(row.ends_at),
        largest: row.largest,
        thresholdReached: row.reached,
      }));
    },
  };
}

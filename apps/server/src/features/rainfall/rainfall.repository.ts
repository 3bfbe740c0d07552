import { eq, getTableName, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';
import { pgArray } from '../../db/pg-array';
import type { ProductDay } from '../../lib/time';
import { locations } from '../locations/locations.schema';
import type { Pass, PrecipitationProduct } from '../sources/sources';
import { DAY, STEP_MS } from './intervals';
import {
  rainfall15m,
  rainfallFigures,
  rainfallFiguresHour,
  rainfallHourly,
  rainfallSources,
} from './rainfall.schema';

const VALUE_TABLES = { '15m': rainfall15m, '1h': rainfallHourly } as const;
const tableName = (product: PrecipitationProduct) => getTableName(VALUE_TABLES[product]);
/** Serialises partition creation across processes (pg_advisory_xact_lock key). */
const PARTITION_LOCK_KEY = 7_346_002;
/** Serialises refreshes of the stored figures, so the last one to commit saw every earlier write. */
const FIGURES_LOCK_KEY = 7_346_005;

/** One sampled field ready to store: the value (inches, 0 when dry) at each location that has data. */
export interface SampledInterval {
  endsAt: Date;
  pass: Pass;
  locationIds: number[];
  amounts: number[];
}

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

/** The stored figures of the newest processed hour and its pending quarters (`refreshFigures`) of an account's locations. */
export interface StoredFigures {
  /** The hour they were computed for. */
  endsAt: Date;
  /** The newest quarter hour after `endsAt` whose 15-minute values they include (provisional), if any. */
  quartersTo: Date | null;
  /** Local midnight of the day they end in: `dayTotal` counts the intervals after it. */
  dayStart: Date;
  /** Locations without rain in that time are absent. */
  totals: Map<number, { total24h: number; dayTotal: number }>;
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

const partitionName = (product: PrecipitationProduct, month: Date) =>
  `${tableName(product)}_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;

const nextMonth = (month: Date) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));

/** Values are `real`; summing their decimal form keeps totals free of float noise (0.1 + 0.2 = 0.3). */
const exactSum = sql`sum(amount::numeric)::float8`;

/** The days as a derived table `d(date, starts, ends)`. */
const daysTable = (days: readonly ProductDay[]) =>
  sql`unnest(${pgArray(days.map((day) => day.date))}::text[],
             ${pgArray(days.map((day) => day.start))}::timestamptz[],
             ${pgArray(days.map((day) => day.end))}::timestamptz[]) as d(date, starts, ends)`;

export function createRainfallRepository(db: AppDb) {
  return {
    /** The id of a source name, added on first use. */
    async sourceId(name: string): Promise<number> {
      await db.insert(rainfallSources).values({ name }).onConflictDoNothing();
      const rows = await db
        .select({ id: rainfallSources.id })
        .from(rainfallSources)
        .where(eq(rainfallSources.name, name));
      const id = rows[0]?.id;
      if (id === undefined) throw new Error(`rainfall source ${name} missing`);
      return id;
    },

    /** Creates the monthly partitions of `product` that are missing, for months starting at each of `months`. */
    async ensurePartitions(product: PrecipitationProduct, months: readonly Date[]): Promise<void> {
      const names = months.map((month) => partitionName(product, month));
      const existing = await queryRows<{ name: string }>(
        db,
        sql`select relname as name from pg_class where relname = any(${pgArray(names)}::text[])`,
      );
      const have = new Set(existing.map((row) => row.name));
      const missing = months.filter((month) => !have.has(partitionName(product, month)));
      if (missing.length === 0) return;
      await db.transaction(async (tx) => {
        // Two workers creating the same partition would collide in the catalogue without it.
        await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK_KEY})`);
        for (const month of missing) {
          await tx.execute(
            sql.raw(
              `create table if not exists ${partitionName(product, month)} partition of ${tableName(product)}
               for values from ('${month.toISOString()}') to ('${nextMonth(month).toISOString()}')`,
            ),
          );
        }
      });
    },

    /**
     * Stores sampled fields of one product in one statement: wet values are upserted, a dry value
     * deletes what an earlier run or a lower pass stored. A lower pass never replaces a higher
     * one, and a row that would not change is not rewritten, so running it twice changes nothing.
     */
    async storeValues(product: PrecipitationProduct, sourceId: number, fields: readonly SampledInterval[]) {
      if (fields.length === 0) return;
      const table = VALUE_TABLES[product];
      const slots = fields.flatMap((field, index) => field.locationIds.map(() => index + 1));
      const ids = fields.flatMap((field) => field.locationIds);
      const amounts = fields.flatMap((field) => field.amounts);
      const times = fields.map((field) => field.endsAt.getTime());
      const [first, last] = [new Date(Math.min(...times)), new Date(Math.max(...times))];
      await db.execute(sql`
        with fields as (
          select ends_at, pass, slot::int as slot
            from unnest(${pgArray(fields.map((field) => field.endsAt))}::timestamptz[],
                        ${pgArray(fields.map((field) => field.pass))}::smallint[])
                 with ordinality as f(ends_at, pass, slot)
        ), v as (
          select f.ends_at, f.pass, x.location_id, x.amount
            from unnest(${pgArray(slots)}::int[], ${pgArray(ids)}::int[], ${pgArray(amounts)}::real[])
                 as x(slot, location_id, amount)
            join fields f on f.slot = x.slot
        ), cleared as (
          delete from ${table} r using v
           where v.amount = 0 and r.location_id = v.location_id and r.ends_at = v.ends_at and r.pass <= v.pass
             and r.ends_at between ${first.toISOString()} and ${last.toISOString()}
        )
        insert into ${table} as r (location_id, ends_at, amount, pass, source_id)
        select location_id, ends_at, amount, pass, ${sourceId} from v where amount > 0
        on conflict (location_id, ends_at) do update
           set amount = excluded.amount, pass = excluded.pass, source_id = excluded.source_id
         where excluded.pass >= r.pass
           and (excluded.amount, excluded.pass, excluded.source_id) is distinct from (r.amount, r.pass, r.source_id)`);
    },

    /** Deletes the values of `locationIds` for the intervals ending at `endsAt` (a moved location's old ones). */
    async clearLocations(
      product: PrecipitationProduct,
      locationIds: readonly number[],
      endsAt: readonly Date[],
    ): Promise<void> {
      if (locationIds.length === 0 || endsAt.length === 0) return;
      const times = endsAt.map((time) => time.getTime());
      const [first, last] = [new Date(Math.min(...times)), new Date(Math.max(...times))];
      await db.execute(sql`
        delete from ${VALUE_TABLES[product]}
         where location_id = any(${pgArray(locationIds)}::int[])
           and ends_at = any(${pgArray(endsAt)}::timestamptz[])
           and ends_at between ${first.toISOString()} and ${last.toISOString()}`);
    },

    /**
     * Computes the figures the location rows show (D5) at the newest processed hour, as
     * `totalsBetween` gives them: each location's trailing 24 hours, and its hours since local
     * midnight (`timeZone`). The quarter hours stored after that hour are added, provisional until
     * their hourly field arrives: the 24 hours then end with the newest of the pending hours (its
     * quarters so far), and the day is the one the newest quarter ends in. Run in the transaction
     * that wrote (or cleared) the `written` fields (hourly or 15-minute), after them; nothing is
     * done when they are all older than the times of the figures, stored and new. Under a lock,
     * so concurrent writers refresh one after another and the last to commit saw every value
     * committed before it.
     */
    async refreshFigures(timeZone: string, written: readonly { endsAt: Date }[]): Promise<void> {
      if (written.length === 0) return;
      const writtenUpTo = new Date(Math.max(...written.map((field) => field.endsAt.getTime())));
      await db.execute(sql`select pg_advisory_xact_lock(${FIGURES_LOCK_KEY})`);
      await db.execute(sql`
        with hour as (
          select (select max(ends_at) from ingest_intervals
                   where product = '1h' and status in ('processing', 'done')) as ends_at,
                 (select max(ends_at) from ingest_intervals where product = '15m' and status = 'done') as quarter
        ), ends as (
          select ends_at, case when quarter > ends_at then quarter end as quarters_to
            from hour where ends_at is not null
        ), hour_bounds as (
          select ends_at, quarters_to,
                 -- The pending hours end on the hour: 24 hours back from the newest of them.
                 ends_at - interval '24 hours'
                   + ceil(extract(epoch from coalesce(quarters_to, ends_at) - ends_at) / 3600) * interval '1 hour'
                   as trailing_start,
                 date_trunc('day', (coalesce(quarters_to, ends_at) - interval '1 microsecond') at time zone ${timeZone}::text)
                   at time zone ${timeZone}::text as day_start
            from ends
        ), written as (
          select ${writtenUpTo.toISOString()}::timestamptz as up_to
        ), bounds as (
          -- Values older than the times of these figures and of the stored ones change neither.
          select b.* from hour_bounds b, written w
           where w.up_to > least(b.trailing_start, b.day_start)
              or exists (select 1 from ${rainfallFiguresHour} s
                          where w.up_to > least(s.ends_at - interval '24 hours', s.day_start))
        ), amounts as (
          select r.location_id, r.ends_at, r.amount from bounds b
            join ${rainfallHourly} r on r.ends_at > least(b.trailing_start, b.day_start) and r.ends_at <= b.ends_at
          union all
          select q.location_id, q.ends_at, q.amount from bounds b
            join ${rainfall15m} q on q.ends_at > b.ends_at and q.ends_at <= b.quarters_to
        ), sums as (
          select a.location_id,
                 coalesce(sum(a.amount::numeric) filter (where a.ends_at > b.trailing_start), 0)::float8 as total_24h,
                 coalesce(sum(a.amount::numeric) filter (where a.ends_at > b.day_start), 0)::float8 as day_total
            from amounts a, bounds b
           group by a.location_id
        ), dry as (
          delete from ${rainfallFigures} f
           where exists (select 1 from bounds)
             and not exists (select 1 from sums where sums.location_id = f.location_id)
        ), marked as (
          insert into ${rainfallFiguresHour} as h (id, ends_at, quarters_to, day_start)
          select 1, ends_at, quarters_to, day_start from bounds
          on conflict (id) do update
             set ends_at = excluded.ends_at, quarters_to = excluded.quarters_to, day_start = excluded.day_start
           where (h.ends_at, h.quarters_to, h.day_start) is distinct from (excluded.ends_at, excluded.quarters_to, excluded.day_start)
        )
        insert into ${rainfallFigures} as f (location_id, total_24h, day_total)
        select location_id, total_24h, day_total from sums
        on conflict (location_id) do update set total_24h = excluded.total_24h, day_total = excluded.day_total
         where (f.total_24h, f.day_total) is distinct from (excluded.total_24h, excluded.day_total)`);
    },

    /** The stored figures of the account's locations; null before the first refresh. */
    async storedFigures(clientId: number): Promise<StoredFigures | null> {
      const rows = await queryRows<{
        ends_at: Date | string;
        quarters_to: Date | string | null;
        day_start: Date | string;
        location_id: number | null;
        total_24h: number | null;
        day_total: number | null;
      }>(
        db,
        // The location's account is read here, not through the locations feature: one query.
        sql`select h.ends_at, h.quarters_to, h.day_start, f.location_id, f.total_24h, f.day_total
              from ${rainfallFiguresHour} h
              left join lateral (
                select f.location_id, f.total_24h, f.day_total
                  from ${rainfallFigures} f join ${locations} l on l.id = f.location_id
                 where l.client_id = ${clientId}
              ) f on true`,
      );
      const [first] = rows;
      if (!first) return null;
      const totals = new Map<number, { total24h: number; dayTotal: number }>();
      for (const row of rows) {
        if (row.location_id !== null)
          totals.set(row.location_id, { total24h: row.total_24h ?? 0, dayTotal: row.day_total ?? 0 });
      }
      return {
        endsAt: new Date(first.ends_at),
        quartersTo: first.quarters_to === null ? null : new Date(first.quarters_to),
        dayStart: new Date(first.day_start),
        totals,
      };
    },

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
  };
}

export type RainfallRepository = ReturnType<typeof createRainfallRepository>;

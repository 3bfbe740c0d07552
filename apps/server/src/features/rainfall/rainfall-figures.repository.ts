import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { locations } from '../../core/tables/locations';
import {
  rainfall15m,
  rainfallFigures,
  rainfallFiguresHour,
  rainfallHourly,
} from '../../core/tables/rainfall';

/** Serialises refreshes of the stored figures, so the last one to commit saw every earlier write. */
const FIGURES_LOCK_KEY = 7_346_005;

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

/** The stored figures of the location rows (D5): kept up to date by every write, read by the overview. */
export function createRainfallFiguresRepository(db: AppDb) {
  return {
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
  };
}

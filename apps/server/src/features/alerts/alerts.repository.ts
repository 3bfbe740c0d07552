import type { Atlas14Threshold } from '@pluvio/shared/locations';
import type { TierNumber } from '@pluvio/shared/tiers';
import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { monitoredClient } from '../../core/db/monitored-client';
import { pgArray } from '../../core/db/pg-array';
import { levelOfAccount } from '../../core/lib/account-level';
import type { AlertKind } from '../../core/tables/alerts';
import type { LocationReading, OpenEvent } from './alert-rules';

/** Serialises rule evaluations across workers (pg_advisory_xact_lock key). */
const EVALUATION_LOCK_KEY = 7_346_004;

export type Product = '1h' | '15m';

export interface IntervalEnd {
  product: Product;
  endsAt: Date;
}

/** A mark in alert_evaluations: a rainfall interval, or the daily forecast check ('forecast', the forecast day's start). */
export interface Evaluated {
  product: Product | 'forecast';
  endsAt: Date;
}

/** A location whose account asked for forecast notices, with what the forecast rule reads. */
export interface ForecastWatcher {
  locationId: number;
  clientId: number;
  latitude: number;
  longitude: number;
  h24Threshold: number;
  /** The account's level (a trial is Gold, D9). */
  level: TierNumber;
}

export interface NewAlert {
  clientId: number;
  locationId: number;
  kind: AlertKind;
  eventStartedAt: Date;
  recurrenceYears: number;
  firedAt: Date;
  value: number;
  threshold: number;
  notified: boolean;
}

export interface EventChange {
  locationId: number;
  kind: AlertKind;
  startedAt: Date;
  recurrenceYears: number;
}

interface ReadingRow {
  id: number;
  client_id: number;
  h24_threshold: number;
  rapidrain_threshold: number | null;
  atlas14_threshold: Atlas14Threshold | null;
  tier: string;
  is_trial_account: boolean;
  monitored: boolean;
  exceed24h_on: boolean;
  atlas14_on: boolean;
  atlas14_24h_on: boolean;
  atlas14_1h_on: boolean;
  atlas14_first_on: boolean;
  rapidrain_on: boolean;
  trailing: number;
  amount: number;
}

/** The rainfall the rules read at an interval end: hourly, the trailing 24 hours and the hour; quarterly, the quarter. */
function valuesAt(product: Product, endsAt: Date) {
  const end = endsAt.toISOString();
  if (product === '15m') {
    return sql`select location_id, amount::float8 as trailing, amount::float8 as amount
                 from rainfall_15m where ends_at = ${end}`;
  }
  return sql`select location_id, sum(amount::numeric)::float8 as trailing,
                    coalesce(sum(amount::numeric) filter (where ends_at = ${end}), 0)::float8 as amount
               from rainfall_hourly
              where ends_at > ${end}::timestamptz - interval '24 hours' and ends_at <= ${end}
              group by location_id`;
}

/**
 * What the alert rules read. Joins accounts, locations and stored rainfall in one set-based
 * query per interval for speed: which locations crossed a threshold is this feature's question.
 */
export function createAlertsRepository(db: AppDb) {
  return {
    /**
     * Stored intervals whose rules have not run, oldest first, up to the first interval still
     * waiting for its data: rules run in time order, so a backfill is evaluated as it happened.
     */
    async dueIntervals(limit: number): Promise<IntervalEnd[]> {
      const rows = await queryRows<{ product: Product; ends_at: string | Date }>(
        db,
        sql`
        with waiting as (
          select w.product, min(w.ends_at) as first_ends_at from ingest_intervals w
           where w.status in ('pending', 'processing')
             and not exists (select 1 from ingest_intervals d
                              where d.product = w.product and d.ends_at = w.ends_at and d.status = 'done')
           group by w.product
        )
        select distinct i.product, i.ends_at from ingest_intervals i
          left join waiting on waiting.product = i.product
         where i.status = 'done'
           and (waiting.first_ends_at is null or i.ends_at < waiting.first_ends_at)
           and not exists (select 1 from alert_evaluations e where e.product = i.product and e.ends_at = i.ends_at)
         order by i.ends_at, i.product
         limit ${limit}`,
      );
      return rows.map((row) => ({ product: row.product, endsAt: new Date(row.ends_at) }));
    },

    /** Takes the evaluation lock for this transaction; answers whether the interval is still to evaluate, and the newest evaluated. */
    async lockForEvaluation(interval: IntervalEnd) {
      await db.execute(sql`select pg_advisory_xact_lock(${EVALUATION_LOCK_KEY})`);
      const [row] = await queryRows<{ done: boolean; newest: string | null }>(
        db,
        sql`select exists (select 1 from alert_evaluations
                            where product = ${interval.product} and ends_at = ${interval.endsAt.toISOString()}) as done,
                   (select max(ends_at)::text from alert_evaluations where product = ${interval.product}) as newest`,
      );
      return { done: row?.done ?? false, newest: row?.newest ? new Date(row.newest) : null };
    },

    /** The locations with rain at the interval or an event open for one of `kinds`, with their account's settings. */
    async readings(
      interval: IntervalEnd,
      kinds: readonly AlertKind[],
      today: string,
    ): Promise<LocationReading[]> {
      const rows = await queryRows<ReadingRow>(
        db,
        sql`
        with v as (${valuesAt(interval.product, interval.endsAt)}),
        candidates as (
          select location_id from v
          union select location_id from alert_events where kind = any(${pgArray(kinds)}::text[])
        )
        select l.id, l.client_id, l.h24_threshold, l.rapidrain_threshold, l.atlas14_threshold, c.tier, c.is_trial_account,
               ${monitoredClient(sql`c`, today)} as monitored,
               c.exceed24h_on, c.atlas14_on, c.atlas14_24h_on, c.atlas14_1h_on, c.atlas14_first_on, c.rapidrain_on,
               coalesce(v.trailing, 0) as trailing, coalesce(v.amount, 0) as amount
          from candidates x
          join locations l on l.id = x.location_id
          join clients c on c.id = l.client_id
          left join v on v.location_id = l.id`,
      );
      return rows.map((row) => ({
        locationId: row.id,
        clientId: row.client_id,
        h24Threshold: row.h24_threshold,
        rapidrainThreshold: row.rapidrain_threshold,
        atlas14: row.atlas14_threshold,
        level: levelOfAccount({ tier: row.tier, isTrialAccount: row.is_trial_account }),
        monitored: row.monitored,
        settings: {
          exceed24hOn: row.exceed24h_on,
          atlas14On: row.atlas14_on,
          atlas14H24On: row.atlas14_24h_on,
          atlas14H1On: row.atlas14_1h_on,
          atlas14FirstOn: row.atlas14_first_on,
          rapidrainOn: row.rapidrain_on,
        },
        trailing24h: row.trailing,
        amount: row.amount,
      }));
    },

    /** The locations of monitored accounts with `forecast_on`, whatever their tier. */
    async forecastWatchers(today: string): Promise<ForecastWatcher[]> {
      const rows = await queryRows<{
        id: number;
        client_id: number;
        latitude: number;
        longitude: number;
        h24_threshold: number;
        tier: string;
        is_trial_account: boolean;
      }>(
        db,
        sql`select l.id, l.client_id, l.latitude, l.longitude, l.h24_threshold, c.tier, c.is_trial_account
              from locations l join clients c on c.id = l.client_id
             where c.forecast_on and ${monitoredClient(sql`c`, today)}
             order by l.id`,
      );
      return rows.map((row) => ({
        locationId: row.id,
        clientId: row.client_id,
        latitude: row.latitude,
        longitude: row.longitude,
        h24Threshold: row.h24_threshold,
        level: levelOfAccount({ tier: row.tier, isTrialAccount: row.is_trial_account }),
      }));
    },

    async isEvaluated(mark: Evaluated): Promise<boolean> {
      const [row] = await queryRows<{ done: boolean }>(
        db,
        sql`select exists (select 1 from alert_evaluations
                            where product = ${mark.product} and ends_at = ${mark.endsAt.toISOString()}) as done`,
      );
      return row?.done ?? false;
    },

    /** Open events of these kinds, keyed by `${locationId} ${kind}`. */
    async openEvents(kinds: readonly AlertKind[]): Promise<Map<string, OpenEvent>> {
      const rows = await queryRows<{
        location_id: number;
        kind: AlertKind;
        started_at: string | Date;
        recurrence_years: number;
      }>(db, sql`select * from alert_events where kind = any(${pgArray(kinds)}::text[])`);
      return new Map(
        rows.map((row) => [
          `${row.location_id} ${row.kind}`,
          { startedAt: new Date(row.started_at), recurrenceYears: row.recurrence_years },
        ]),
      );
    },

    async saveEvents(opened: readonly EventChange[], closed: readonly EventChange[]): Promise<void> {
      if (opened.length > 0) {
        await db.execute(sql`
          insert into alert_events (location_id, kind, started_at, recurrence_years)
          select * from unnest(${pgArray(opened.map((event) => event.locationId))}::int[],
                               ${pgArray(opened.map((event) => event.kind))}::text[],
                               ${pgArray(opened.map((event) => event.startedAt))}::timestamptz[],
                               ${pgArray(opened.map((event) => event.recurrenceYears))}::smallint[])
          on conflict (location_id, kind) do update
             set started_at = excluded.started_at, recurrence_years = excluded.recurrence_years`);
      }
      if (closed.length > 0) {
        await db.execute(sql`
          delete from alert_events e
           using unnest(${pgArray(closed.map((event) => event.locationId))}::int[],
                        ${pgArray(closed.map((event) => event.kind))}::text[]) as k(location_id, kind)
           where e.location_id = k.location_id and e.kind = k.kind`);
      }
    },

    /** Records the alerts; one already recorded for the same event and level is left as it is. */
    async insertAlerts(rows: readonly NewAlert[]): Promise<number> {
      if (rows.length === 0) return 0;
      const column = (pick: (row: NewAlert) => number | string | Date | boolean) =>
        pgArray(
          rows.map((row) => {
            const value = pick(row);
            return typeof value === 'boolean' ? String(value) : value;
          }),
        );
      const inserted = await queryRows<{ id: number }>(
        db,
        sql`
        insert into alerts (client_id, location_id, kind, event_started_at, recurrence_years, fired_at, value, threshold, notified)
        select * from unnest(${column((row) => row.clientId)}::int[], ${column((row) => row.locationId)}::int[],
                             ${column((row) => row.kind)}::text[], ${column((row) => row.eventStartedAt)}::timestamptz[],
                             ${column((row) => row.recurrenceYears)}::smallint[], ${column((row) => row.firedAt)}::timestamptz[],
                             ${column((row) => row.value)}::real[], ${column((row) => row.threshold)}::real[],
                             ${column((row) => row.notified)}::boolean[])
        on conflict do nothing
        returning id`,
      );
      return inserted.length;
    },

    async markEvaluated(mark: Evaluated, now: Date, alerts: number): Promise<void> {
      await db.execute(sql`
        insert into alert_evaluations (product, ends_at, evaluated_at, alerts)
        values (${mark.product}, ${mark.endsAt.toISOString()}, ${now.toISOString()}, ${alerts})
        on conflict do nothing`);
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;

import type { Paging } from '@pluvio/shared/lists';
import type { StormEventStatus } from '@pluvio/shared/storm-events-api';
import { type SQL, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { pgArray } from '../../core/db/pg-array';
import type { StormEventFigures } from '../../core/tables/storm-events';

/** What the account's events are filtered by; `contactId` limits them to a plain contact's locations. */
export interface StormEventFilter {
  clientId: number;
  contactId: number | null;
  locationId?: number;
  status?: StormEventStatus;
  /** Events that started in [from, to). */
  from?: Date;
  to?: Date;
}

export interface StormEventRow {
  id: number;
  client_id: number;
  location_id: number;
  location_name: string;
  started_at: string | Date;
  ended_at: string | Date | null;
  opened_at: string | Date;
  total: number;
  wettest_hour_ends_at: string | Date;
  wettest_hour_amount: number;
  passes: number[];
  sources: string[];
  threshold: number;
  inspection_rule: 'within_24h' | 'next_business_day';
  due_at: string | Date | null;
  revised_at: string | Date | null;
  status: StormEventStatus;
}

export interface RevisionRow {
  revised_at: string | Date;
  change: 'opened' | 'changed' | 'removed';
  before: StormEventFigures | null;
  after: StormEventFigures | null;
}

/**
 * Where an event stands at `now`, as `inspectionStatus` in packages/shared decides it (a removed
 * event first; one found after its deadline is past, never overdue); in SQL so a page can be
 * filtered and counted by it.
 */
/** The event aliased `e` has an inspection made at or after its end: the one the permit asks for. */
export const inspected = sql`exists (select 1 from inspections i where i.event_id = e.id and i.inspected_at >= e.ended_at)`;

function statusAt(now: Date): SQL {
  return sql`case when e.removed_at is not null then 'removed'
                  when e.ended_at is null then 'open'
                  when ${inspected} then 'inspected'
                  when e.detected_at >= e.due_at then 'past'
                  when e.due_at < ${now.toISOString()} then 'overdue'
                  else 'due' end`;
}

function whereOf(filter: StormEventFilter, now: Date): SQL {
  const conditions = [sql`l.client_id = ${filter.clientId}`];
  if (filter.contactId !== null) {
    conditions.push(
      sql`l.id in (select location_id from contact_locations where contact_id = ${filter.contactId})`,
    );
  }
  if (filter.locationId !== undefined) conditions.push(sql`e.location_id = ${filter.locationId}`);
  if (filter.from) conditions.push(sql`e.started_at >= ${filter.from.toISOString()}`);
  if (filter.to) conditions.push(sql`e.started_at < ${filter.to.toISOString()}`);
  conditions.push(filter.status ? sql`${statusAt(now)} = ${filter.status}` : sql`e.removed_at is null`);
  return sql.join(conditions, sql` and `);
}

function selectEvents(now: Date): SQL {
  return sql`select e.id, l.client_id, e.location_id, l.name as location_name, e.started_at, e.ended_at,
                    e.opened_at, e.total, e.wettest_hour_ends_at, e.wettest_hour_amount, e.passes, e.sources,
                    e.threshold, e.inspection_rule, e.due_at, e.revised_at, ${statusAt(now)} as status
               from storm_events e join locations l on l.id = e.location_id`;
}

export function createStormEventsRepository(db: AppDb) {
  return {
    /** One page of the account's events, newest first, and how many there are in all. */
    async page(filter: StormEventFilter, paging: Paging, now: Date) {
      const where = whereOf(filter, now);
      const limit = paging.page_size;
      const offset = (paging.page - 1) * paging.page_size;
      const [rows, counted] = await Promise.all([
        queryRows<StormEventRow>(
          db,
          sql`${selectEvents(now)} where ${where} order by e.started_at desc, e.id desc limit ${limit} offset ${offset}`,
        ),
        queryRows<{ total: number | string }>(
          db,
          sql`select count(*) as total from storm_events e join locations l on l.id = e.location_id where ${where}`,
        ),
      ]);
      return { rows, total: Number(counted[0]?.total ?? 0) };
    },

    /** Per location, its most urgent event not yet inspected: overdue, then due soonest, then raining. */
    async pending(filter: Pick<StormEventFilter, 'clientId' | 'contactId'>, now: Date) {
      const where = sql`${whereOf({ ...filter, status: undefined }, now)} and ${statusAt(now)} in ('open', 'due', 'overdue')`;
      return queryRows<{
        location_id: number;
        event_id: number;
        status: 'open' | 'due' | 'overdue';
        due_at: string | Date | null;
      }>(
        db,
        sql`select distinct on (e.location_id) e.location_id, e.id as event_id, ${statusAt(now)} as status, e.due_at
              from storm_events e join locations l on l.id = e.location_id
             where ${where}
             order by e.location_id, e.due_at asc nulls last, e.started_at`,
      );
    },

    async find(id: number, now: Date): Promise<StormEventRow | null> {
      const [row] = await queryRows<StormEventRow>(db, sql`${selectEvents(now)} where e.id = ${id}`);
      return row ?? null;
    },

    /**
     * The events of the account's `locationIds` that started in [from, to), removed ones too, by
     * location and start: what the permit report lists.
     */
    async ofLocations(clientId: number, locationIds: number[], from: Date, to: Date, now: Date) {
      if (locationIds.length === 0) return [];
      return queryRows<StormEventRow>(
        db,
        sql`${selectEvents(now)}
             where l.client_id = ${clientId} and e.location_id = any(${pgArray(locationIds)}::int[])
               and e.started_at >= ${from.toISOString()} and e.started_at < ${to.toISOString()}
             order by e.location_id, e.started_at, e.id`,
      );
    },

    /** The revisions of each of `eventIds`, oldest first. */
    async revisionsOf(eventIds: number[]): Promise<(RevisionRow & { event_id: number })[]> {
      if (eventIds.length === 0) return [];
      return queryRows<RevisionRow & { event_id: number }>(
        db,
        sql`select event_id, revised_at, change, before, after from storm_event_revisions
             where event_id = any(${pgArray(eventIds)}::int[]) order by revised_at, id`,
      );
    },

    async revisions(eventId: number): Promise<RevisionRow[]> {
      return queryRows<RevisionRow>(
        db,
        sql`select revised_at, change, before, after from storm_event_revisions
             where event_id = ${eventId} order by revised_at, id`,
      );
    },

    /** The location's stored (wet) hours ending in (from, to]. */
    async hours(locationId: number, from: Date, to: Date) {
      return queryRows<{ ends_at: string | Date; amount: number; pass: number }>(
        db,
        sql`select ends_at, amount, pass from rainfall_hourly
             where location_id = ${locationId} and ends_at > ${from.toISOString()} and ends_at <= ${to.toISOString()}
             order by ends_at`,
      );
    },
  };
}

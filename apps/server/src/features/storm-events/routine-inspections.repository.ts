import { ROUTINE_NOTICE_HOUR, type RoutineStatus } from '@pluvio/shared/routine-inspections';
import { type SQL, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';

/** Which locations' routine schedules to read; `contactId` limits them to a plain contact's locations. */
export interface RoutineFilter {
  clientId: number;
  contactId: number | null;
  locationId?: number;
}

export interface RoutineRow {
  location_id: number;
  client_id: number;
  location_name: string;
  cadence_days: number;
  since: string | Date;
  last_id: number | null;
  last_inspected_at: string | Date | null;
  last_inspector_name: string | null;
  due_at: string | Date;
  status: RoutineStatus;
}

/**
 * The CTE `schedule`: each location aliased `l` with a routine cadence that `where` keeps, its
 * latest inspection of any kind, and when its next routine inspection is due: the end of the day
 * (in `timeZone`) `cadence` days after that inspection, or after the cadence was set when it is
 * later. `notice_at` is ROUTINE_NOTICE_HOUR o'clock of the due day, when contacts are told.
 * The rule lives here once: the schedule's page and its notices both read it.
 */
export function routineSchedule(timeZone: string, where: SQL): SQL {
  const zone = sql`${timeZone}::text`;
  return sql`
    routine as (
      select l.id as location_id, l.client_id, l.name as location_name,
             l.routine_cadence_days as cadence_days, l.routine_since as since,
             last.id as last_id, last.inspected_at as last_inspected_at, last.inspector_name as last_inspector_name,
             (greatest(l.routine_since, last.inspected_at) at time zone ${zone})::date + l.routine_cadence_days as due_date
        from locations l
        left join lateral (
          select i.id, i.inspected_at, i.inspector_name from inspections i
           where i.location_id = l.id order by i.inspected_at desc, i.id desc limit 1
        ) last on true
       where l.routine_cadence_days is not null and ${where}
    ),
    schedule as (
      select r.*,
             ((r.due_date + 1)::timestamp at time zone ${zone}) - interval '1 millisecond' as due_at,
             (r.due_date::timestamp + interval '${sql.raw(String(ROUTINE_NOTICE_HOUR))} hours') at time zone ${zone} as notice_at
        from routine r
    )`;
}

function whereOf(filter: RoutineFilter): SQL {
  const conditions = [sql`l.client_id = ${filter.clientId}`];
  if (filter.contactId !== null) {
    conditions.push(
      sql`l.id in (select location_id from contact_locations where contact_id = ${filter.contactId})`,
    );
  }
  if (filter.locationId !== undefined) conditions.push(sql`l.id = ${filter.locationId}`);
  return sql.join(conditions, sql` and `);
}

export function createRoutineInspectionsRepository(db: AppDb, timeZone: string) {
  return {
    /** The locations' routine schedules at `now`: overdue ones first, then by due time and name. */
    list(filter: RoutineFilter, now: Date): Promise<RoutineRow[]> {
      const at = now.toISOString();
      return queryRows<RoutineRow>(
        db,
        sql`with ${routineSchedule(timeZone, whereOf(filter))}
            select s.location_id, s.client_id, s.location_name, s.cadence_days, s.since, s.last_id,
                   s.last_inspected_at, s.last_inspector_name, s.due_at,
                   case when s.due_at < ${at} then 'overdue' else 'due' end as status
              from schedule s
             order by s.due_at < ${at} desc, s.due_at, lower(s.location_name), s.location_id`,
      );
    },
  };
}

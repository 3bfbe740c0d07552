import { REMINDER_HOURS } from '@pluvio/shared/inspection-clock';
import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { monitoredClient } from '../../core/db/monitored-client';
import {
  type InspectionNoticeKind,
  inspectionNotices,
  routineInspectionNotices,
} from '../../core/tables/storm-events';
import { routineSchedule } from './routine-inspections.repository';
import { inspected } from './storm-events.repository';

/** What every notice names and is decided by. */
interface NoticeBase {
  kind: InspectionNoticeKind;
  clientId: number;
  locationId: number;
  locationName: string;
  dueAt: Date;
  /** When the contacts were told the inspection is due; null before. */
  dueNoticeAt: Date | null;
  monitored: boolean;
}

/** A storm event with a notice to decide, and what its messages name. */
export interface EventNotice extends NoticeBase {
  subject: 'event';
  eventId: number;
  startedAt: Date;
  endedAt: Date;
  total: number;
  detectedAt: Date;
  /** An inspection made at or after the event's end: the reminder and the overdue notice are then moot. */
  inspected: boolean;
}

/** A routine inspection due date with a notice to decide (an inspection moves the date, so it is never inspected). */
export interface RoutineNotice extends NoticeBase {
  subject: 'routine';
  cadenceDays: number;
  lastInspectedAt: Date | null;
}

export type NoticeCandidate = EventNotice | RoutineNotice;

/** A candidate as its query answers it: each time as the driver gives it (text, or a Date). */
type Answered<T> = {
  [K in keyof T]: T[K] extends Date ? string | Date : T[K] extends Date | null ? string | Date | null : T[K];
};

const dateOf = (value: string | Date) => new Date(value);
const dateOrNull = (value: string | Date | null) => (value === null ? null : dateOf(value));

/** The times every candidate has, as the notice keeps them. */
function noticeTimes(row: Answered<NoticeBase>) {
  return { dueAt: dateOf(row.dueAt), dueNoticeAt: dateOrNull(row.dueNoticeAt) };
}

/** The clock's order of a location's or event's notices: the reminder only once the due notice is decided. */
const KIND_ORDER = sql.raw(`case w.kind when 'due' then 0 when 'reminder' then 1 else 2 end`);
const REMINDER = sql.raw(`interval '${REMINDER_HOURS} hours'`);

/** Events due longer ago than this are past every notice: they are not looked at again. */
const DECIDED_WITHIN_DAYS = 2;

/** Storm events' and routine inspections' notices to be decided, and the record of each decision. */
export function createInspectionNoticesRepository(db: AppDb, timeZone: string) {
  return {
    /**
     * Notices whose time has come and that are not decided yet, oldest event first and, per
     * event, in the clock's order: the reminder only once the due notice is decided.
     */
    async candidates(now: Date, today: string, limit: number): Promise<EventNotice[]> {
      const at = now.toISOString();
      const rows = await queryRows<Answered<EventNotice>>(
        db,
        sql`
        with recent as (
          select e.id, e.due_at from storm_events e
           where e.removed_at is null and e.due_at > ${at}::timestamptz - interval '${sql.raw(String(DECIDED_WITHIN_DAYS))} days'
        ),
        waiting as (
          select r.id, 'due' as kind from recent r
          union all
          select r.id, 'reminder' from recent r
           where r.due_at - ${REMINDER} <= ${at}
             and exists (select 1 from inspection_notices n where n.event_id = r.id and n.kind = 'due')
          union all
          select r.id, 'overdue' from recent r where r.due_at < ${at}
        )
        select 'event' as subject, w.kind, e.id as "eventId", l.client_id as "clientId", e.location_id as "locationId",
               l.name as "locationName", e.started_at as "startedAt", e.ended_at as "endedAt", e.total,
               e.due_at as "dueAt", e.detected_at as "detectedAt",
               (select n.decided_at from inspection_notices n where n.event_id = e.id and n.kind = 'due') as "dueNoticeAt",
               ${monitoredClient(sql`c`, today)} as monitored, ${inspected} as inspected
          from waiting w
          join storm_events e on e.id = w.id
          join locations l on l.id = e.location_id
          join clients c on c.id = l.client_id
         where not exists (select 1 from inspection_notices n where n.event_id = w.id and n.kind = w.kind)
         order by e.id, ${KIND_ORDER}
         limit ${limit}`,
      );
      return rows.map((row) => ({
        ...row,
        ...noticeTimes(row),
        startedAt: dateOf(row.startedAt),
        endedAt: dateOf(row.endedAt),
        detectedAt: dateOf(row.detectedAt),
      }));
    },

    /**
     * Routine inspection notices whose time has come and that are not decided yet: the due
     * notice from ROUTINE_NOTICE_HOUR of the due day, the reminder once the due notice is decided.
     */
    async routineCandidates(now: Date, today: string, limit: number): Promise<RoutineNotice[]> {
      const at = now.toISOString();
      const rows = await queryRows<Answered<RoutineNotice>>(
        db,
        sql`
        with ${routineSchedule(timeZone, sql`true`)},
        recent as (
          select * from schedule s
           where s.due_at > ${at}::timestamptz - interval '${sql.raw(String(DECIDED_WITHIN_DAYS))} days'
        ),
        waiting as (
          select r.location_id, r.due_at, 'due' as kind from recent r where r.notice_at <= ${at}
          union all
          select r.location_id, r.due_at, 'reminder' from recent r
           where r.due_at - ${REMINDER} <= ${at}
             and exists (select 1 from routine_inspection_notices n
                          where n.location_id = r.location_id and n.due_at = r.due_at and n.kind = 'due')
          union all
          select r.location_id, r.due_at, 'overdue' from recent r where r.due_at < ${at}
        )
        select 'routine' as subject, w.kind, r.client_id as "clientId", r.location_id as "locationId",
               r.location_name as "locationName", r.cadence_days as "cadenceDays",
               r.last_inspected_at as "lastInspectedAt", r.due_at as "dueAt",
               (select n.decided_at from routine_inspection_notices n
                 where n.location_id = r.location_id and n.due_at = r.due_at and n.kind = 'due') as "dueNoticeAt",
               ${monitoredClient(sql`c`, today)} as monitored
          from waiting w
          join recent r on r.location_id = w.location_id
          join clients c on c.id = r.client_id
         where not exists (select 1 from routine_inspection_notices n
                            where n.location_id = w.location_id and n.due_at = w.due_at and n.kind = w.kind)
         order by r.location_id, ${KIND_ORDER}
         limit ${limit}`,
      );
      return rows.map((row) => ({
        ...row,
        ...noticeTimes(row),
        lastInspectedAt: dateOrNull(row.lastInspectedAt),
      }));
    },

    /** Records the decision; false when another worker decided it first (then it sends nothing). */
    async decide(candidate: NoticeCandidate, now: Date, sent: boolean): Promise<boolean> {
      const decision = { kind: candidate.kind, decidedAt: now, sent };
      const rows =
        candidate.subject === 'event'
          ? await db
              .insert(inspectionNotices)
              .values({ ...decision, eventId: candidate.eventId })
              .onConflictDoNothing()
              .returning({ kind: inspectionNotices.kind })
          : await db
              .insert(routineInspectionNotices)
              .values({ ...decision, locationId: candidate.locationId, dueAt: candidate.dueAt })
              .onConflictDoNothing()
              .returning({ kind: routineInspectionNotices.kind });
      return rows.length === 1;
    },

    async countMessages(candidate: NoticeCandidate, messages: number) {
      await db.execute(
        candidate.subject === 'event'
          ? sql`update inspection_notices set messages = ${messages}
                 where event_id = ${candidate.eventId} and kind = ${candidate.kind}`
          : sql`update routine_inspection_notices set messages = ${messages}
                 where location_id = ${candidate.locationId} and due_at = ${candidate.dueAt.toISOString()}
                   and kind = ${candidate.kind}`,
      );
    },
  };
}

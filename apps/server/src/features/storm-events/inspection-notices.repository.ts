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

/** The columns every candidate row has. */
interface BaseRow {
  kind: InspectionNoticeKind;
  client_id: number;
  location_id: number;
  location_name: string;
  due_at: string | Date;
  due_notice_at: string | Date | null;
  monitored: boolean;
}

interface CandidateRow extends BaseRow {
  event_id: number;
  started_at: string | Date;
  ended_at: string | Date;
  total: number;
  detected_at: string | Date;
  inspected: boolean;
}

interface RoutineCandidateRow extends BaseRow {
  cadence_days: number;
  last_inspected_at: string | Date | null;
}

const dateOf = (value: string | Date) => new Date(value);
const dateOrNull = (value: string | Date | null) => (value === null ? null : dateOf(value));

/** What every candidate's row gives, as the notice keeps it. */
function baseOf(row: BaseRow): NoticeBase {
  return {
    kind: row.kind,
    clientId: row.client_id,
    locationId: row.location_id,
    locationName: row.location_name,
    dueAt: dateOf(row.due_at),
    dueNoticeAt: dateOrNull(row.due_notice_at),
    monitored: row.monitored,
  };
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
      const rows = await queryRows<CandidateRow>(
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
        select w.kind, e.id as event_id, l.client_id, e.location_id, l.name as location_name, e.started_at,
               e.ended_at, e.total, e.due_at, e.detected_at,
               (select n.decided_at from inspection_notices n where n.event_id = e.id and n.kind = 'due') as due_notice_at,
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
        ...baseOf(row),
        subject: 'event' as const,
        eventId: row.event_id,
        startedAt: dateOf(row.started_at),
        endedAt: dateOf(row.ended_at),
        total: row.total,
        detectedAt: dateOf(row.detected_at),
        inspected: row.inspected,
      }));
    },

    /**
     * Routine inspection notices whose time has come and that are not decided yet: the due
     * notice from ROUTINE_NOTICE_HOUR of the due day, the reminder once the due notice is decided.
     */
    async routineCandidates(now: Date, today: string, limit: number): Promise<RoutineNotice[]> {
      const at = now.toISOString();
      const rows = await queryRows<RoutineCandidateRow>(
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
        select w.kind, r.client_id, r.location_id, r.location_name, r.cadence_days, r.last_inspected_at,
               r.due_at,
               (select n.decided_at from routine_inspection_notices n
                 where n.location_id = r.location_id and n.due_at = r.due_at and n.kind = 'due') as due_notice_at,
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
        ...baseOf(row),
        subject: 'routine' as const,
        cadenceDays: row.cadence_days,
        lastInspectedAt: dateOrNull(row.last_inspected_at),
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

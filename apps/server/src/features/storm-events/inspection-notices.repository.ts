import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { monitoredClient } from '../../core/db/monitored-client';
import { type InspectionNoticeKind, inspectionNotices } from '../../core/tables/storm-events';
import { inspected } from './storm-events.repository';

/** An event with a notice to decide, and what its messages name. */
export interface NoticeCandidate {
  kind: InspectionNoticeKind;
  eventId: number;
  clientId: number;
  locationId: number;
  locationName: string;
  startedAt: Date;
  endedAt: Date;
  total: number;
  dueAt: Date;
  detectedAt: Date;
  /** When the contacts were told the inspection is due; null before. */
  dueNoticeAt: Date | null;
  monitored: boolean;
  /** An inspection made at or after the event's end: the reminder and the overdue notice are then moot. */
  inspected: boolean;
}

interface CandidateRow {
  kind: InspectionNoticeKind;
  event_id: number;
  client_id: number;
  location_id: number;
  location_name: string;
  started_at: string | Date;
  ended_at: string | Date;
  total: number;
  due_at: string | Date;
  detected_at: string | Date;
  due_notice_at: string | Date | null;
  monitored: boolean;
  inspected: boolean;
}

const dateOf = (value: string | Date) => new Date(value);

/** Events due longer ago than this are past every notice: they are not looked at again. */
const DECIDED_WITHIN_DAYS = 2;

/** Storm events whose inspection notices are to be decided, and the record of each decision. */
export function createInspectionNoticesRepository(db: AppDb) {
  return {
    /**
     * Notices whose time has come and that are not decided yet, oldest event first and, per
     * event, in the clock's order: the reminder only once the due notice is decided.
     */
    async candidates(now: Date, today: string, limit: number): Promise<NoticeCandidate[]> {
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
           where r.due_at - interval '4 hours' <= ${at}
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
         order by e.id, case w.kind when 'due' then 0 when 'reminder' then 1 else 2 end
         limit ${limit}`,
      );
      return rows.map((row) => ({
        kind: row.kind,
        eventId: row.event_id,
        clientId: row.client_id,
        locationId: row.location_id,
        locationName: row.location_name,
        startedAt: dateOf(row.started_at),
        endedAt: dateOf(row.ended_at),
        total: row.total,
        dueAt: dateOf(row.due_at),
        detectedAt: dateOf(row.detected_at),
        dueNoticeAt: row.due_notice_at === null ? null : dateOf(row.due_notice_at),
        monitored: row.monitored,
        inspected: row.inspected,
      }));
    },

    /** Records the decision; false when another worker decided it first (then it sends nothing). */
    async decide(candidate: NoticeCandidate, now: Date, sent: boolean): Promise<boolean> {
      const rows = await db
        .insert(inspectionNotices)
        .values({ eventId: candidate.eventId, kind: candidate.kind, decidedAt: now, sent })
        .onConflictDoNothing()
        .returning({ eventId: inspectionNotices.eventId });
      return rows.length === 1;
    },

    async countMessages(candidate: NoticeCandidate, messages: number) {
      await db.execute(
        sql`update inspection_notices set messages = ${messages}
             where event_id = ${candidate.eventId} and kind = ${candidate.kind}`,
      );
    },
  };
}

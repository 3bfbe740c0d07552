import { REMINDER_HOURS } from '@pluvio/shared/inspection-clock';
import { type AccountEvent, recordAccountEvents } from '../../core/account-events';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { HOUR_MS, productDate } from '../../core/lib/time';
import {
  createRecipientsRepository,
  enqueueMessages,
  inspectionChannels,
  type OutboxBatchQueue,
} from '../notifications';
import { composeInspectionMessage, type InspectionMessageOptions } from './inspection-messages';
import { createInspectionNoticesRepository, type NoticeCandidate } from './inspection-notices.repository';

const NOTICES_PER_BATCH = 200;
const REMINDER_MS = REMINDER_HOURS * HOUR_MS;
/** The owner hears of an overdue inspection until this long after it was due (a worker back from a stop). */
const OVERDUE_NOTICE_WITHIN_MS = 24 * HOUR_MS;
const KIND = 'inspection';

export interface InspectionNoticesOptions extends InspectionMessageOptions {
  clock: Clock;
  outboxIn: (db: AppDb) => OutboxBatchQueue;
  onQueued?: () => Promise<void>;
}

/**
 * Whether a notice still helps when its time is decided: the due notice and the reminder before
 * the deadline (a reminder only when the due notice went out before the reminder's time, else
 * it repeats it), the overdue notice within a day of the deadline, for a storm event known
 * before it. An event found in old rainfall (a backfill, a new location's history) is past all
 * three, and an inspection made since the event ended makes the reminder and the overdue notice
 * moot. (An inspection moves a routine due date: the old date's notices are not looked at again.)
 */
export function isTimely(notice: NoticeCandidate, now: Date): boolean {
  const beforeDeadline = now.getTime() < notice.dueAt.getTime();
  if (notice.kind === 'due') return beforeDeadline;
  if (notice.subject === 'event' && notice.inspected) return false;
  if (notice.kind === 'reminder') {
    const remindAt = notice.dueAt.getTime() - REMINDER_MS;
    return beforeDeadline && notice.dueNoticeAt !== null && notice.dueNoticeAt.getTime() < remindAt;
  }
  const knownBeforeDeadline = notice.subject === 'routine' || notice.detectedAt < notice.dueAt;
  return knownBeforeDeadline && now.getTime() - notice.dueAt.getTime() <= OVERDUE_NOTICE_WITHIN_MS;
}

/** The webhook event of a notice sent: `inspection.due` or `inspection.overdue` (reminders have none). */
function noticeEvents(notice: NoticeCandidate): AccountEvent[] {
  if (notice.kind === 'reminder') return [];
  const data = {
    location_id: notice.locationId,
    location_name: notice.locationName,
    due_at: notice.dueAt.toISOString(),
    ...(notice.subject === 'event'
      ? { reason: 'storm_event', storm_event_id: notice.eventId }
      : { reason: 'routine', cadence_days: notice.cadenceDays }),
  };
  const type = notice.kind === 'due' ? 'inspection.due' : 'inspection.overdue';
  return [{ clientId: notice.clientId, type, data }];
}

/**
 * The inspection clock's notices (issue 28 point 3): "Inspection due" to the location's contacts
 * when an event ends (a routine inspection: the morning of its due day), a reminder 4 hours
 * before the deadline, "Inspection overdue" to the owner when it passes. Each notice is decided in one transaction with its messages: exactly once,
 * whichever worker decides it, whatever crashes.
 */
export function createInspectionNoticesService(db: AppDb, options: InspectionNoticesOptions) {
  const { clock, timeZone } = options;
  const repository = createInspectionNoticesRepository(db, timeZone);
  const findings = [repository.candidates, repository.routineCandidates];

  async function recipientsOf(tx: AppDb, notice: NoticeCandidate) {
    const recipients = createRecipientsRepository(tx);
    if (notice.kind === 'overdue') {
      const owner = (await recipients.ownerEmails([notice.clientId])).get(notice.clientId);
      return owner ? [{ channel: 'email' as const, address: owner }] : [];
    }
    const contacts = await recipients.assignedContacts([notice.locationId]);
    const channels = contacts.flatMap(inspectionChannels);
    const seen = new Set<string>();
    return channels.filter((channel) => {
      const key = `${channel.channel} ${channel.address.toLowerCase()}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** Decides one notice and queues its messages in the same transaction; answers how many it queued. */
  async function decide(notice: NoticeCandidate, now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const txRepository = createInspectionNoticesRepository(tx, timeZone);
      const send = notice.monitored && isTimely(notice, now);
      if (!(await txRepository.decide(notice, now, send)) || !send) return 0;
      const messages = (await recipientsOf(tx, notice)).map((recipient) =>
        composeInspectionMessage(recipient, notice, options),
      );
      await enqueueMessages(options.outboxIn(tx), KIND, messages);
      await txRepository.countMessages(notice, messages.length);
      await recordAccountEvents(tx, noticeEvents(notice), now);
      return messages.length;
    });
  }

  return {
    /** Decides every notice whose time has come; answers how many messages it queued. */
    async notifyDue(): Promise<number> {
      let queued = 0;
      for (const find of findings) {
        for (;;) {
          const now = clock.now();
          const candidates = await find(now, productDate(now, timeZone), NOTICES_PER_BATCH);
          for (const notice of candidates) queued += await decide(notice, now);
          if (candidates.length < NOTICES_PER_BATCH) break;
        }
      }
      if (queued > 0) await options.onQueued?.();
      return queued;
    },
  };
}

export type InspectionNoticesService = ReturnType<typeof createInspectionNoticesService>;

import { type AccountEvent, recordAccountEvents } from '../../core/account-events';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import {
  type ContactRecipient,
  contactChannels,
  createRecipientsRepository,
  enqueueMessages,
  type OutboxBatchQueue,
} from '../notifications';
import { createAlertDispatchRepository } from './alert-dispatch.repository';
import type { AlertMessage } from './alert-messages';
import {
  type AlertToSend,
  type MessageOptions,
  noticeOf,
  planMessages,
  type Recipient,
} from './alert-messages';

const ALERTS_PER_RUN = 500;

export interface AlertDispatchOptions extends MessageOptions {
  clock: Clock;
  /** The outbox writing in `db`, so alerts and their messages commit together. */
  outboxIn: (db: AppDb) => OutboxBatchQueue;
  /** Wakes the delivery worker after messages are queued. */
  onQueued?: () => Promise<void>;
}

const KIND = 'alert';

/** Queues the messages in two statements and links each to its alerts in one more. */
async function queueMessages(
  outbox: OutboxBatchQueue,
  repository: ReturnType<typeof createAlertDispatchRepository>,
  messages: readonly AlertMessage[],
) {
  const outboxIds = await enqueueMessages(outbox, KIND, messages);
  await repository.recordDeliveries(
    messages.flatMap((message, index) =>
      message.alertIds.map((alertId) => ({ alertId, outboxId: outboxIds[index] as number })),
    ),
  );
}

/** The `alert.fired` webhook event of an alert. */
function firedEvent(alert: AlertToSend): AccountEvent {
  return {
    clientId: alert.clientId,
    type: 'alert.fired',
    data: {
      alert_id: alert.id,
      kind: alert.kind,
      location_id: alert.locationId,
      location_name: alert.locationName,
      value: alert.value,
      threshold: alert.threshold,
      recurrence_years: alert.recurrenceYears || null,
      fired_at: alert.firedAt.toISOString(),
      event_started_at: alert.eventStartedAt.toISOString(),
    },
  };
}

/**
 * Tells people about new alerts (issue 6 points 3 and 4): the contacts assigned to the location
 * by the channels their flags and switches allow, and the account owner by e-mail. The messages,
 * their links to the alerts and the alerts' dispatched mark are written in one transaction, so a
 * crash loses nothing and a second worker sends nothing twice.
 */
export function createAlertDispatchService(db: AppDb, options: AlertDispatchOptions) {
  const repository = createAlertDispatchRepository(db);
  const recipients = createRecipientsRepository(db);

  async function recipientsOf(alerts: readonly AlertToSend[]) {
    const [contacts, owners] = await Promise.all([
      recipients.assignedContacts([...new Set(alerts.map((alert) => alert.locationId))]),
      recipients.ownerEmails([...new Set(alerts.map((alert) => alert.clientId))]),
    ]);
    const byLocation = new Map<number, ContactRecipient[]>();
    for (const contact of contacts) {
      const assigned = byLocation.get(contact.locationId);
      if (assigned) assigned.push(contact);
      else byLocation.set(contact.locationId, [contact]);
    }
    return (alert: AlertToSend): Recipient[] => {
      const notice = noticeOf(alert);
      const channels = (byLocation.get(alert.locationId) ?? []).flatMap((contact) =>
        contactChannels(contact, notice),
      );
      const owner = owners.get(alert.clientId);
      if (owner) channels.push({ channel: 'email', address: owner });
      return channels;
    };
  }

  return {
    /** Queues the messages of every alert not yet handed to the outbox. */
    async dispatchPending(): Promise<number> {
      const alerts = await repository.pending(ALERTS_PER_RUN);
      if (alerts.length === 0) return 0;
      const messages = planMessages(alerts, await recipientsOf(alerts), options);
      const queued = await db.transaction(async (tx) => {
        const txRepository = createAlertDispatchRepository(tx);
        const claimed = new Set(
          await txRepository.markDispatched(
            alerts.map((alert) => alert.id),
            options.clock.now(),
          ),
        );
        const mine = messages.filter((message) => message.alertIds.every((id) => claimed.has(id)));
        await queueMessages(options.outboxIn(tx), txRepository, mine);
        const fired = alerts.filter((alert) => claimed.has(alert.id)).map(firedEvent);
        await recordAccountEvents(tx, fired, options.clock.now());
        return mine.length;
      });
      if (queued > 0) await options.onQueued?.();
      return queued;
    },
  };
}

export type AlertDispatchService = ReturnType<typeof createAlertDispatchService>;

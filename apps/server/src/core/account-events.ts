import { randomUUID } from 'node:crypto';
import type { WebhookEventBody, WebhookEventType } from '@pluvio/shared/webhooks';
import { sql } from 'drizzle-orm';
import type { AppDb } from './db/client';

/** Something that happened to an account that its webhook endpoints may ask to hear about. */
export interface AccountEvent {
  clientId: number;
  type: WebhookEventType;
  /** Small and useful: ids, names, totals, times; never a secret. */
  data: Record<string, unknown>;
}

/** A new event's id: the same on every endpoint and every retry (receivers dedupe by it). */
export function newEventId(): string {
  return `evt_${randomUUID().replaceAll('-', '')}`;
}

/** The JSON a delivery carries, fixed when the event happens. */
export function eventBody(
  id: string,
  type: WebhookEventBody['type'],
  clientId: number,
  now: Date,
  data: Record<string, unknown>,
): string {
  const body: WebhookEventBody = { id, type, created_at: now.toISOString(), client_id: clientId, data };
  return JSON.stringify(body);
}

/**
 * Records events for the account's enabled webhook endpoints subscribed to their types, one
 * delivery row per event and endpoint, in one statement. Call it with the transaction that
 * decides the thing (an alert dispatched, a report sent…): the event then exists exactly when the
 * thing does. The webhooks feature's worker sends the rows.
 */
export async function recordAccountEvents(
  db: AppDb,
  events: readonly AccountEvent[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => {
    const id = newEventId();
    return {
      client_id: event.clientId,
      event_id: id,
      event_type: event.type,
      body: eventBody(id, event.type, event.clientId, now, event.data),
    };
  });
  await db.execute(sql`
    insert into webhook_deliveries (endpoint_id, event_id, event_type, body, next_attempt_at, created_at)
    select e.id, r.event_id, r.event_type, r.body, ${now.toISOString()}, ${now.toISOString()}
      from json_to_recordset(${JSON.stringify(rows)}::json)
           as r(client_id int, event_id text, event_type text, body text)
      join webhook_endpoints e on e.client_id = r.client_id and e.enabled and r.event_type = any(e.events)
    on conflict do nothing`);
}

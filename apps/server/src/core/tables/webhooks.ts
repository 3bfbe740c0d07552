import type { WebhookDeliveryStatus, WebhookEventType } from '@pluvio/shared/webhooks';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { cascadeRef, identityId, timestamptz } from './columns';

/**
 * An account owner's webhook endpoints (issue 29). The signing secret is kept as it is (it must
 * sign every delivery); it leaves the server only in the creation's answer. Retries that failed
 * for a day disable the endpoint and say why.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: identityId(),
    clientId: cascadeRef('client_id', () => clients.id),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('webhook_endpoints_client_idx').on(table.clientId)],
);

/**
 * One event to one endpoint, its body fixed when the event happened so every retry sends the same
 * event id and JSON. A worker claims a due row until `lockedUntil` (core/lib/lease.ts), as the
 * outbox does; `attempts` tells one claim from the next.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: identityId(),
    endpointId: cascadeRef('endpoint_id', () => webhookEndpoints.id),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    lockedUntil: timestamptz('locked_until'),
    responseCode: integer('response_code'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_event_idx').on(table.endpointId, table.eventId),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'retrying')`),
    index('webhook_deliveries_log_idx').on(table.endpointId, table.createdAt),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

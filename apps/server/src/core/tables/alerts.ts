import type { AlertKindName } from '@pluvio/shared/alerts';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { cascadeRef, createdAt, identityId, timestamptz } from './columns';
import { locations } from './locations';
import { outbox } from './outbox';

export type AlertKind = AlertKindName;

/**
 * Every alert that fired, once per location, kind, rain event and (for Atlas 14) recurrence
 * interval (D17). `notified` is false for what the start-up backfill found in old data: history,
 * never sent. `dispatchedAt` is set when its messages are in the outbox.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: identityId(),
    clientId: cascadeRef('client_id', () => clients.id),
    locationId: cascadeRef('location_id', () => locations.id),
    kind: text('kind').$type<AlertKind>().notNull(),
    eventStartedAt: timestamptz('event_started_at').notNull(),
    /** Years of the largest Atlas 14 recurrence interval reached; 0 for the other kinds. */
    recurrenceYears: smallint('recurrence_years').notNull().default(0),
    firedAt: timestamptz('fired_at').notNull(),
    value: real('value').notNull(),
    threshold: real('threshold').notNull(),
    notified: boolean('notified').notNull(),
    dispatchedAt: timestamptz('dispatched_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('alerts_event_unique').on(
      table.locationId,
      table.kind,
      table.eventStartedAt,
      table.recurrenceYears,
    ),
    index('alerts_client_fired_idx').on(table.clientId, table.firedAt),
  ],
);

/** The rain event in progress per location and kind: opened at the crossing, closed when it falls back. */
export const alertEvents = pgTable(
  'alert_events',
  {
    locationId: cascadeRef('location_id', () => locations.id),
    kind: text('kind').$type<AlertKind>().notNull(),
    startedAt: timestamptz('started_at').notNull(),
    /** The largest recurrence interval alerted in this event (0 for kinds without levels). */
    recurrenceYears: smallint('recurrence_years').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.locationId, table.kind] })],
);

/**
 * Intervals whose rules have run: each interval is evaluated once, on the first data to arrive (D3).
 * Product 'forecast' marks the daily forecast check, `ends_at` being the start of the day it is about.
 */
export const alertEvaluations = pgTable(
  'alert_evaluations',
  {
    product: text('product').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    evaluatedAt: timestamptz('evaluated_at').notNull(),
    alerts: integer('alerts').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.product, table.endsAt] })],
);

/** Which outbox messages told someone about an alert (a combined message covers several alerts). */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    alertId: cascadeRef('alert_id', () => alerts.id),
    outboxId: cascadeRef('outbox_id', () => outbox.id),
  },
  (table) => [
    primaryKey({ columns: [table.alertId, table.outboxId] }),
    index('alert_deliveries_outbox_idx').on(table.outboxId),
  ],
);

export type AlertRow = typeof alerts.$inferSelect;

import { type InspectionRule, STORM_SETTINGS_DEFAULTS } from '@pluvio/shared/storm-events';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { cascadeRef, identityId, timestamptz } from './columns';
import { locations } from './locations';
import { users } from './users';

/**
 * A location's storm events (issue 28), detected from its stored hourly rainfall. A revision
 * that removes an event sets `removed_at`: it stays, with its history, for whoever inspected it.
 */
export const stormEvents = pgTable(
  'storm_events',
  {
    id: identityId(),
    locationId: cascadeRef('location_id', () => locations.id),
    startedAt: timestamptz('started_at').notNull(),
    /** Null while the event is open: fewer than the dry hours have followed its last wet hour. */
    endedAt: timestamptz('ended_at'),
    /** The end of the hour its total reached the threshold. */
    openedAt: timestamptz('opened_at').notNull(),
    /** Inches. */
    total: doublePrecision('total').notNull(),
    wettestHourEndsAt: timestamptz('wettest_hour_ends_at').notNull(),
    wettestHourAmount: doublePrecision('wettest_hour_amount').notNull(),
    passes: smallint('passes').array().notNull(),
    sources: text('sources').array().notNull(),
    /** The permit threshold, inspection rule and dry hours in force when it was detected. */
    threshold: real('threshold').notNull(),
    inspectionRule: text('inspection_rule').$type<InspectionRule>().notNull(),
    dryHours: smallint('dry_hours').notNull().default(STORM_SETTINGS_DEFAULTS.storm_dry_hours),
    /** When its inspection is due; set once it has ended. */
    dueAt: timestamptz('due_at'),
    detectedAt: timestamptz('detected_at').notNull(),
    /** The last time a revision of the rainfall (Pass 2) changed it. */
    revisedAt: timestamptz('revised_at'),
    removedAt: timestamptz('removed_at'),
  },
  (table) => [
    index('storm_events_location_idx').on(table.locationId, table.startedAt),
    index('storm_events_due_idx').on(table.dueAt),
    check(
      'storm_events_inspection_rule_check',
      sql`${table.inspectionRule} in ('within_24h', 'next_business_day')`,
    ),
  ],
);

/** What a storm event looked like before and after a change, for its history. */
export interface StormEventFigures {
  start: string;
  end: string | null;
  total: number;
  passes: number[];
}

/** Every change a revision made to a storm event: opened by it, changed, or removed. */
export const stormEventRevisions = pgTable(
  'storm_event_revisions',
  {
    id: identityId(),
    eventId: cascadeRef('event_id', () => stormEvents.id),
    revisedAt: timestamptz('revised_at').notNull(),
    change: text('change').$type<'opened' | 'changed' | 'removed'>().notNull(),
    before: jsonb('before').$type<StormEventFigures>(),
    after: jsonb('after').$type<StormEventFigures>(),
  },
  (table) => [
    index('storm_event_revisions_event_idx').on(table.eventId),
    check('storm_event_revisions_change_check', sql`${table.change} in ('opened', 'changed', 'removed')`),
  ],
);

/**
 * How far each location's rainfall has been searched for storm events, and at which position:
 * a moved location is searched again from the start of its stored rainfall.
 */
export const stormDetections = pgTable('storm_detections', {
  locationId: cascadeRef('location_id', () => locations.id).primaryKey(),
  detectedThrough: timestamptz('detected_through').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
});

/** The stored hourly passes the detection has seen: one it has not is new rain or a revision. */
export const stormDetectedHours = pgTable(
  'storm_detected_hours',
  {
    endsAt: timestamptz('ends_at').notNull(),
    pass: smallint('pass').notNull(),
  },
  (table) => [primaryKey({ columns: [table.endsAt, table.pass] })],
);

/** What the inspection clock tells people: contacts when an event ends and 4 hours before it is due; the owner when it is overdue. */
export const INSPECTION_NOTICE_KINDS = ['due', 'reminder', 'overdue'] as const;
export type InspectionNoticeKind = (typeof INSPECTION_NOTICE_KINDS)[number];

/** What deciding a notice records, for a storm event's notices and a routine inspection's alike. */
function noticeDecision() {
  return {
    kind: text('kind').$type<InspectionNoticeKind>().notNull(),
    decidedAt: timestamptz('decided_at').notNull(),
    sent: boolean('sent').notNull(),
    /** Messages queued in the outbox. */
    messages: integer('messages').notNull().default(0),
  };
}

/** Both notice tables accept only the INSPECTION_NOTICE_KINDS. */
function noticeKindCheck(table: string, kind: AnyPgColumn) {
  return check(`${table}_kind_check`, sql`${kind} in ('due', 'reminder', 'overdue')`);
}

/**
 * Each notice of each event, decided once: its row and its messages in the outbox commit together,
 * so no notice is sent twice. `sent` is false for one that was past its time when found (an event
 * found in old rainfall) or whose account is not monitored.
 */
export const inspectionNotices = pgTable(
  'inspection_notices',
  {
    eventId: cascadeRef('event_id', () => stormEvents.id),
    ...noticeDecision(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.kind] }),
    noticeKindCheck('inspection_notices', table.kind),
  ],
);

/**
 * Each notice of each routine inspection due date, decided once like a storm event's: an
 * inspection moves the due date, so the notices of the date it replaced are never looked at again.
 */
export const routineInspectionNotices = pgTable(
  'routine_inspection_notices',
  {
    locationId: cascadeRef('location_id', () => locations.id),
    dueAt: timestamptz('due_at').notNull(),
    ...noticeDecision(),
  },
  (table) => [
    primaryKey({ columns: [table.locationId, table.dueAt, table.kind] }),
    noticeKindCheck('routine_inspection_notices', table.kind),
  ],
);

/**
 * An inspection of a location (issue 28 point 4): of a storm event (only one at or after the
 * event's end satisfies the permit for it), or a routine one, with no event.
 */
export const inspections = pgTable(
  'inspections',
  {
    id: identityId(),
    locationId: cascadeRef('location_id', () => locations.id),
    eventId: integer('event_id').references(() => stormEvents.id, { onDelete: 'cascade' }),
    inspectorUserId: integer('inspector_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The inspector's name when it was recorded: the record stands if the user is deleted. */
    inspectorName: text('inspector_name').notNull(),
    inspectedAt: timestamptz('inspected_at').notNull(),
    bmps: text('bmps').array().notNull(),
    findings: text('findings').notNull(),
    notes: text('notes').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('inspections_event_idx').on(table.eventId, table.inspectedAt),
    index('inspections_location_idx').on(table.locationId, table.inspectedAt),
  ],
);

/** What an inspection found to fix, with its own due date and completion. */
export const correctiveActions = pgTable(
  'corrective_actions',
  {
    id: identityId(),
    inspectionId: cascadeRef('inspection_id', () => inspections.id),
    description: text('description').notNull(),
    dueOn: date('due_on'),
    completedAt: timestamptz('completed_at'),
  },
  (table) => [index('corrective_actions_inspection_idx').on(table.inspectionId)],
);

/**
 * A photo of an inspection. The files are on disk beside the data (`DATA_DIR/photos/<client>/`,
 * named after the row's id); the account is kept here so its quota is one sum.
 */
export const inspectionPhotos = pgTable(
  'inspection_photos',
  {
    id: identityId(),
    inspectionId: cascadeRef('inspection_id', () => inspections.id),
    clientId: cascadeRef('client_id', () => clients.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    takenAt: timestamptz('taken_at'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    thumbnailReady: boolean('thumbnail_ready').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name').notNull(),
    uploadedAt: timestamptz('uploaded_at').notNull(),
  },
  (table) => [
    index('inspection_photos_inspection_idx').on(table.inspectionId, table.id),
    index('inspection_photos_client_idx').on(table.clientId),
  ],
);

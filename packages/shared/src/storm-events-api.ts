import { z } from 'zod';
import {
  calendarDateSchema,
  DATE_MESSAGES,
  DATES_IN_ORDER,
  daysBetween,
  RAINFALL_DATA_START,
} from './calendar';
import { idParamSchema } from './inputs';
import { INSPECTION_STATUSES } from './inspection-clock';
import { inspectionSchema } from './inspections';
import { clientIdQuerySchema, pagingFields } from './lists';
import { INSPECTION_RULES } from './storm-events';

/** Storm events as the API gives them (issue 28 point 7), and what their list is asked with. */

/** A list asked for by dates covers at most this many days. */
export const STORM_EVENT_LIST_MAX_DAYS = 366;

/**
 * Where an event's inspection stands; 'past' when it was found after its deadline (in the
 * history a new location or a fresh install fills: a record, nothing was due), 'removed' when a
 * revision of the rainfall took it away (kept for the record).
 */
export const STORM_EVENT_STATUSES = [...INSPECTION_STATUSES, 'past', 'removed'] as const;
export type StormEventStatus = (typeof STORM_EVENT_STATUSES)[number];

export const STORM_EVENT_STATUS_LABELS: Record<StormEventStatus, string> = {
  open: 'Storm open',
  due: 'Inspection due',
  overdue: 'Overdue',
  inspected: 'Inspected',
  past: 'Past storm',
  removed: 'Removed by NOAA revision',
};

export const STORM_EVENT_MESSAGES = {
  notFound: 'Storm event not found',
  status: `Status must be one of ${STORM_EVENT_STATUSES.join(', ')}`,
  range: DATE_MESSAGES.range(STORM_EVENT_LIST_MAX_DAYS),
  none: 'No storm events in these days.',
  removed: 'NOAA revised the rainfall of this event: it no longer reaches the threshold.',
};

/** Where an event's rainfall came from, as the permit record names it: 'NOAA MRMS radar/gauge, Pass 2'. */
export function stormSourceLabel(sources: readonly string[], passes: readonly number[]): string {
  const names = sources.map((source) => (source === 'mrms' ? 'NOAA MRMS radar/gauge' : `${source} data`));
  const passNames = passes.map((pass) => `Pass ${pass}`).join(' and ');
  return passNames ? `${names.join(', ')}, ${passNames}` : names.join(', ');
}

/** GET /api/storm-events: the account's events, or one location's, newest first. */
export const stormEventListQuerySchema = clientIdQuerySchema
  .extend({
    location_id: idParamSchema.optional(),
    /** Without it, every event but those a revision removed. */
    status: z.enum(STORM_EVENT_STATUSES, { error: STORM_EVENT_MESSAGES.status }).optional(),
    /** Events that started on or after this date (product time zone)... */
    from: calendarDateSchema(RAINFALL_DATA_START).optional(),
    /** ...and on or before this one. */
    to: calendarDateSchema(RAINFALL_DATA_START).optional(),
    ...pagingFields(50),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    ...DATES_IN_ORDER,
    path: ['to'],
  })
  .refine(
    (query) => !query.from || !query.to || daysBetween(query.from, query.to) < STORM_EVENT_LIST_MAX_DAYS,
    {
      message: STORM_EVENT_MESSAGES.range,
      path: ['to'],
    },
  );
export type StormEventListQuery = z.infer<typeof stormEventListQuerySchema>;

const figuresSchema = z.object({
  start: z.string(),
  end: z.string().nullable(),
  total: z.number(),
  passes: z.array(z.number().int()),
});

export const stormEventSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  location_id: z.number().int(),
  location_name: z.string(),
  started_at: z.string(),
  /** Null while it is still raining or the dry hours that end it have not passed. */
  ended_at: z.string().nullable(),
  /** The end of the hour its 24-hour total reached the threshold. */
  opened_at: z.string(),
  total: z.number(),
  wettest_hour: z.object({ ends_at: z.string(), amount: z.number() }),
  passes: z.array(z.number().int()),
  sources: z.array(z.string()),
  source_label: z.string(),
  threshold: z.number(),
  inspection_rule: z.enum(INSPECTION_RULES),
  /** Set once the event has ended. */
  due_at: z.string().nullable(),
  status: z.enum(STORM_EVENT_STATUSES),
  revised_at: z.string().nullable(),
});
export type StormEventView = z.infer<typeof stormEventSchema>;

export const stormEventPageSchema = z.object({
  items: z.array(stormEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type StormEventPage = z.infer<typeof stormEventPageSchema>;

/** GET /api/storm-events/{id}: the event with its hours (for its chart) and its history. */
export const stormEventDetailSchema = stormEventSchema.extend({
  /** Every hour from 6 before the event to 6 after it (or to now), dry ones at 0 with no pass. */
  hours: z.array(z.object({ ends_at: z.string(), amount: z.number(), pass: z.number().int().nullable() })),
  /** While it is open: when its inspection will be due if no more rain falls (it then ended with its last wet hour). */
  due_if_dry_at: z.string().nullable(),
  /** Its inspections, earliest first. */
  inspections: z.array(inspectionSchema),
  revisions: z.array(
    z.object({
      revised_at: z.string(),
      change: z.enum(['opened', 'changed', 'removed']),
      before: figuresSchema.nullable(),
      after: figuresSchema.nullable(),
    }),
  ),
});
export type StormEventDetail = z.infer<typeof stormEventDetailSchema>;

/**
 * GET /api/storm-events/pending: each visible location with an event raining or waiting for its
 * inspection, the most urgent one (overdue, then due soonest, then raining), for the dashboard's badge.
 */
export const pendingStormEventsSchema = z.object({
  locations: z.array(
    z.object({
      location_id: z.number().int(),
      event_id: z.number().int(),
      status: z.enum(['open', 'due', 'overdue']),
      due_at: z.string().nullable(),
    }),
  ),
});
export type PendingStormEvents = z.infer<typeof pendingStormEventsSchema>;

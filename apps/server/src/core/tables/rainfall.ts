import type { IngestStatus, RainfallProduct } from '@pluvio/shared/rainfall';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { cascadeRef, timestamptz } from './columns';
import { locations } from './locations';

/**
 * Rainfall storage (docs/ARCHITECTURE.md "Rainfall storage"). The two value tables are
 * partitioned by month on `ends_at`, which drizzle-kit cannot express: their SQL is the custom
 * migration `drizzle/0001_rainfall.sql`; the definitions here give typed names and keep
 * drizzle-kit's snapshot in step.
 */

/** Where values came from ('simulator', 'mrms'), so each stored value names its source in two bytes. */
export const rainfallSources = pgTable('rainfall_sources', {
  id: smallint('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
});

/**
 * Only wet intervals are stored: a missing row is 0 in for an interval that `ingest_intervals`
 * records as done. One row per location and interval, holding the best pass so far.
 */
function valuesTable(name: string) {
  return pgTable(
    name,
    {
      locationId: cascadeRef('location_id', () => locations.id),
      endsAt: timestamptz('ends_at').notNull(),
      /** Inches. */
      amount: real('amount').notNull(),
      pass: smallint('pass').notNull(),
      sourceId: smallint('source_id').notNull(),
    },
    (table) => [
      primaryKey({ columns: [table.locationId, table.endsAt] }),
      index(`${name}_ends_at_idx`).using('brin', table.endsAt),
    ],
  );
}

export const rainfallHourly = valuesTable('rainfall_hourly');
export const rainfall15m = valuesTable('rainfall_15m');

/**
 * Every field the ingestion has planned, with its outcome: the work list several workers share,
 * the record of which intervals are known (so a missing value means dry), and process_status.
 */
export const ingestIntervals = pgTable(
  'ingest_intervals',
  {
    product: text('product').$type<RainfallProduct>().notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    pass: smallint('pass').notNull(),
    status: text('status').$type<IngestStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    source: text('source'),
    startedAt: timestamptz('started_at'),
    /** While processing: the claiming worker's lease, renewed as it works; once past, another worker takes over. */
    leaseUntil: timestamptz('lease_until'),
    finishedAt: timestamptz('finished_at'),
    /** Wet values stored. */
    rows: integer('rows'),
    /**
     * How long the last attempt took, in milliseconds: fetching and sampling the field, plus
     * writing the batch it was stored with. Measured, not read from the (injectable) clock.
     */
    durationMs: integer('duration_ms'),
  },
  (table) => [
    primaryKey({ columns: [table.product, table.endsAt, table.pass] }),
    check('ingest_intervals_product_check', sql`${table.product} IN ('15m', '1h')`),
    check(
      'ingest_intervals_status_check',
      sql`${table.status} IN ('pending', 'processing', 'done', 'failed', 'superseded')`,
    ),
    index('ingest_intervals_open_idx')
      .on(table.endsAt)
      .where(sql`${table.status} in ('pending', 'processing', 'failed')`),
  ],
);

export type IngestIntervalRow = typeof ingestIntervals.$inferSelect;

/**
 * Locations whose history has to be fetched: added, or moved, since the fields of the backfill
 * window were stored. A trigger on `locations` (drizzle/0002_rainfall_history_fills.sql) fills
 * it in the same transaction as the change, so no location is ever missed; `added_at` is the
 * time of the latest change, so a fill started before a second move does not clear the row.
 */
export const rainfallHistoryFills = pgTable('rainfall_history_fills', {
  locationId: cascadeRef('location_id', () => locations.id).primaryKey(),
  addedAt: timestamptz('added_at').notNull().defaultNow(),
});

/**
 * Days of past rainfall produced on demand (a historical report) per location and product: the
 * coordinates sampled, so a second report of the same days does not sample again, and a location
 * moved since is sampled anew. Only days sampled at their best pass are remembered. Intervals
 * older than the ingest window have no `ingest_intervals` rows: these rows speak for the listed
 * locations only, never for an interval as a whole.
 */
export const rainfallOnDemandDays = pgTable(
  'rainfall_on_demand_days',
  {
    locationId: cascadeRef('location_id', () => locations.id),
    product: text('product').$type<RainfallProduct>().notNull(),
    /** A day of the product time zone. */
    day: date('day').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    filledAt: timestamptz('filled_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.locationId, table.product, table.day] })],
);

/**
 * The hour the figures in `rainfall_figures` were computed for: the newest processed hour (D3),
 * the newest stored quarter hour after it (its 15-minute values are added, provisional, until the
 * hourly field arrives) and the start of the local day the newer of them ends in. One row,
 * written with the figures; reads use the figures only while this is the hour `process_status`
 * names.
 */
export const rainfallFiguresHour = pgTable(
  'rainfall_figures_hour',
  {
    id: smallint('id').primaryKey().default(1),
    endsAt: timestamptz('ends_at').notNull(),
    /** The newest stored quarter hour when it is after `endsAt`: quarters up to it are counted. */
    quartersTo: timestamptz('quarters_to'),
    /** Local midnight of the product day the figures end in (`quartersTo`, else `endsAt`). */
    dayStart: timestamptz('day_start').notNull(),
  },
  (table) => [check('rainfall_figures_hour_one_row', sql`${table.id} = 1`)],
);

/**
 * The figures the location rows show (D5), computed once per stored hourly or recent 15-minute
 * write instead of per request: the trailing 24 hours and the total since local midnight, at the
 * hour of `rainfall_figures_hour` plus its provisional quarters. Only locations with rain in that time have a row; a missing row is 0.
 */
export const rainfallFigures = pgTable('rainfall_figures', {
  locationId: cascadeRef('location_id', () => locations.id).primaryKey(),
  total24h: doublePrecision('total_24h').notNull(),
  dayTotal: doublePrecision('day_total').notNull(),
});

import { STORM_SETTINGS_DEFAULTS } from '@pluvio/shared/storm-events';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { cascadeRef, createdAt, identityId, linkTable, timestamptz, updatedAt } from './columns';
import { users } from './users';

export interface Atlas14Threshold {
  '1h': number[];
  '24h': number[];
}

/** Monitored points of an account (spec part 1 §3, part 2 §3). */
export const locations = pgTable(
  'locations',
  {
    id: identityId(),
    clientId: cascadeRef('client_id', () => clients.id),
    name: text('name').notNull(),
    category: text('category'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    h24Threshold: doublePrecision('h24_threshold').notNull().default(0.5),
    rapidrainThreshold: doublePrecision('rapidrain_threshold'),
    atlas14Threshold: jsonb('atlas14_threshold').$type<Atlas14Threshold>(),
    /**
     * The frequency source that answered for this location ('simulator', 'pfds'): its depths, or
     * none outside Atlas 14. Null while no source has answered; another name than the configured
     * source's means the location is asked again (atlas14 fill job).
     */
    atlas14Source: text('atlas14_source'),
    /** Storm events (issue 28): the permit's inches in 24 hours, its inspection rule and routine cadence. */
    stormThreshold: real('storm_threshold').notNull().default(STORM_SETTINGS_DEFAULTS.storm_threshold),
    inspectionRule: text('inspection_rule').notNull().default(STORM_SETTINGS_DEFAULTS.inspection_rule),
    /** Days between routine inspections (7 or 14); null is none. */
    routineCadenceDays: smallint('routine_cadence_days'),
    /** When the cadence was set or changed: the routine clock runs from it until an inspection is made. */
    routineSince: timestamptz('routine_since').notNull().defaultNow(),
    status: text('status').notNull().default('active'),
    active: boolean('active').notNull().default(true),
    dataStartDate: date('data_start_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('locations_client_idx').on(table.clientId),
    check(
      'locations_inspection_rule_check',
      sql`${table.inspectionRule} in ('within_24h', 'next_business_day')`,
    ),
    check('locations_routine_cadence_check', sql`${table.routineCadenceDays} in (7, 14)`),
  ],
);

export type LocationRow = typeof locations.$inferSelect;

/**
 * The locations a person starred (the list pickers' favourites-only toggle, spec part 1 §2
 * "Other"): their own, whoever else watches the same locations.
 */
export const locationFavourites = linkTable(
  'location_favourites',
  ['userId', () => users.id],
  ['locationId', () => locations.id],
);

/** Where a location is, for sampling gridded data. */
export interface LocationPoint {
  id: number;
  latitude: number;
  longitude: number;
}

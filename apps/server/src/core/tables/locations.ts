import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients } from './accounts';

export interface Atlas14Threshold {
  '1h': number[];
  '24h': number[];
}

/** Monitored points of an account (spec part 1 §3, part 2 §3). */
export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
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
    status: text('status').notNull().default('active'),
    active: boolean('active').notNull().default(true),
    dataStartDate: date('data_start_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('locations_client_idx').on(table.clientId)],
);

export type LocationRow = typeof locations.$inferSelect;

/** Where a location is, for sampling gridded data. */
export interface LocationPoint {
  id: number;
  latitude: number;
  longitude: number;
}

import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import type { Atlas14Threshold } from './locations';

/**
 * Answers of a remote NOAA Atlas 14 source (PFDS) per point, so each site is asked for once:
 * coordinates rounded to 0.001 degree (about 100 m, finer than Atlas 14's 30-second grid) and
 * stored as integer thousandths. `depths` null means the point is outside Atlas 14.
 */
export const atlas14Points = pgTable(
  'atlas14_points',
  {
    source: text('source').notNull(),
    latitudeMilli: integer('latitude_milli').notNull(),
    longitudeMilli: integer('longitude_milli').notNull(),
    depths: jsonb('depths').$type<Atlas14Threshold>(),
    fetchedAt: timestamptz('fetched_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.source, table.latitudeMilli, table.longitudeMilli] })],
);

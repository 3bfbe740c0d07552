import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Rate-limit counters shared by every API process: one fixed window per bucket (a route, or a kind
 * of failure) and subject (a client address or an e-mail address, stored only as a SHA-256 hash).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    subjectHash: text('subject_hash').notNull(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamptz('window_ends_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.subjectHash] }),
    index('rate_limit_counters_window_idx').on(table.windowEndsAt),
  ],
);

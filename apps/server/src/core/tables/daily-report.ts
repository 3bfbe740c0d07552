import { date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './accounts';

/**
 * One row per account and report day, written in the transaction that queues the day's report:
 * the key makes the 6 am report go out once however many workers run or restart.
 * `messages` is 0 for an account whose settings asked for no report that day.
 */
export const dailyReports = pgTable(
  'daily_reports',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The day the report is sent (it covers the day before), in the product time zone. */
    reportDate: date('report_date').notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    messages: integer('messages').notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.reportDate] })],
);

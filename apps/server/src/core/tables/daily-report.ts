import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { cascadeRef, timestamptz } from './columns';

/**
 * One row per account and report day, written in the transaction that queues the day's report:
 * the key makes the 6 am report go out once however many workers run or restart.
 * `messages` is 0 for an account whose settings asked for no report that day.
 */
export const dailyReports = pgTable(
  'daily_reports',
  {
    clientId: cascadeRef('client_id', () => clients.id),
    /** The day the report is sent (it covers the day before), in the product time zone. */
    reportDate: date('report_date').notNull(),
    madeAt: timestamptz('made_at').notNull(),
    messages: integer('messages').notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.reportDate] })],
);

import { date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { cascadeRef, timestamptz } from './columns';

/**
 * One row per account, month and recipient address (lower case), written in the transaction that
 * queues that recipient's monthly report: the key makes it go out once however many workers run,
 * render the same report or restart.
 */
export const monthlyReports = pgTable(
  'monthly_reports',
  {
    clientId: cascadeRef('client_id', () => clients.id),
    /** The first day of the month reported on, in the product time zone. */
    month: date('month').notNull(),
    recipient: text('recipient').notNull(),
    sentAt: timestamptz('sent_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.month, table.recipient] })],
);

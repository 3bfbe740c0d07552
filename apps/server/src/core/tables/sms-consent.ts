import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * The phone numbers that replied STOP (or another opt-out keyword) to Pluvio's texts: nothing is
 * texted to them until they reply START, which deletes the row (issue 29 point 4).
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  /** E.164, as Twilio gives the sender. */
  phone: text('phone').primaryKey(),
  optedOutAt: timestamptz('opted_out_at').notNull(),
  /** The keyword the phone replied with (STOP, UNSUBSCRIBE...). */
  keyword: text('keyword').notNull(),
});

export type SmsOptOutRow = typeof smsOptOuts.$inferSelect;

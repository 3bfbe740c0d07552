import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { cascadeRef, createdAt, identityId, updatedAt } from './columns';
import { users } from './users';

/** People of an account who receive reports and alerts; each may have a login (user). */
export const contacts = pgTable(
  'contacts',
  {
    id: identityId(),
    clientId: cascadeRef('client_id', () => clients.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    status: text('status').notNull().default('active'),
    emailNotification: boolean('email_notification').notNull().default(true),
    smsNotification: boolean('sms_notification').notNull().default(true),
    dailyReportOn: boolean('daily_report_on').notNull().default(true),
    dailyReportOnSms: boolean('daily_report_on_sms').notNull().default(true),
    exceed24hOn: boolean('exceed24h_on').notNull().default(true),
    exceed24hOnSms: boolean('exceed24h_on_sms').notNull().default(true),
    forecastOn: boolean('forecast_on').notNull().default(true),
    forecastOnSms: boolean('forecast_on_sms').notNull().default(true),
    atlas14H24On: boolean('atlas14_24h_on').notNull().default(true),
    atlas14H24OnSms: boolean('atlas14_24h_on_sms').notNull().default(true),
    atlas14H1On: boolean('atlas14_1h_on').notNull().default(true),
    atlas14H1OnSms: boolean('atlas14_1h_on_sms').notNull().default(true),
    atlas14FirstOn: boolean('atlas14_first_on').notNull().default(true),
    atlas14FirstOnSms: boolean('atlas14_first_on_sms').notNull().default(true),
    /** E-mail only; off until the contact asks for it (issue 29 point 3). */
    monthlyReportOn: boolean('monthly_report_on').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('contacts_client_idx').on(table.clientId), index('contacts_user_idx').on(table.userId)],
);

export type ContactRow = typeof contacts.$inferSelect;

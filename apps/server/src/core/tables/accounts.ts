import { STORM_SETTINGS_DEFAULTS } from '@pluvio/shared/storm-events';
import { DEFAULT_TIER } from '@pluvio/shared/tiers';
import { boolean, date, index, integer, pgTable, real, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, identityId, linkTable, updatedAt } from './columns';
import { users } from './users';

/** Client accounts with their subscription fields and client notification settings (spec part 2 §3). */
export const clients = pgTable(
  'clients',
  {
    id: identityId(),
    accountName: text('account_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    status: text('status').notNull().default('active'),
    accountType: text('account_type').notNull().default('trial'),
    isTrialAccount: boolean('is_trial_account').notNull().default(false),
    tier: text('tier').notNull().default(DEFAULT_TIER),
    trialEndDate: date('trial_end_date'),
    manualInvoice: boolean('manual_invoice').notNull().default(false),
    invoicePeriod: text('invoice_period'),
    invoiceDay: integer('invoice_day'),
    invoiceEmail: text('invoice_email'),
    lastPaymentStatus: text('last_payment_status'),
    autoAddLocations: boolean('auto_add_locations').notNull().default(true),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSessionId: text('stripe_session_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** After a failed renewal payment: the last day monitoring stays on until a payment goes through. */
    paymentGraceEndDate: date('payment_grace_end_date'),
    /**
     * The owner cancelled: the last day paid for, after which the subscription ends and monitoring
     * stops (issue 26). Null while it renews; cleared when the owner keeps it after all.
     */
    subscriptionEndsOn: date('subscription_ends_on'),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    dailyReportOn: boolean('daily_report_on').notNull().default(true),
    dailyReportCombineLocations: boolean('daily_report_combine_locations').notNull().default(true),
    dailyReportSuppressZero: boolean('daily_report_suppress_zero').notNull().default(false),
    /** The owner's monthly report (issue 29 point 3), on like the daily report. */
    monthlyReportOn: boolean('monthly_report_on').notNull().default(true),
    sortByRainfall: boolean('sort_by_rainfall').notNull().default(true),
    onlyShowLocationsWithNonZero: boolean('only_show_locations_with_non_zero').notNull().default(true),
    forecastOn: boolean('forecast_on').notNull().default(false),
    forecastCombineLocations: boolean('forecast_combine_locations').notNull().default(false),
    atlas14On: boolean('atlas14_on').notNull().default(false),
    atlas14H24On: boolean('atlas14_24h_on').notNull().default(false),
    atlas14H1On: boolean('atlas14_1h_on').notNull().default(false),
    atlas14FirstOn: boolean('atlas14_first_on').notNull().default(false),
    exceed24hOn: boolean('exceed24h_on').notNull().default(true),
    rapidrainOn: boolean('rapidrain_on').notNull().default(false),
    rapidrainCombineLocations: boolean('rapidrain_combine_locations').notNull().default(false),
    rapidrainFirstOn: boolean('rapidrain_first_on').notNull().default(false),
    /** The permit threshold (inches in 24 hours) a new location takes when none is given (issue 28). */
    stormThreshold: real('storm_threshold').notNull().default(STORM_SETTINGS_DEFAULTS.storm_threshold),
    /** Dry hours that end a storm event at the account's locations. */
    stormDryHours: smallint('storm_dry_hours').notNull().default(STORM_SETTINGS_DEFAULTS.storm_dry_hours),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('clients_owner_idx').on(table.ownerUserId),
    index('clients_stripe_subscription_idx').on(table.stripeSubscriptionId),
    index('clients_stripe_customer_idx').on(table.stripeCustomerId),
  ],
);

/** Client admin (co-owner) records: a user who manages an account beside its owner. */
export const clientAdmins = linkTable(
  'client_admins',
  ['clientId', () => clients.id],
  ['userId', () => users.id],
);

export type ClientRow = typeof clients.$inferSelect;

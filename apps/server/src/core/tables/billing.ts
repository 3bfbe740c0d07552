import { index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './accounts';

/**
 * The built-in test checkout's sessions (D20): what a hosted checkout would show and how it ended.
 * A paid session also stands for the subscription it started (`subscription_id`, `quantity`).
 */
export const testCheckoutSessions = pgTable('test_checkout_sessions', {
  id: text('id').primaryKey(),
  /** 'signup' or 'subscription', with our reference: a sign-up's id or an account's id. */
  kind: text('kind').notNull(),
  reference: text('reference').notNull(),
  tier: text('tier').notNull(),
  quantity: integer('quantity').notNull(),
  unitAmount: real('unit_amount').notNull(),
  customerId: text('customer_id').notNull(),
  customerEmail: text('customer_email'),
  customerName: text('customer_name'),
  subscriptionId: text('subscription_id'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  status: text('status').notNull().default('open'),
  paymentStatus: text('payment_status').notNull().default('unpaid'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  /** Like a hosted checkout, the session can be paid until then (null: made before expiry existed). */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** A card the page may carry (a fake number's fingerprint), as Stripe's payment method would. */
  cardFingerprint: text('card_fingerprint'),
});

/** Webhook events already handled, by the provider's event id: a repeat delivery does nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Receipts already queued, by the provider's id of the payment (Stripe's invoice, or the test
 * checkout's session): one receipt per payment, however often its events or the browser arrive.
 */
export const billingReceipts = pgTable(
  'billing_receipts',
  {
    paymentId: text('payment_id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('billing_receipts_client_idx').on(table.clientId)],
);

/** Trial e-mails already sent (D9): each reminder once per account. */
export const trialReminders = pgTable(
  'trial_reminders',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    reminder: text('reminder').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.reminder] })],
);

export type TestCheckoutRow = typeof testCheckoutSessions.$inferSelect;

import { index, integer, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { cascadeRef, createdAt, timestamptz } from './columns';

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
  createdAt: createdAt(),
  completedAt: timestamptz('completed_at'),
  /** Like a hosted checkout, the session can be paid until then (null: made before expiry existed). */
  expiresAt: timestamptz('expires_at'),
  /** A card the page may carry (a fake number's fingerprint), as Stripe's payment method would. */
  cardFingerprint: text('card_fingerprint'),
});

/** Webhook events already handled, by the provider's event id: a repeat delivery does nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

/**
 * Receipts already queued, by the provider's id of the payment (Stripe's invoice, or the test
 * checkout's session): one receipt per payment, however often its events or the browser arrive.
 */
export const billingReceipts = pgTable(
  'billing_receipts',
  {
    paymentId: text('payment_id').primaryKey(),
    clientId: cascadeRef('client_id', () => clients.id),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (table) => [index('billing_receipts_client_idx').on(table.clientId)],
);

/** Trial e-mails already sent (D9): each reminder once per account. */
export const trialReminders = pgTable(
  'trial_reminders',
  {
    clientId: cascadeRef('client_id', () => clients.id),
    reminder: text('reminder').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.reminder] })],
);

export type TestCheckoutRow = typeof testCheckoutSessions.$inferSelect;

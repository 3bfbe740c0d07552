import type { SignupLocation } from '@pluvio/shared/signup';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { users } from './users';

/**
 * Paid sign-ups waiting for their checkout (spec part 2 §4 "Wizard"). The password is kept only
 * as its argon2id hash (D13); the browser that started the sign-up holds a secret whose hash is
 * here, so only that browser is signed in when the account is made.
 */
export const signups = pgTable(
  'signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    smsAccepted: boolean('sms_accepted').notNull().default(false),
    accountName: text('account_name'),
    tier: text('tier').notNull(),
    location: jsonb('location').$type<SignupLocation>().notNull(),
    browserSecretHash: text('browser_secret_hash').notNull(),
    checkoutSessionId: text('checkout_session_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    provisionedAt: timestamp('provisioned_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /**
     * Until when the address is held for this sign-up (its checkout's expiry): meanwhile another
     * sign-up or registration of the address is refused. `released_at` ends the hold early
     * (cancelled, provisioned, refused, or the same browser started again).
     */
    holdEndsAt: timestamp('hold_ends_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** Paid but not provisioned (`email_taken`, `cancelled`): the payment is refunded. */
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    refusal: text('refusal'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  // One unreleased sign-up per address: two paid sign-ups of one address at once cannot both start.
  (table) => [
    uniqueIndex('signups_held_email_idx')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.releasedAt} is null`),
  ],
);

export type SignupRow = typeof signups.$inferSelect;

/**
 * Every address a free trial was started with, as the SHA-256 of its lower-case form: one trial
 * per address, even after the address moved to another login or its account went away.
 */
export const trialClaims = pgTable('trial_claims', {
  emailHash: text('email_hash').primaryKey(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
});

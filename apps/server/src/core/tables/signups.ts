import type { SignupLocation } from '@pluvio/shared/signup';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { createdAt, timestamptz } from './columns';
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
    createdAt: createdAt(),
    cancelledAt: timestamptz('cancelled_at'),
    provisionedAt: timestamptz('provisioned_at'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /**
     * Until when the address is held for this sign-up (its checkout's expiry): meanwhile another
     * sign-up or registration of the address is refused. `released_at` ends the hold early
     * (cancelled, provisioned, refused, or the same browser started again).
     */
    holdEndsAt: timestamptz('hold_ends_at'),
    releasedAt: timestamptz('released_at'),
    /** Paid but not provisioned (`email_taken`, `cancelled`): the payment is refunded. */
    refusedAt: timestamptz('refused_at'),
    refusal: text('refusal'),
    refundedAt: timestamptz('refunded_at'),
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
  claimedAt: timestamptz('claimed_at').notNull(),
});

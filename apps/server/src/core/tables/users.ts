import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, identityId, timestamptz, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: identityId(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    role: text('role').notNull().default('client'),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    agreeToTerms: boolean('agree_to_terms').notNull().default(false),
    agreeToPrivacyPolicy: boolean('agree_to_privacy_policy').notNull().default(false),
    primaryClientId: integer('primary_client_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_key').on(sql`lower(${table.email})`)],
);

export type UserRow = typeof users.$inferSelect;

/**
 * A new sign-in e-mail address waiting for its owner to follow the link e-mailed to it (issue 25):
 * at most one per user, the link's token stored only as its SHA-256 hash. Confirming deletes the
 * row, so a link works once; asking again replaces it, so only the newest link works.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    userId: cascadeRef('user_id', () => users.id).primaryKey(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    requestedAt: timestamptz('requested_at').notNull(),
    /** Who asked: the user, or the superuser acting as them (D11). */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('email_changes_token_idx').on(table.tokenHash)],
);

export type EmailChangeRow = typeof emailChanges.$inferSelect;

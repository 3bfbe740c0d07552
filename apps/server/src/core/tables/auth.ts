import { type AnyPgColumn, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, timestamptz } from './columns';
import { users } from './users';

/**
 * A sign-in session: one family of rotating refresh tokens (D14). `actorUserId` is set when a
 * superuser acts as this user (D11), and `parentSessionId` names the superuser's own session it
 * was opened from: it lives only as long as that session and that superuser do.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: cascadeRef('user_id', () => users.id),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'cascade' }),
    parentSessionId: uuid('parent_session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Refresh tokens, stored only as SHA-256 hashes; a used one that comes back means theft. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

/** `invite`: a new contact login chooses its first password through the reset page. */
export type TokenPurpose = 'reset_password' | 'verify_email' | 'invite';

/** One-time tokens for password reset, e-mail verification and invitations, stored hashed. */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    purpose: text('purpose').$type<TokenPurpose>().notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('user_tokens_user_idx').on(table.userId)],
);

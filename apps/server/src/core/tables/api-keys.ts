import type { ApiKeyScope } from '@pluvio/shared/api-keys';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { clients } from './accounts';
import { cascadeRef, identityId, timestamptz } from './columns';
import { users } from './users';

/**
 * An account owner's API keys (issue 29): stored only as a SHA-256 hash (a key is 32 random
 * bytes, so a fast hash is enough), with the few characters shown to tell keys apart. The key
 * acts as `userId`, the owner who made it; revoking deletes the row.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: identityId(),
    clientId: cascadeRef('client_id', () => clients.id),
    userId: cascadeRef('user_id', () => users.id),
    name: text('name').notNull(),
    scope: text('scope').$type<ApiKeyScope>().notNull(),
    keyHash: text('key_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [index('api_keys_client_idx').on(table.clientId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;

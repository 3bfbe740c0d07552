import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { accountRecords } from '../../core/db/account-records';
import type { AppDb } from '../../core/db/client';
import { type ApiKeyRow, apiKeys } from '../../core/tables/api-keys';

export type NewApiKey = typeof apiKeys.$inferInsert;

export function createApiKeysRepository(db: AppDb) {
  const { listOf, insertWithin, find, delete: remove } = accountRecords(db, apiKeys);
  return {
    listOf,
    insertWithin,
    find,
    delete: remove,
    async findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash));
      return row;
    },
    /** Sets the last use unless another request (or process) already did since `staleBefore`. */
    async touch(id: number, now: Date, staleBefore: Date): Promise<void> {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: now })
        .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
    },
  };
}

import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import { clients } from '../../core/tables/accounts';
import { type ApiKeyRow, apiKeys } from '../../core/tables/api-keys';

export type NewApiKey = typeof apiKeys.$inferInsert;

export function createApiKeysRepository(db: AppDb) {
  return {
    async findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash));
      return row;
    },
    listOf(clientId: number): Promise<ApiKeyRow[]> {
      return db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.clientId, clientId))
        .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
    },
    /**
     * Inserts the key unless the account already holds `max`; the account's row is locked while
     * counting, so two creations at once cannot both pass the limit. Answers undefined when full.
     */
    insertWithin(values: NewApiKey, max: number): Promise<ApiKeyRow | undefined> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: clients.id })
          .from(clients)
          .where(eq(clients.id, values.clientId))
          .for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(eq(apiKeys.clientId, values.clientId));
        if ((held?.n ?? 0) >= max) return undefined;
        const [row] = await tx.insert(apiKeys).values(values).returning();
        return row;
      });
    },
    async find(clientId: number, id: number): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.clientId, clientId), eq(apiKeys.id, id)));
      return row;
    },
    async delete(clientId: number, id: number): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .delete(apiKeys)
        .where(and(eq(apiKeys.clientId, clientId), eq(apiKeys.id, id)))
        .returning();
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

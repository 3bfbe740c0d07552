import { and, asc, count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { lockAccountQuota } from './account-lock';
import type { AppDb } from './client';

/** A table of one account's own records: each row has its id, its account and when it was made. */
type AccountTable = PgTable & { id: PgColumn; clientId: PgColumn; createdAt: PgColumn };

/**
 * The queries every table of an account's own records (API keys, webhook endpoints) needs:
 * list, create within the account's limit, find and delete, always within the account, so
 * another account's id is simply not found.
 */
export function accountRecords<T extends AccountTable>(db: AppDb, table: T) {
  type Row = T['$inferSelect'];
  const ofAccount = (clientId: number, id: number) => and(eq(table.clientId, clientId), eq(table.id, id));
  return {
    listOf(clientId: number): Promise<Row[]> {
      return db
        .select()
        .from(table as PgTable)
        .where(eq(table.clientId, clientId))
        .orderBy(asc(table.createdAt), asc(table.id)) as Promise<Row[]>;
    },
    /**
     * Inserts unless the account already holds `max`, counting under the account's quota lock so
     * two creations at once cannot both pass the limit. Answers undefined when full.
     */
    insertWithin(values: T['$inferInsert'] & { clientId: number }, max: number): Promise<Row | undefined> {
      return db.transaction(async (tx) => {
        await lockAccountQuota(tx, values.clientId);
        const [held] = await tx
          .select({ n: count() })
          .from(table as PgTable)
          .where(eq(table.clientId, values.clientId));
        if ((held?.n ?? 0) >= max) return undefined;
        const [row] = (await tx.insert(table).values(values).returning()) as Row[];
        return row;
      });
    },
    async find(clientId: number, id: number): Promise<Row | undefined> {
      const [row] = (await db
        .select()
        .from(table as PgTable)
        .where(ofAccount(clientId, id))) as Row[];
      return row;
    },
    async delete(clientId: number, id: number): Promise<Row | undefined> {
      const [row] = (await db.delete(table).where(ofAccount(clientId, id)).returning()) as Row[];
      return row;
    },
    /** The `where` of one of the account's records, for the table's own updates. */
    ofAccount,
  };
}

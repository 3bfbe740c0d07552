import { and, gte, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import { accountCharges } from '../../core/tables/reports';

export type NewAccountCharge = Pick<
  typeof accountCharges.$inferInsert,
  'clientId' | 'kind' | 'amountCents' | 'description' | 'taskId' | 'createdAt'
>;

/** `account_charges`: the accounts' extra charges (the historical report fee). */
export function createAccountChargesRepository(db: AppDb) {
  return {
    /** Records a charge; a task charges once (unique `task_id`), so a second call changes nothing. */
    async charge(values: NewAccountCharge): Promise<void> {
      await db.insert(accountCharges).values(values).onConflictDoNothing({ target: accountCharges.taskId });
    },

    /** Cents charged per account for charges made in [from, to) (either end open). */
    async centsByAccount(from: Date | undefined, to: Date | undefined): Promise<Map<number, number>> {
      const rows = await db
        .select({
          clientId: accountCharges.clientId,
          cents: sql<number>`sum(${accountCharges.amountCents})::int`,
        })
        .from(accountCharges)
        .where(
          and(
            from ? gte(accountCharges.createdAt, from) : undefined,
            to ? lt(accountCharges.createdAt, to) : undefined,
          ),
        )
        .groupBy(accountCharges.clientId);
      return new Map(rows.map((row) => [row.clientId, row.cents]));
    },
  };
}

import { and, eq, isNull, lt } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { type SignupRow, signups } from './signups.schema';

export type NewSignup = typeof signups.$inferInsert;

export function createSignupsRepository(db: AppDb) {
  return {
    async insert(values: NewSignup): Promise<SignupRow> {
      const [row] = await db.insert(signups).values(values).returning();
      if (!row) throw new Error('signup insert returned nothing');
      return row;
    },
    async remove(id: string): Promise<void> {
      await db.delete(signups).where(eq(signups.id, id));
    },
    async setCheckout(id: string, checkoutSessionId: string): Promise<void> {
      await db.update(signups).set({ checkoutSessionId }).where(eq(signups.id, id));
    },
    async findByCheckout(checkoutSessionId: string): Promise<SignupRow | undefined> {
      const [row] = await db.select().from(signups).where(eq(signups.checkoutSessionId, checkoutSessionId));
      return row;
    },
    /**
     * The sign-up locked until the transaction ends: a second caller (a reload, another tab, the
     * provider's webhook) waits here and then finds it provisioned.
     */
    async lockByCheckout(checkoutSessionId: string): Promise<SignupRow | undefined> {
      const [row] = await db
        .select()
        .from(signups)
        .where(eq(signups.checkoutSessionId, checkoutSessionId))
        .for('update');
      return row;
    },
    /** The account exists: the sign-up keeps who it made and forgets the password's hash. */
    async markProvisioned(id: string, userId: number, clientId: number, now: Date): Promise<void> {
      await db
        .update(signups)
        .set({ provisionedAt: now, userId, clientId, passwordHash: '' })
        .where(eq(signups.id, id));
    },
    /** Sign-ups never paid for, started before `cutoff`: gone with their password hash. */
    async removeUnfinishedBefore(cutoff: Date): Promise<number> {
      const rows = await db
        .delete(signups)
        .where(and(isNull(signups.provisionedAt), lt(signups.createdAt, cutoff)))
        .returning({ id: signups.id });
      return rows.length;
    },
    /** True when this call cancelled it (still waiting for its payment, not cancelled before). */
    async markCancelled(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(signups)
        .set({ cancelledAt: now })
        .where(and(eq(signups.id, id), isNull(signups.cancelledAt), isNull(signups.provisionedAt)))
        .returning({ id: signups.id });
      return rows.length === 1;
    },
  };
}

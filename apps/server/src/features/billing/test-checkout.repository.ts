import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { type TestCheckoutRow, testCheckoutSessions } from './billing.schema';

export type NewTestCheckout = typeof testCheckoutSessions.$inferInsert;

/** The built-in test checkout's sessions. */
export function createTestCheckoutRepository(db: AppDb) {
  return {
    async insert(values: NewTestCheckout): Promise<void> {
      await db.insert(testCheckoutSessions).values(values);
    },
    async find(id: string): Promise<TestCheckoutRow | undefined> {
      const [row] = await db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, id));
      return row;
    },
    /** Pays an open session; undefined when it is not open (paid or cancelled already). */
    async complete(id: string, subscriptionId: string, now: Date): Promise<TestCheckoutRow | undefined> {
      const [row] = await db
        .update(testCheckoutSessions)
        .set({ status: 'complete', paymentStatus: 'paid', subscriptionId, completedAt: now })
        .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.status, 'open')))
        .returning();
      return row;
    },
    /** Closes an open session unpaid (the buyer went back). */
    async expire(id: string): Promise<void> {
      await db
        .update(testCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.status, 'open')));
    },
    async setQuantity(subscriptionId: string, quantity: number): Promise<void> {
      await db
        .update(testCheckoutSessions)
        .set({ quantity })
        .where(eq(testCheckoutSessions.subscriptionId, subscriptionId));
    },
  };
}

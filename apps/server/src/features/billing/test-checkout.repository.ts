import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import { type TestCheckoutRow, testCheckoutSessions } from '../../core/tables/billing';

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
    /** Pays an open session; undefined when it is not open (paid, cancelled or past its expiry). */
    async complete(
      id: string,
      paid: { subscriptionId: string; cardFingerprint: string | null; now: Date },
    ): Promise<TestCheckoutRow | undefined> {
      const { subscriptionId, cardFingerprint, now } = paid;
      const [row] = await db
        .update(testCheckoutSessions)
        .set({ status: 'complete', paymentStatus: 'paid', subscriptionId, cardFingerprint, completedAt: now })
        .where(
          and(
            eq(testCheckoutSessions.id, id),
            eq(testCheckoutSessions.status, 'open'),
            or(isNull(testCheckoutSessions.expiresAt), gt(testCheckoutSessions.expiresAt, now)),
          ),
        )
        .returning();
      return row;
    },
    /** Gives a paid session's money back; false when it was not paid (or refunded already). */
    async refund(id: string): Promise<boolean> {
      const rows = await db
        .update(testCheckoutSessions)
        .set({ paymentStatus: 'refunded' })
        .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.paymentStatus, 'paid')))
        .returning({ id: testCheckoutSessions.id });
      return rows.length === 1;
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

import type { SignupRefusal } from '@pluvio/shared/signup';
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import { type SignupRow, signups } from '../../core/tables/signups';

export type NewSignup = typeof signups.$inferInsert;

const sameEmail = (email: string) => sql`lower(${signups.email}) = lower(${email})`;

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
    /** The checkout is made: the address stays held until it expires. */
    async setCheckout(id: string, checkoutSessionId: string, holdEndsAt: Date): Promise<void> {
      await db.update(signups).set({ checkoutSessionId, holdEndsAt }).where(eq(signups.id, id));
    },
    async findById(id: string): Promise<SignupRow | undefined> {
      const [row] = await db.select().from(signups).where(eq(signups.id, id));
      return row;
    },
    /** The sign-up holding the address at `now`, if any. */
    async findHold(email: string, now: Date): Promise<SignupRow | undefined> {
      const [row] = await db
        .select()
        .from(signups)
        .where(and(sameEmail(email), isNull(signups.releasedAt), gt(signups.holdEndsAt, now)));
      return row;
    },
    /** Holds of the address whose checkout has expired end, so a new sign-up can hold it. */
    async releaseEndedHolds(email: string, now: Date): Promise<void> {
      await db
        .update(signups)
        .set({ releasedAt: now })
        .where(and(sameEmail(email), isNull(signups.releasedAt), lte(signups.holdEndsAt, now)));
    },
    async release(id: string, now: Date): Promise<void> {
      await db
        .update(signups)
        .set({ releasedAt: now })
        .where(and(eq(signups.id, id), isNull(signups.releasedAt)));
    },
    /** Paid but not to be provisioned: the hold ends, the password hash goes, the payment is to be refunded. */
    async markRefused(id: string, refusal: SignupRefusal, now: Date): Promise<void> {
      await db
        .update(signups)
        .set({ refusedAt: now, refusal, releasedAt: now, passwordHash: '' })
        .where(eq(signups.id, id));
    },
    /** True when this call recorded the refund (exactly one caller then tells the buyer). */
    async markRefunded(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(signups)
        .set({ refundedAt: now })
        .where(and(eq(signups.id, id), isNull(signups.refundedAt)))
        .returning({ id: signups.id });
      return rows.length === 1;
    },
    /** Refused sign-ups whose refund has not gone through yet. */
    async refusedUnrefunded(limit: number): Promise<SignupRow[]> {
      return db
        .select()
        .from(signups)
        .where(and(isNotNull(signups.refusedAt), isNull(signups.refundedAt)))
        .orderBy(signups.refusedAt)
        .limit(limit);
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
        .set({ provisionedAt: now, userId, clientId, passwordHash: '', releasedAt: now })
        .where(eq(signups.id, id));
    },
    /**
     * Sign-ups never paid for, started before `cutoff`: gone with their password hash. A refused
     * one stays until its refund has gone through.
     */
    async removeUnfinishedBefore(cutoff: Date): Promise<number> {
      const rows = await db
        .delete(signups)
        .where(
          and(
            isNull(signups.provisionedAt),
            lt(signups.createdAt, cutoff),
            or(isNull(signups.refusedAt), isNotNull(signups.refundedAt)),
          ),
        )
        .returning({ id: signups.id });
      return rows.length;
    },
    /** True when this call cancelled it (still waiting for its payment, not cancelled before). */
    async markCancelled(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(signups)
        .set({ cancelledAt: now, releasedAt: now })
        .where(and(eq(signups.id, id), isNull(signups.cancelledAt), isNull(signups.provisionedAt)))
        .returning({ id: signups.id });
      return rows.length === 1;
    },
  };
}

import { and, eq, gt } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import { type EmailChangeRow, emailChanges, users } from '../../core/tables/users';

export type NewEmailChange = EmailChangeRow;

/** The pending changes of sign-in e-mail (issue 25): one per user, found by its link's token hash. */
export function createEmailChangeRepository(db: AppDb) {
  return {
    /** The user's change, when one waits and its link still works at `now`. */
    async pending(userId: number, now: Date): Promise<EmailChangeRow | undefined> {
      const [row] = await db
        .select()
        .from(emailChanges)
        .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, now)));
      return row;
    },

    /** Stores the user's change, replacing one that waited: only the newest link works. */
    async put(values: NewEmailChange): Promise<void> {
      const { userId: _userId, ...rest } = values;
      await db
        .insert(emailChanges)
        .values(values)
        .onConflictDoUpdate({ target: emailChanges.userId, set: rest });
    },

    /** A new link for the waiting change, with the same expiry; false when none waits. */
    async replaceToken(userId: number, tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(emailChanges)
        .set({ tokenHash })
        .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, now)))
        .returning({ userId: emailChanges.userId });
      return rows.length > 0;
    },

    /** Removes the user's change (cancelled); the removed row, if one waited. */
    async remove(userId: number, now: Date): Promise<EmailChangeRow | undefined> {
      const [row] = await db
        .delete(emailChanges)
        .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, now)))
        .returning();
      return row;
    },

    /**
     * Takes the change whose link carries the token, once and before it expires: the row is
     * deleted, so the same link cannot be followed twice.
     */
    async take(tokenHash: string, now: Date): Promise<EmailChangeRow | undefined> {
      const [row] = await db
        .delete(emailChanges)
        .where(and(eq(emailChanges.tokenHash, tokenHash), gt(emailChanges.expiresAt, now)))
        .returning();
      return row;
    },

    /** The new sign-in address; following a link e-mailed to it also verifies it. */
    async setEmail(userId: number, email: string, now: Date): Promise<void> {
      await db.update(users).set({ email, isVerified: true, updatedAt: now }).where(eq(users.id, userId));
    },
  };
}

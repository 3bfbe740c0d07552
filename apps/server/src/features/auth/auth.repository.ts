import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { refreshTokens, sessions, userTokens } from './auth.schema';

export type TokenPurpose = 'reset_password' | 'verify_email';

export function createAuthRepository(db: AppDb) {
  return {
    async createSession(values: { userId: number; actorUserId: number | null; expiresAt: Date }) {
      const [row] = await db.insert(sessions).values(values).returning();
      if (!row) throw new Error('session insert returned nothing');
      return row;
    },
    async liveSession(sessionId: string, now: Date) {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      return row;
    },
    async revokeSession(sessionId: string, reason: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },
    async revokeSessionsOfUser(userId: number, reason: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
    async addRefreshToken(sessionId: string, tokenHash: string): Promise<void> {
      await db.insert(refreshTokens).values({ sessionId, tokenHash });
    },
    async findRefreshToken(tokenHash: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },
    /** Marks a refresh token used; false when it was used already (a concurrent or stolen reuse). */
    async useRefreshToken(tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
        .returning({ tokenHash: refreshTokens.tokenHash });
      return rows.length === 1;
    },
    async addUserToken(values: {
      tokenHash: string;
      userId: number;
      purpose: TokenPurpose;
      expiresAt: Date;
    }) {
      await db.insert(userTokens).values(values);
    },
    /** Takes a one-time token: returns its user when it is valid, and marks it used. */
    async consumeUserToken(tokenHash: string, purpose: TokenPurpose, now: Date): Promise<number | null> {
      const rows = await db
        .update(userTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(userTokens.tokenHash, tokenHash),
            eq(userTokens.purpose, purpose),
            isNull(userTokens.usedAt),
            gt(userTokens.expiresAt, now),
          ),
        )
        .returning({ userId: userTokens.userId });
      return rows[0]?.userId ?? null;
    },
    async expireUserTokens(userId: number, purpose: TokenPurpose, now: Date): Promise<void> {
      await db
        .update(userTokens)
        .set({ usedAt: now })
        .where(
          and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)),
        );
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

import { and, eq, gt, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../core/db/client';
import { refreshTokens, sessions, type TokenPurpose, userTokens } from '../../core/tables/auth';
import { users } from '../../core/tables/users';

export interface NewUserToken {
  tokenHash: string;
  userId: number;
  purpose: TokenPurpose;
  expiresAt: Date;
}

const parentSessions = alias(sessions, 'parent_sessions');
const actors = alias(users, 'actors');

export function createAuthRepository(db: AppDb) {
  return {
    async createSession(values: {
      userId: number;
      actorUserId: number | null;
      parentSessionId: string | null;
      expiresAt: Date;
    }) {
      const [row] = await db.insert(sessions).values(values).returning();
      if (!row) throw new Error('session insert returned nothing');
      return row;
    },
    /**
     * An unrevoked session with its user and, for a session acting as that user, whether the
     * superuser's own session it came from is unrevoked and that superuser still an active
     * superuser; in one query. The caller checks the expiry of both sessions.
     */
    async unrevokedSessionWithUser(sessionId: string) {
      const [row] = await db
        .select({
          session: sessions,
          user: users,
          parentExpiresAt: parentSessions.expiresAt,
          parentLive: sql<boolean>`${parentSessions.id} is not null and ${parentSessions.revokedAt} is null
                                   and ${actors.isActive} and ${actors.isSuperuser}`,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(parentSessions, eq(parentSessions.id, sessions.parentSessionId))
        .leftJoin(actors, eq(actors.id, parentSessions.userId))
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      return row;
    },
    async revokeSession(sessionId: string, reason: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },
    /**
     * Ends the user's sessions, but `exceptSessionId` when given, and those the user opened acting
     * as someone else.
     */
    async revokeSessionsOfUser(
      userId: number,
      reason: string,
      now: Date,
      exceptSessionId: string | null = null,
    ): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(
          and(
            or(eq(sessions.userId, userId), eq(sessions.actorUserId, userId)),
            isNull(sessions.revokedAt),
            exceptSessionId === null ? undefined : ne(sessions.id, exceptSessionId),
          ),
        );
    },
    /** Stores a refresh token; storing the same one again (a successor handed out twice) changes nothing. */
    async addRefreshToken(sessionId: string, tokenHash: string): Promise<void> {
      await db.insert(refreshTokens).values({ sessionId, tokenHash }).onConflictDoNothing();
    },
    async findRefreshToken(tokenHash: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },
    /**
     * Spends a refresh token: true when it was unused, or spent at or after `graceStart` (a
     * parallel or retried refresh). One conditional update, so on PostgreSQL concurrent callers
     * queue on the row lock and each sees the others' mark; false means a reuse after the grace.
     */
    async spendRefreshToken(tokenHash: string, now: Date, graceStart: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: sql`coalesce(${refreshTokens.usedAt}, ${now.toISOString()}::timestamptz)` })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            or(isNull(refreshTokens.usedAt), gte(refreshTokens.usedAt, graceStart)),
          ),
        )
        .returning({ tokenHash: refreshTokens.tokenHash });
      return rows.length === 1;
    },
    /** One statement for any number of tokens (a contact import's invitations): one JSON parameter. */
    async addUserTokens(values: NewUserToken[]): Promise<void> {
      if (values.length === 0) return;
      await db.execute(sql`
        insert into user_tokens (token_hash, user_id, purpose, expires_at)
        select "tokenHash", "userId", purpose, "expiresAt"
          from json_to_recordset(${JSON.stringify(values)}::json)
            as r("tokenHash" text, "userId" integer, purpose text, "expiresAt" timestamptz)`);
    },
    /** Takes a one-time token of one of the purposes: returns its user and purpose when valid, and marks it used. */
    async consumeUserToken(
      tokenHash: string,
      purposes: TokenPurpose[],
      now: Date,
    ): Promise<{ userId: number; purpose: TokenPurpose } | null> {
      const rows = await db
        .update(userTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(userTokens.tokenHash, tokenHash),
            inArray(userTokens.purpose, purposes),
            isNull(userTokens.usedAt),
            gt(userTokens.expiresAt, now),
          ),
        )
        .returning({ userId: userTokens.userId, purpose: userTokens.purpose });
      return rows[0] ?? null;
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

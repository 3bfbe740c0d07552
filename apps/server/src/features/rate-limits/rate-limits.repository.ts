import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import { rateLimitCounters } from '../../core/tables/rate-limits';

export interface Counted {
  hits: number;
  windowEndsAt: Date;
}

export function createRateLimitsRepository(db: AppDb) {
  return {
    /**
     * Counts `amount` hits in the subject's window, or opens a new window when the last one has
     * ended. One upsert, so concurrent hits from several processes each count once.
     */
    async hit(
      bucket: string,
      subjectHash: string,
      now: Date,
      windowEndsAt: Date,
      amount = 1,
    ): Promise<Counted> {
      const ended = sql`${rateLimitCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ bucket, subjectHash, hits: amount, windowEndsAt })
        .onConflictDoUpdate({
          target: [rateLimitCounters.bucket, rateLimitCounters.subjectHash],
          set: {
            hits: sql`case when ${ended} then ${amount}::int else ${rateLimitCounters.hits} + ${amount}::int end`,
            windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
          },
        })
        .returning({ hits: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt });
      if (!row) throw new Error('rate limit upsert returned nothing');
      return row;
    },
    /** Takes hits back from the window that counted them (gone or renewed windows stay as they are). */
    async unhit(bucket: string, subjectHash: string, windowEndsAt: Date, amount = 1): Promise<void> {
      await db
        .update(rateLimitCounters)
        .set({ hits: sql`greatest(${rateLimitCounters.hits} - ${amount}::int, 0)` })
        .where(
          and(
            eq(rateLimitCounters.bucket, bucket),
            eq(rateLimitCounters.subjectHash, subjectHash),
            eq(rateLimitCounters.windowEndsAt, windowEndsAt),
            gt(rateLimitCounters.hits, 0),
          ),
        );
    },
    async deleteEnded(now: Date): Promise<number> {
      const rows = await db
        .delete(rateLimitCounters)
        .where(lte(rateLimitCounters.windowEndsAt, now))
        .returning({ bucket: rateLimitCounters.bucket });
      return rows.length;
    },
  };
}

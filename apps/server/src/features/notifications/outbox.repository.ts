import { count, desc, eq, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';
import { type OutboxRow, outbox } from './outbox.schema';

export type NewOutboxMessage = typeof outbox.$inferInsert;

export function createOutboxRepository(db: AppDb) {
  return {
    async insert(values: NewOutboxMessage): Promise<OutboxRow> {
      const [row] = await db.insert(outbox).values(values).returning();
      if (!row) throw new Error('outbox insert returned nothing');
      return row;
    },
    /** One statement for any number of messages: the rows travel as one JSON parameter. */
    async insertMany(values: NewOutboxMessage[]): Promise<void> {
      await db.execute(sql`
        insert into outbox (channel, kind, recipient, subject, text_body, html_body, status, idempotency_key, next_attempt_at)
        select channel, kind, recipient, subject, "textBody", "htmlBody", status, "idempotencyKey", "nextAttemptAt"
          from json_to_recordset(${JSON.stringify(values)}::json) as r(channel text, kind text, recipient text,
               subject text, "textBody" text, "htmlBody" text, status text, "idempotencyKey" text,
               "nextAttemptAt" timestamptz)`);
    },
    /**
     * Claims up to `limit` messages that are due (queued and past their next attempt, or left
     * in 'sending' by a worker whose claim expired). SKIP LOCKED lets several workers share the
     * table without taking the same row.
     */
    async claimDue(now: Date, claimUntil: Date, limit: number): Promise<OutboxRow[]> {
      const claimed = await queryRows<{ id: number }>(
        db,
        sql`
        update outbox set status = 'sending', locked_until = ${claimUntil.toISOString()}, attempts = attempts + 1
         where id in (
           select id from outbox
            where (status = 'queued' and next_attempt_at <= ${now.toISOString()})
               or (status = 'sending' and locked_until < ${now.toISOString()})
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked)
        returning id`,
      );
      const ids = claimed.map((row) => row.id);
      if (ids.length === 0) return [];
      return db.select().from(outbox).where(sql`${outbox.id} in ${ids}`).orderBy(outbox.id);
    },
    async markSent(id: number, providerMessageId: string | null, now: Date): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null, providerMessageId })
        .where(eq(outbox.id, id));
    },
    async scheduleRetry(id: number, error: string, nextAttemptAt: Date): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'queued', lockedUntil: null, lastError: error, nextAttemptAt })
        .where(eq(outbox.id, id));
    },
    async markFailed(id: number, error: string): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'failed', lockedUntil: null, lastError: error })
        .where(eq(outbox.id, id));
    },
    async page(page: number, pageSize: number): Promise<{ rows: OutboxRow[]; total: number }> {
      const rows = await db
        .select()
        .from(outbox)
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [totals] = await db.select({ total: count() }).from(outbox);
      return { rows, total: totals?.total ?? 0 };
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

import type { OutboxChannel, OutboxMessage, OutboxStatus } from '@pluvio/shared/outbox.schemas';
import { and, count, desc, eq, getTableColumns, ilike, inArray, lt, notExists, or, sql } from 'drizzle-orm';
import { byteaContent } from '../../core/db/bytea';
import { type AppDb, queryRows } from '../../core/db/client';
import { containsPattern } from '../../core/db/like-pattern';
import {
  type OutboxAttachmentRow,
  type OutboxRow,
  outbox,
  outboxAttachments,
} from '../../core/tables/outbox';
import { isoTime, messageStatusColumns } from './message-columns';

export type NewOutboxMessage = typeof outbox.$inferInsert;
export type NewOutboxAttachment = Pick<OutboxAttachmentRow, 'filename' | 'contentType' | 'content'>;

/** An attachment with its content, as sending and downloading read it. */
const attachmentColumns = {
  ...getTableColumns(outboxAttachments),
  content: byteaContent(outboxAttachments.content),
};

/** A message as the mail viewer lists it: the API's message, its attachment without content. */
const listedColumns = {
  ...messageStatusColumns,
  to: outbox.recipient,
  text: outbox.textBody,
  html: outbox.htmlBody,
  created_at: isoTime(outbox.createdAt),
  provider_message_id: outbox.providerMessageId,
  attachment: {
    filename: outboxAttachments.filename,
    content_type: outboxAttachments.contentType,
    size: sql<number>`octet_length(${outboxAttachments.content})`.mapWith(Number),
  },
};

/** A row as one worker claimed it: `attempts` tells this claim from a later one of the same row. */
export type Claim = Pick<OutboxRow, 'id' | 'attempts'>;

/** What a provider reported after sending: the message arrived, or it never will. */
export type ProviderOutcome = { status: 'delivered' } | { status: 'failed'; reason: string };

/** Only the worker holding the current claim may settle a row (a stale worker's late answer changes nothing). */
function heldBy(claim: Claim) {
  return and(eq(outbox.id, claim.id), eq(outbox.attempts, claim.attempts), eq(outbox.status, 'sending'));
}

/** A message in one of these states may still be sent (held ones stay for the mail viewer). */
const UNSENT_STATUSES: OutboxStatus[] = ['queued', 'sending'];

export function createOutboxRepository(db: AppDb) {
  return {
    async insert(values: NewOutboxMessage): Promise<OutboxRow> {
      const [row] = await db.insert(outbox).values(values).returning();
      if (!row) throw new Error('outbox insert returned nothing');
      return row;
    },
    /** One statement for any number of messages: the rows travel as one JSON parameter. */
    async insertMany(values: NewOutboxMessage[]): Promise<{ id: number; idempotencyKey: string }[]> {
      return queryRows(
        db,
        sql`
        insert into outbox (channel, kind, recipient, subject, text_body, html_body, status, idempotency_key,
                            next_attempt_at, status_at, created_at, attachment_id)
        select channel, kind, recipient, subject, "textBody", "htmlBody", status, "idempotencyKey",
               "nextAttemptAt", "statusAt", coalesce("createdAt", now()), "attachmentId"
          from json_to_recordset(${JSON.stringify(values)}::json) as r(channel text, kind text, recipient text,
               subject text, "textBody" text, "htmlBody" text, status text, "idempotencyKey" text,
               "nextAttemptAt" timestamptz, "statusAt" timestamptz, "createdAt" timestamptz, "attachmentId" int)
        returning id, idempotency_key as "idempotencyKey"`,
      );
    },
    async insertAttachment(values: NewOutboxAttachment): Promise<number> {
      const [row] = await db.insert(outboxAttachments).values(values).returning({ id: outboxAttachments.id });
      if (!row) throw new Error('outbox attachment insert returned nothing');
      return row.id;
    },
    /**
     * Deletes the attachments stored before `cutoff` whose messages are no longer waiting to be
     * sent (sent, delivered, failed, or held for the mail viewer); the messages keep their texts.
     */
    async removeAttachmentsSentBefore(cutoff: Date): Promise<number> {
      const waiting = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.attachmentId, outboxAttachments.id), inArray(outbox.status, UNSENT_STATUSES)));
      const rows = await db
        .delete(outboxAttachments)
        .where(and(lt(outboxAttachments.createdAt, cutoff), notExists(waiting)))
        .returning({ id: outboxAttachments.id });
      return rows.length;
    },
    async attachment(id: number): Promise<OutboxAttachmentRow | null> {
      const [row] = await db
        .select(attachmentColumns)
        .from(outboxAttachments)
        .where(eq(outboxAttachments.id, id));
      return row ?? null;
    },
    /** The attachment of a message, or null when the message has none (or does not exist). */
    async attachmentOfMessage(messageId: number): Promise<OutboxAttachmentRow | null> {
      const [row] = await db
        .select(attachmentColumns)
        .from(outbox)
        .innerJoin(outboxAttachments, eq(outboxAttachments.id, outbox.attachmentId))
        .where(eq(outbox.id, messageId));
      return row ?? null;
    },
    /**
     * Claims the next due message of the given channels (queued and past its next attempt, or left
     * in 'sending' by a worker whose lease expired) until `leaseUntil`. One message a claim, so a
     * claim covers exactly the message being sent; SKIP LOCKED lets workers claim side by side.
     */
    async claimNext(channels: OutboxChannel[], now: Date, leaseUntil: Date): Promise<OutboxRow | null> {
      const [row] = await db
        .update(outbox)
        .set({ status: 'sending', lockedUntil: leaseUntil, attempts: sql`${outbox.attempts} + 1` })
        .where(
          sql`${outbox.id} = (
            select id from outbox
             where channel in ${channels}
               and ((status = 'queued' and next_attempt_at <= ${now.toISOString()})
                 or (status = 'sending' and locked_until < ${now.toISOString()}))
             order by next_attempt_at, id
             limit 1
             for update skip locked)`,
        )
        .returning();
      return row ?? null;
    },
    /** Extends a claim this worker still holds (a claim taken over meanwhile is left alone). */
    async renewClaim(claim: Claim, leaseUntil: Date): Promise<void> {
      await db.update(outbox).set({ lockedUntil: leaseUntil }).where(heldBy(claim));
    },
    async markSent(claim: Claim, providerMessageId: string | null, now: Date): Promise<void> {
      await db
        .update(outbox)
        .set({
          status: 'sent',
          sentAt: now,
          statusAt: now,
          lockedUntil: null,
          lastError: null,
          providerMessageId,
        })
        .where(heldBy(claim));
    },
    async scheduleRetry(claim: Claim, error: string, nextAttemptAt: Date): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'queued', lockedUntil: null, lastError: error, nextAttemptAt })
        .where(heldBy(claim));
    },
    async markFailed(claim: Claim, error: string, now: Date): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'failed', statusAt: now, lockedUntil: null, lastError: error })
        .where(heldBy(claim));
    },
    /**
     * Settles a sent message by the provider's id; returns whether a message changed. A report
     * that comes twice, or for a message settled already, changes nothing.
     */
    async recordOutcome(
      channel: OutboxChannel,
      providerMessageId: string,
      outcome: ProviderOutcome,
      now: Date,
    ): Promise<boolean> {
      const settled = await db
        .update(outbox)
        .set({
          status: outcome.status,
          statusAt: now,
          lastError: outcome.status === 'failed' ? outcome.reason : null,
        })
        .where(
          and(
            eq(outbox.channel, channel),
            eq(outbox.providerMessageId, providerMessageId),
            eq(outbox.status, 'sent'),
          ),
        )
        .returning({ id: outbox.id });
      return settled.length > 0;
    },
    /** A page of the mail viewer; `search` keeps the messages whose recipient or subject holds it (any case). */
    async page(
      page: number,
      pageSize: number,
      search?: string,
    ): Promise<{ rows: OutboxMessage[]; total: number }> {
      const found = search
        ? or(ilike(outbox.recipient, containsPattern(search)), ilike(outbox.subject, containsPattern(search)))
        : undefined;
      const rows = await db
        .select(listedColumns)
        .from(outbox)
        .leftJoin(outboxAttachments, eq(outboxAttachments.id, outbox.attachmentId))
        .where(found)
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [totals] = await db.select({ total: count() }).from(outbox).where(found);
      return {
        rows: rows.map((row) => ({ ...row, attachment: row.attachment?.filename ? row.attachment : null })),
        total: totals?.total ?? 0,
      };
    },
    /** How many messages come before `id` in the mail viewer's order (newest first); null when there is no such message. */
    async positionOf(id: number): Promise<number | null> {
      const [row] = await queryRows<{ before: number }>(
        db,
        sql`select (select count(*) from outbox o
                     where o.created_at > m.created_at or (o.created_at = m.created_at and o.id > m.id))::int as before
              from outbox m where m.id = ${id}`,
      );
      return row ? row.before : null;
    },
    async countByStatus(): Promise<{ channel: OutboxChannel; status: OutboxStatus; total: number }[]> {
      return db
        .select({ channel: outbox.channel, status: outbox.status, total: count() })
        .from(outbox)
        .groupBy(outbox.channel, outbox.status);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

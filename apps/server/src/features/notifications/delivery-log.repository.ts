import type { OutboxChannel, OutboxStatus } from '@pluvio/shared/outbox.schemas';
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { outbox } from './outbox.schema';

/** Which messages the log covers: queued in [from, to), of a channel and kind when given. */
export interface DeliveryRange {
  channel?: OutboxChannel;
  kind?: string;
  from?: Date;
  to?: Date;
}

function inRange(range: DeliveryRange, status?: OutboxStatus) {
  return and(
    range.channel && eq(outbox.channel, range.channel),
    range.kind === undefined ? undefined : eq(outbox.kind, range.kind),
    range.from && gte(outbox.createdAt, range.from),
    range.to && lt(outbox.createdAt, range.to),
    status && eq(outbox.status, status),
  );
}

const entryColumns = {
  id: outbox.id,
  channel: outbox.channel,
  kind: outbox.kind,
  recipient: outbox.recipient,
  subject: outbox.subject,
  status: outbox.status,
  statusAt: outbox.statusAt,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
};

/** The system-wide delivery log over the outbox: every account's messages, bodies left out. */
export function createDeliveryLogRepository(db: AppDb) {
  return {
    /** One page of the range's messages in `status` (any when absent), newest first. */
    async page(
      range: DeliveryRange,
      status: OutboxStatus | undefined,
      window: { limit: number; offset: number },
    ) {
      return db
        .select(entryColumns)
        .from(outbox)
        .where(inRange(range, status))
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(window.limit)
        .offset(window.offset);
    },
    /** How many of the range's messages are in each status; a status no message has is left out. */
    async countByStatus(range: DeliveryRange): Promise<{ status: OutboxStatus; messages: number }[]> {
      return db
        .select({ status: outbox.status, messages: count() })
        .from(outbox)
        .where(inRange(range))
        .groupBy(outbox.status);
    },
  };
}

export type DeliveryLogRepository = ReturnType<typeof createDeliveryLogRepository>;
export type DeliveryLogRow = Awaited<ReturnType<DeliveryLogRepository['page']>>[number];

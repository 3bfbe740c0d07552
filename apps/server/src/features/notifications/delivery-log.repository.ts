import type { OutboxChannel, OutboxStatus } from '@pluvio/shared/outbox.schemas';
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import { outbox } from '../../core/tables/outbox';
import { isoTime, messageStatusColumns } from './message-columns';

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

/** The columns the delivery reports sort by. */
export const DELIVERY_SORT_COLUMNS = {
  queuedTime: outbox.createdAt,
  sentTime: outbox.sentAt,
  recipient: outbox.recipient,
  subject: outbox.subject,
  status: outbox.status,
  kind: outbox.kind,
} as const;

export interface DeliveryOrder {
  field: keyof typeof DELIVERY_SORT_COLUMNS;
  direction: 'asc' | 'desc';
}

/** Either direction lists messages without the value (not sent yet, no subject) last; ties by id. */
function orderOf(order: DeliveryOrder): SQL[] {
  const column = DELIVERY_SORT_COLUMNS[order.field];
  const direction = sql.raw(order.direction);
  return [sql`${column} ${direction} nulls last`, sql`${outbox.id} ${direction}`];
}

/** A message as the log lists it: the API's entry. */
const entryColumns = {
  ...messageStatusColumns,
  recipient: outbox.recipient,
  queued_at: isoTime(outbox.createdAt),
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
    /** The first `limit` of the range's messages in one of `statuses` (any when absent), in `order`. */
    async sorted(
      range: DeliveryRange,
      statuses: readonly OutboxStatus[] | undefined,
      order: DeliveryOrder,
      limit: number,
      offset = 0,
    ) {
      return db
        .select(entryColumns)
        .from(outbox)
        .where(and(inRange(range), statuses && inArray(outbox.status, [...statuses])))
        .orderBy(...orderOf(order))
        .limit(limit)
        .offset(offset);
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

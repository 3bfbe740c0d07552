import { pageWindow } from '@pluvio/shared/lists';
import {
  type DeliveryCounts,
  type DeliveryLogEntry,
  type DeliveryLogPage,
  type DeliveryLogQuery,
  OUTBOX_STATUSES,
  type OutboxChannel,
  type OutboxStatus,
} from '@pluvio/shared/outbox.schemas';
import type { AppDb } from '../../core/db/client';
import { productDayRange } from '../../core/lib/time';
import {
  createDeliveryLogRepository,
  type DeliveryOrder,
  type DeliveryRange,
} from './delivery-log.repository';

/** What a delivery report lists: one channel's messages queued on days `from` to `to` (product time zone). */
export interface DeliveryReportQuery {
  channel: OutboxChannel;
  from: string;
  to: string;
  /** Only these statuses; every status when absent. */
  statuses?: readonly OutboxStatus[];
  order: DeliveryOrder;
  /** At most this many messages are listed, after the first `offset`; the counts cover them all. */
  limit: number;
  offset?: number;
}

export interface DeliveryLogOptions {
  /** The zone whose calendar days `start_date` and `end_date` name (D2). */
  timeZone: string;
}

function countsOf(rows: { status: OutboxStatus; messages: number }[]): DeliveryCounts {
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((status) => [status, 0])) as DeliveryCounts;
  for (const row of rows) counts[row.status] = row.messages;
  return counts;
}

/** Superusers' log of every e-mail and SMS (issue 6 point 6), read by the delivery reports too (D19). */
export function createDeliveryLogService(db: AppDb, options: DeliveryLogOptions) {
  const repository = createDeliveryLogRepository(db);
  function rangeOf(query: DeliveryLogQuery): DeliveryRange {
    return {
      channel: query.channel,
      kind: query.kind,
      ...productDayRange(query.start_date, query.end_date, options.timeZone),
    };
  }

  return {
    /** A page of the range's messages, newest first, and how many of the range are in each status. */
    async page(query: DeliveryLogQuery): Promise<DeliveryLogPage> {
      const range = rangeOf(query);
      const [rows, counts] = await Promise.all([
        repository.page(range, query.status, pageWindow(query)),
        repository.countByStatus(range).then(countsOf),
      ]);
      const total = query.status
        ? counts[query.status]
        : OUTBOX_STATUSES.reduce((sum, status) => sum + counts[status], 0);
      return { items: rows, total, page: query.page, page_size: query.page_size, counts };
    },

    /** How many of one channel's messages queued on days `from` to `to` (product time zone) are in each status. */
    async counts(channel: OutboxChannel, from: string, to: string): Promise<DeliveryCounts> {
      return countsOf(
        await repository.countByStatus({ channel, ...productDayRange(from, to, options.timeZone) }),
      );
    },

    /**
     * The delivery reports' list (D19): the range's messages in the statuses asked for, sorted,
     * at most `limit` of them, and how many of the range are in each of those statuses.
     */
    async report(query: DeliveryReportQuery): Promise<{ items: DeliveryLogEntry[]; counts: DeliveryCounts }> {
      const range: DeliveryRange = {
        channel: query.channel,
        ...productDayRange(query.from, query.to, options.timeZone),
      };
      const [rows, counts] = await Promise.all([
        repository.sorted(range, query.statuses, query.order, query.limit, query.offset ?? 0),
        repository.countByStatus(range).then(countsOf),
      ]);
      const wanted = new Set(query.statuses ?? OUTBOX_STATUSES);
      for (const status of OUTBOX_STATUSES) if (!wanted.has(status)) counts[status] = 0;
      return { items: rows, counts };
    },
  };
}

export type DeliveryLogService = ReturnType<typeof createDeliveryLogService>;

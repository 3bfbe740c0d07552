// The superusers' reports of the whole installation: its messages' deliveries and its ingested fields.
import { OUTBOX_STATUSES, type OutboxStatus } from '@pluvio/shared/outbox.schemas';
import { INGEST_STATUSES } from '@pluvio/shared/rainfall';
import { type DeliverySortField, SMS_STATUS_FILTER_STATUSES } from '@pluvio/shared/reports';
import { productDayRange, productTimestamp } from '../../core/lib/time';
import type { DeliveryLogService } from '../notifications';
import type { IngestionService } from '../rainfall';
import type { ReportDocument, ReportSubject } from './report-document';
import {
  amountFact,
  capitalised,
  column,
  fact,
  MAX_REPORT_ROWS,
  periodListing,
  periodOf,
  type ReportContext,
} from './report-parts';

export interface DeliveryReportDeps {
  deliveryLog: Pick<DeliveryLogService, 'report'>;
}

const SORT_WORDS: Record<DeliverySortField, string> = {
  queuedTime: 'time queued',
  sentTime: 'time sent',
  recipient: 'recipient',
  subject: 'subject',
  status: 'status',
  kind: 'kind',
};

const FILTER_NOTES = {
  all: 'All texts, whatever their status.',
  failed: 'Failed texts only.',
  delivered: 'Texts the carrier confirmed as delivered.',
  received: 'Texts the SMS provider accepted whose delivery is not confirmed yet (status Sent).',
  undelivered: 'Texts not sent yet or kept in the outbox (Queued, Sending, Held).',
} as const;

/** The rows a report lists: the page asked for (at most MAX_REPORT_ROWS), else the first MAX_REPORT_ROWS. */
function rowsOf(subject: ReportSubject): { limit: number; offset: number } {
  if (!subject.page) return { limit: MAX_REPORT_ROWS, offset: 0 };
  const limit = Math.min(subject.page.size, MAX_REPORT_ROWS);
  return { limit, offset: (subject.page.number - 1) * limit };
}

/** 'Page 2 of 250 messages a page: messages 251 to 500 of 1,204.' when the request asked for a page. */
function pageNote(subject: ReportSubject, listed: number, total: number): string[] {
  if (!subject.page) return [];
  const { limit, offset } = rowsOf(subject);
  const count = (value: number) => value.toLocaleString('en-US');
  const span = listed === 0 ? 'none listed' : `messages ${count(offset + 1)} to ${count(offset + listed)}`;
  return [
    `Page ${count(subject.page.number)} of ${count(limit)} messages a page: ${span} of ${count(total)}.`,
  ];
}

function sortNote(subject: ReportSubject): string {
  const order = subject.sort.direction === 'asc' ? 'ascending' : 'descending';
  return `Sorted by ${SORT_WORDS[subject.sort.field]}, ${order}; messages not sent yet come last when sorted by time sent.`;
}

/**
 * The e-mail and SMS delivery reports (D19): every message of the whole installation queued on
 * the period's days, in the asked order, texts filtered by status (SMS_STATUS_FILTER_STATUSES),
 * one table of at most MAX_REPORT_ROWS.
 */
export async function deliveryReport(
  subject: ReportSubject,
  deps: DeliveryReportDeps,
  context: ReportContext,
): Promise<ReportDocument> {
  const { from, to } = periodOf(subject);
  const isSms = subject.type === 'sms';
  const statuses: readonly OutboxStatus[] = isSms
    ? SMS_STATUS_FILTER_STATUSES[subject.smsStatus]
    : OUTBOX_STATUSES;
  const { items, counts } = await deps.deliveryLog.report({
    channel: isSms ? 'sms' : 'email',
    from,
    to,
    statuses,
    order: subject.sort,
    ...rowsOf(subject),
  });
  const total = statuses.reduce((sum, status) => sum + counts[status], 0);
  return periodListing(subject, context, {
    title: isSms ? 'SMS Delivery Report' : 'E-mail Delivery Report',
    facts: [
      fact(isSms ? 'Texts' : 'E-mails', total),
      ...statuses.map((status) => fact(capitalised(status), counts[status])),
    ],
    notes: [
      ...(isSms ? [FILTER_NOTES[subject.smsStatus]] : []),
      sortNote(subject),
      ...pageNote(subject, items.length, total),
    ],
    table: {
      columns: [
        column('queued', `Queued (${context.zone})`, 'datetime'),
        column('sent', `Sent (${context.zone})`, 'datetime'),
        column('recipient', 'Recipient', 'text'),
        isSms ? column('kind', 'Kind', 'text') : column('subject', 'Subject', 'text'),
        column('status', 'Status', 'text'),
        column('error', 'Error', 'text'),
      ],
      rows: items.map((item) => ({
        queued: productTimestamp(new Date(item.queued_at), context.timeZone),
        sent: item.sent_at && productTimestamp(new Date(item.sent_at), context.timeZone),
        recipient: item.recipient,
        ...(isSms ? { kind: item.kind } : { subject: item.subject }),
        status: capitalised(item.status),
        error: item.last_error,
      })),
      emptyText: isSms ? 'No texts in this period' : 'No e-mails in this period',
    },
    // A page says which rows it lists: the note of rows cut off is for the unpaged report.
    total: subject.page ? items.length : total,
    rowNoun: isSms ? 'text' : 'e-mail',
    fileKind: isSms ? 'sms' : 'emails',
  });
}

export interface FilesProcessedDeps {
  ingestion: Pick<IngestionService, 'processedFields'>;
}

const PRODUCT_WORDS = { '15m': '15-minute', '1h': 'Hourly' } as const;

/**
 * Superusers: the precipitation fields ingested whose interval ends on the period's days, with
 * how each fared (pass, source, status, attempts, time taken, values stored, last error).
 */
export async function filesProcessedReport(
  subject: ReportSubject,
  deps: FilesProcessedDeps,
  context: ReportContext,
): Promise<ReportDocument> {
  const { from, to } = periodOf(subject);
  const range = productDayRange(from, to, context.timeZone);
  if (!range.from || !range.to) throw new Error('a files-processed report needs dates');
  const { fields, counts } = await deps.ingestion.processedFields(range.from, range.to, MAX_REPORT_ROWS);
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const timed = fields.flatMap((field) => field.durationMs ?? []);
  const averageSeconds =
    timed.length > 0 ? timed.reduce((sum, ms) => sum + ms, 0) / timed.length / 1000 : null;
  return periodListing(subject, context, {
    title: 'Files Processed Report',
    facts: [
      fact('Fields', total),
      ...INGEST_STATUSES.filter((status) => counts.has(status)).map((status) =>
        fact(capitalised(status), counts.get(status) ?? 0),
      ),
      ...(averageSeconds === null ? [] : [amountFact('Average time taken', averageSeconds, 'seconds')]),
    ],
    notes: [
      'Each row is one field of the precipitation source (15-minute, or hourly in Pass 1 and Pass 2) by the end of its interval. Time taken: fetching and sampling the field at every location plus writing the batch it was stored with, in its last attempt. Superseded: an hourly Pass 1 field not stored because Pass 2 was.',
    ],
    table: {
      columns: [
        column('endedAt', `Interval ended (${context.zone})`, 'datetime'),
        column('product', 'Product', 'text'),
        column('pass', 'Pass', 'count'),
        column('source', 'Source', 'text'),
        column('status', 'Status', 'text'),
        column('attempts', 'Attempts', 'count'),
        column('seconds', 'Time taken (s)', 'seconds'),
        column('values', 'Wet values stored', 'count'),
        column('failure', 'Last failure', 'text'),
      ],
      rows: fields.map((field) => ({
        endedAt: productTimestamp(field.endsAt, context.timeZone),
        product: PRODUCT_WORDS[field.product],
        pass: field.pass,
        source: field.source,
        status: capitalised(field.status),
        attempts: field.attempts,
        seconds: field.durationMs === null ? null : field.durationMs / 1000,
        values: field.rows,
        failure: field.lastError,
      })),
      emptyText: 'No fields were processed for these days',
    },
    total,
    rowNoun: 'field',
    fileKind: 'files-processed',
  });
}

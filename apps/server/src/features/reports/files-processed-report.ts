import { INGEST_STATUSES } from '@pluvio/shared/rainfall';
import { productDayRange, productTimestamp } from '../../core/lib/time';
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

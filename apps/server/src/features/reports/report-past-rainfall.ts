import { readsRainfall } from '@pluvio/shared/reports';
import type { PastRainfallAsk } from '../rainfall';
import type { ReportSubject } from './report-document';
import type { ReportsOptions } from './reports.options';

/**
 * The past rainfall a report needs (days older than the ingest window): a task produces it in its
 * worker; a view asks a worker for it and says it is being prepared.
 */
export function createReportPastRainfall(
  options: Pick<ReportsOptions, 'timeZone' | 'ingestion' | 'pastRainfall' | 'onPastRainfallWanted'>,
) {
  const { timeZone } = options;

  /**
   * The report's days older than what ingestion has stored (the historical window, and months
   * before the ingest window): the chosen locations' rainfall of those days is produced first.
   */
  /** The days of the period older than the ingest window, whose rainfall is produced on demand. */
  async function pastRainfallAsk(subject: ReportSubject): Promise<PastRainfallAsk | null> {
    if (!readsRainfall(subject.type) || !subject.from || !subject.to) return null;
    const product = subject.type === 'rapidrain' ? '15m' : '1h';
    const lastPastDay = await options.ingestion.lastDayBeforeIngested(product, timeZone);
    const to = [subject.to, lastPastDay].sort()[0] ?? subject.to;
    if (subject.from > to) return null;
    return { product, locationIds: subject.locationIds, from: subject.from, to };
  }

  /** A task produces the missing past rainfall itself, in its worker. */
  async function preparePastRainfall(
    subject: ReportSubject,
    report: (share: number) => Promise<void> = async () => {},
  ): Promise<void> {
    const ask = await pastRainfallAsk(subject);
    if (ask) await options.pastRainfall.ensureStored(ask.product, ask.locationIds, ask.from, ask.to, report);
  }

  /**
   * A view is answered from what is stored: past rainfall not produced yet is asked of a worker,
   * and the view says it is being prepared.
   */
  async function viewSubject(subject: ReportSubject): Promise<ReportSubject> {
    const ask = await pastRainfallAsk(subject);
    if (!ask) return subject;
    const produced = await options.pastRainfall.producedUntil(ask.product, ask.locationIds, ask.from, ask.to);
    if (produced === ask.to) return subject;
    await options.onPastRainfallWanted?.(ask);
    return { ...subject, pastRainfallPreparing: true };
  }

  return { preparePastRainfall, viewSubject };
}

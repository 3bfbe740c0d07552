import { REPORT_MESSAGES } from '@pluvio/shared/reports';
import { productDays } from '../../core/lib/time';
import type { LocationRow } from '../../core/tables/locations';
import type { LocationsService } from '../locations';
import type { IngestionService, PastRainfallService, RainfallService } from '../rainfall';
import type { PrecipitationProduct } from '../sources';
import { dateText } from './render/display';
import {
  type CellValue,
  type ReportColumn,
  type ReportSubject,
  type ReportTable,
  subjectAccount,
} from './report-document';
import { column, counted, periodOf, type ReportContext, timeZoneNote } from './report-parts';

// What the location reports share (reading the locations in batches, the summary table of a row
// per location), and what the date-range and RapidRain reports share (the span the period covers,
// the notes around their own: passes, past rainfall being prepared, today).

/**
 * Locations read per query: a task's progress moves after each batch, and on the embedded database
 * each query holds the one connection: a 31-day read of 250 locations took 0.3-0.7 s under load.
 */
const LOCATIONS_PER_BATCH = 50;
const HOUR = 3_600_000;
const QUARTER = 15 * 60_000;

export interface RainfallReportDeps {
  locations: Pick<LocationsService, 'findManyInClient'>;
  rainfall: Pick<RainfallService, 'dailySummaries' | 'quartersAtOrAbove'>;
  ingestion: Pick<IngestionService, 'storedPasses'>;
  pastRainfall: Pick<PastRainfallService, 'producedUntil' | 'sourceName'>;
}

export type Progress = (fraction: number) => void;

/** The account's locations in the order the request names them. */
export async function locationsInOrder(
  deps: Pick<RainfallReportDeps, 'locations'>,
  subject: ReportSubject,
): Promise<LocationRow[]> {
  const rows = await deps.locations.findManyInClient(subjectAccount(subject).id, subject.locationIds);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return subject.locationIds.flatMap((id) => byId.get(id) ?? []);
}

/** Runs `read` on the locations a batch at a time, reporting progress after each. */
export async function inBatches<T>(
  locations: readonly LocationRow[],
  onProgress: Progress,
  read: (batch: LocationRow[]) => Promise<T[]>,
): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < locations.length; start += LOCATIONS_PER_BATCH) {
    const batch = locations.slice(start, start + LOCATIONS_PER_BATCH);
    results.push(...(await read(batch)));
    onProgress(Math.min(start + batch.length, locations.length) / locations.length);
  }
  return results;
}

/** The summary table of a location report: a row per location, its name first, then `cells` of its entry. */
export function locationsSummary<Entry extends { location: LocationRow }>(
  entries: readonly Entry[],
  columns: ReportColumn[],
  cells: (entry: Entry) => Record<string, CellValue>,
): ReportTable {
  return {
    columns: [column('location', 'Location', 'text'), ...columns],
    rows: entries.map((entry) => ({ location: entry.location.name, ...cells(entry) })),
    emptyText: 'No locations',
  };
}

/** The instants the period covers up to `now`: what the pass note counts. */
export function coveredSpan(from: string, to: string, context: ReportContext): { start: Date; end: Date } {
  const days = productDays(from, to, context.timeZone);
  const start = days[0]?.start ?? context.now;
  const periodEnd = days[days.length - 1]?.end ?? context.now;
  return { start, end: new Date(Math.min(periodEnd.getTime(), context.now.getTime())) };
}

/** Where the pass note's intervals come from: days produced on demand first, then ingestion. */
type PassCount = Awaited<ReturnType<IngestionService['storedPasses']>>[number];

interface IntervalOrigins {
  /** Intervals of the days produced on demand from the source's final pass. */
  produced: number;
  producedSource: string | null;
  /** The ingested intervals after those days, by pass and source. */
  ingested: PassCount[];
}

/**
 * The period's days produced on demand (older than the ingest window: an unbroken run from the
 * first day, for every location of the report) count as the source's final pass; the rest as
 * ingestion recorded them.
 */
async function intervalOrigins(
  deps: RainfallReportDeps,
  product: PrecipitationProduct,
  subject: ReportSubject,
  span: { start: Date; end: Date },
  context: ReportContext,
): Promise<IntervalOrigins> {
  const { from, to } = periodOf(subject);
  const [lastDay = to] = [to, context.today].sort();
  const producedUntil =
    from <= lastDay
      ? await deps.pastRainfall.producedUntil(product, subject.locationIds, from, lastDay)
      : null;
  const producedEnd = producedUntil
    ? new Date(
        Math.min(
          productDays(producedUntil, producedUntil, context.timeZone)[0]?.end.getTime() ?? 0,
          span.end.getTime(),
        ),
      )
    : span.start;
  const step = product === '1h' ? HOUR : QUARTER;
  return {
    produced: Math.max(0, Math.floor((producedEnd.getTime() - span.start.getTime()) / step)),
    producedSource: producedUntil ? deps.pastRainfall.sourceName : null,
    ingested: span.end > producedEnd ? await deps.ingestion.storedPasses(product, producedEnd, span.end) : [],
  };
}

/**
 * D3: reports use the best pass stored. Names how many of the period's intervals (up to now)
 * are Pass 2 and Pass 1, how many are not processed yet, and the source.
 */
function dataNote(
  product: PrecipitationProduct,
  span: { start: Date; end: Date },
  origins: IntervalOrigins,
): string {
  const step = product === '1h' ? HOUR : QUARTER;
  const expected = Math.max(0, Math.floor((span.end.getTime() - span.start.getTime()) / step));
  const ofPass = (pass: number) =>
    origins.ingested.filter((count) => count.pass === pass).reduce((sum, count) => sum + count.intervals, 0);
  // Days produced on demand hold each interval's last pass: Pass 2 for hours.
  const pass2 = ofPass(2) + (product === '1h' ? origins.produced : 0);
  const stored = origins.produced + ofPass(1) + ofPass(2);
  const sources = [
    ...new Set([
      ...(origins.producedSource ? [origins.producedSource] : []),
      ...origins.ingested.flatMap((count) => count.source ?? []),
    ]),
  ];
  const unit = product === '1h' ? 'hour' : '15-minute interval';
  const passes =
    product === '1h'
      ? `${pass2.toLocaleString('en-US')} are the revised estimate (Pass 2) and ${ofPass(1).toLocaleString('en-US')} the first estimate (Pass 1)`
      : `${stored.toLocaleString('en-US')} are processed`;
  const missing = expected - stored;
  return [
    `Rainfall data: of the period's ${counted(expected, unit)} so far, ${passes}`,
    missing > 0
      ? `; ${counted(missing, unit)} not processed yet ${missing === 1 ? 'counts' : 'count'} as no rain`
      : '',
    `. Source: ${sources.length > 0 ? sources.join(', ') : 'no data stored yet'}.`,
  ].join('');
}

/** A view answered while a worker produces the period's past rainfall says so. */
function preparingNotes(subject: ReportSubject): string[] {
  return subject.pastRainfallPreparing ? [REPORT_MESSAGES.pastRainfallPreparing] : [];
}

/** Days after today are not listed; today is not over. */
function todayNotes(to: string, context: ReportContext, from: string): string[] {
  const notes: string[] = [];
  if (from <= context.today && context.today <= to)
    notes.push(
      `Today (${dateText(context.today)}) is not over: its figures cover the hours processed when this report was made, not the quarter hours since, which the dashboard adds as provisional.`,
    );
  if (to > context.today) notes.push(`Days after today (${dateText(context.today)}) are not listed.`);
  return notes;
}

/**
 * A rainfall report's notes: the time zone, the passes and source of the product's data and any
 * past rainfall still being prepared, then the report's own notes, then what today leaves out.
 */
export async function rainfallNotes(
  deps: RainfallReportDeps,
  product: PrecipitationProduct,
  subject: ReportSubject,
  context: ReportContext,
  ownNotes: string[],
): Promise<string[]> {
  const { from, to } = periodOf(subject);
  const span = coveredSpan(from, to, context);
  return [
    timeZoneNote(context),
    dataNote(product, span, await intervalOrigins(deps, product, subject, span, context)),
    ...preparingNotes(subject),
    ...ownNotes,
    ...todayNotes(to, context, from),
  ];
}

import { levelAllows } from '@pluvio/shared/gates';
import { effectiveRapidrainThreshold } from '@pluvio/shared/locations';
import { reachesThreshold, recurrenceReached } from '@pluvio/shared/rainfall';
import { monthOf, REPORT_MESSAGES } from '@pluvio/shared/reports';
import { accountLevel } from '@pluvio/shared/tiers';
import { HOUR_MS, productDays, productTimestamp } from '../../lib/time';
import type { LocationRow } from '../locations/locations.schema';
import type { LocationsService } from '../locations/locations.service';
import type { IngestionService } from '../rainfall/ingestion.service';
import type { PastRainfallService } from '../rainfall/past-rainfall.service';
import { type DaySummary, type RainfallService, sumOfRainfall } from '../rainfall/rainfall.service';
import type { PrecipitationProduct } from '../sources/sources';
import { dateText, dateTimeText } from './render/display';
import {
  type ReportDocument,
  type ReportSection,
  type ReportSubject,
  type ReportTable,
  subjectAccount,
} from './report-document';
import {
  amountFact,
  column,
  counted,
  fact,
  feeNote,
  filenameBase,
  inches,
  MAX_REPORT_ROWS,
  periodOf,
  type ReportContext,
  reportDocument,
  timeZoneNote,
} from './report-parts';

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

type Progress = (fraction: number) => void;

const TITLES = {
  daily: 'Custom Range Rainfall Report',
  weekly: 'Weekly Rainfall Report',
  historical: 'Historical Rainfall Report',
} as const;

const FILE_TYPES = { daily: 'custom', weekly: 'weekly', historical: 'historical' } as const;

function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 1)),
  );
}

/** The account's locations in the order the request names them. */
async function locationsInOrder(deps: RainfallReportDeps, subject: ReportSubject): Promise<LocationRow[]> {
  const rows = await deps.locations.findManyInClient(subjectAccount(subject).id, subject.locationIds);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return subject.locationIds.flatMap((id) => byId.get(id) ?? []);
}

/** Runs `read` on the locations a batch at a time, reporting progress after each. */
async function inBatches<T>(
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

/** The instants the period covers up to `now`: what the pass note counts. */
function coveredSpan(from: string, to: string, context: ReportContext): { start: Date; end: Date } {
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

/** 'No Data' without Atlas 14 values, the longest recurrence interval reached, or 'Below 1-year'. */
function atlas14Cell(total: number, location: LocationRow): string {
  const depths = location.atlas14Threshold?.['24h'] ?? [];
  if (depths.length === 0) return 'No Data';
  const years = recurrenceReached(total, depths);
  return years > 0 ? `${years}-year` : 'Below 1-year';
}

interface LocationDays {
  location: LocationRow;
  days: DaySummary[];
}

interface DaysFigures {
  total: number;
  wetDays: number;
  wettest: DaySummary | null;
  overThreshold: number;
}

function figuresOf({ location, days }: LocationDays): DaysFigures {
  const wet = days.filter((day) => day.total > 0);
  const wettest = wet.reduce<DaySummary | null>(
    (best, day) => (!best || day.total > best.total ? day : best),
    null,
  );
  return {
    total: sumOfRainfall(days.map((day) => day.total)),
    wetDays: wet.length,
    wettest,
    overThreshold: days.filter((day) => reachesThreshold(day.total, location.h24Threshold)).length,
  };
}

function daysTable(entry: LocationDays, context: ReportContext, showAtlas14: boolean): ReportTable {
  const { location, days } = entry;
  return {
    columns: [
      column('date', 'Date', 'date'),
      column('total', 'Rainfall (in)', 'inches'),
      column('largestHour', 'Largest hour (in)', 'inches'),
      column('largestHourStarted', `Largest hour (${context.zone})`, 'hour'),
      column('threshold', '24-hour threshold reached', 'yesno'),
      ...(showAtlas14 ? [column('atlas14', 'NOAA Atlas 14 recurrence interval', 'text')] : []),
    ],
    rows: days.map((day) => ({
      date: day.date,
      total: day.total,
      largestHour: day.largestHour,
      largestHourStarted:
        day.largestHourEndsAt &&
        productTimestamp(new Date(day.largestHourEndsAt.getTime() - HOUR_MS), context.timeZone),
      threshold: reachesThreshold(day.total, location.h24Threshold),
      ...(showAtlas14 && { atlas14: atlas14Cell(day.total, location) }),
    })),
    emptyText: 'No days to list: the period starts after today.',
  };
}

function daysSection(entry: LocationDays, context: ReportContext, showAtlas14: boolean): ReportSection {
  const figures = figuresOf(entry);
  return {
    heading: entry.location.name,
    facts: [
      amountFact('Period total', figures.total, 'inches'),
      fact('Days with rain', `${figures.wetDays} of ${entry.days.length}`),
      fact(
        'Wettest day',
        figures.wettest ? `${dateText(figures.wettest.date)} (${inches(figures.wettest.total)})` : 'No rain',
      ),
      amountFact('24-hour threshold', entry.location.h24Threshold, 'inches'),
      fact('Days at or over the threshold', figures.overThreshold),
    ],
    table: daysTable(entry, context, showAtlas14),
  };
}

function daysSummary(entries: readonly LocationDays[]): ReportTable {
  return {
    columns: [
      column('location', 'Location', 'text'),
      column('total', 'Period total (in)', 'inches'),
      column('wetDays', 'Days with rain', 'count'),
      column('wettestDay', 'Wettest day', 'date'),
      column('wettestAmount', 'Wettest day (in)', 'inches'),
      column('overThreshold', 'Days at or over threshold', 'count'),
    ],
    rows: entries.map((entry) => {
      const figures = figuresOf(entry);
      return {
        location: entry.location.name,
        total: figures.total,
        wetDays: figures.wetDays,
        wettestDay: figures.wettest?.date ?? null,
        wettestAmount: figures.wettest?.total ?? null,
        overThreshold: figures.overThreshold,
      };
    }),
    emptyText: 'No locations',
  };
}

function dateRangeTitle(subject: ReportSubject, from: string): string {
  if (subject.type === 'monthly') return `Monthly Rainfall Report — ${monthName(monthOf(from))}`;
  return TITLES[subject.type as keyof typeof TITLES] ?? TITLES.daily;
}

function dateRangeFilename(subject: ReportSubject, from: string, to: string): string {
  if (subject.type === 'monthly') return filenameBase('monthly', monthOf(from));
  return filenameBase(FILE_TYPES[subject.type as keyof typeof FILE_TYPES] ?? FILE_TYPES.daily, from, to);
}

/**
 * Monthly, Custom (daily), weekly and historical: per location a day-by-day table of the
 * product time zone's days up to today, with the period's figures and a summary row.
 */
export async function dateRangeReport(
  subject: ReportSubject,
  deps: RainfallReportDeps,
  context: ReportContext,
  onProgress: Progress,
): Promise<ReportDocument> {
  const { from, to } = periodOf(subject);
  const client = subjectAccount(subject);
  const showAtlas14 = levelAllows(
    accountLevel({ tier: client.tier, is_trial_account: client.isTrialAccount }),
    'atlas14',
  );
  const [lastListed = to] = [to, context.today].sort();
  const locations = await locationsInOrder(deps, subject);
  const entries = await inBatches(locations, onProgress, async (batch) => {
    const summaries = await deps.rainfall.dailySummaries(
      batch.map((location) => location.id),
      from,
      lastListed,
    );
    return batch.map((location) => ({ location, days: summaries.get(location.id) ?? [] }));
  });
  const listedDays = from <= lastListed ? productDays(from, lastListed, context.timeZone).length : 0;
  const span = coveredSpan(from, to, context);
  return reportDocument(context, {
    title: dateRangeTitle(subject, from),
    accountName: client.accountName,
    period: { from, to },
    facts: [
      fact('Locations', entries.length),
      fact('Days listed', listedDays),
      ...(subject.feeDollars === null
        ? []
        : [amountFact('Historical fee charged', subject.feeDollars, 'money')]),
    ],
    notes: [
      timeZoneNote(context),
      dataNote('1h', span, await intervalOrigins(deps, '1h', subject, span, context)),
      ...preparingNotes(subject),
      "24-hour threshold reached: the day's total is at or over the location's 24-hour threshold.",
      ...(showAtlas14
        ? [
            "NOAA Atlas 14 recurrence interval: the longest interval whose 24-hour depth the day's total reached; No Data where the location has no Atlas 14 values.",
          ]
        : []),
      ...todayNotes(to, context, from),
      ...feeNote(subject),
    ],
    summary: daysSummary(entries),
    sections: entries.map((entry) => daysSection(entry, context, showAtlas14)),
    filenameBase: dateRangeFilename(subject, from, to),
  });
}

interface LocationQuarters {
  location: LocationRow;
  threshold: number;
  intervals: { endsAt: Date; amount: number }[];
  count: number;
  largest: { amount: number; endsAt: Date } | null;
}

function quartersSection(entry: LocationQuarters, context: ReportContext): ReportSection {
  const ownThreshold = entry.location.rapidrainThreshold !== null;
  return {
    heading: entry.location.name,
    facts: [
      fact(
        'RapidRain threshold',
        `${inches(entry.threshold)}${ownThreshold ? '' : ' (the 24-hour threshold)'}`,
      ),
      fact('15-minute intervals at or over', entry.count),
      fact(
        'Largest 15 minutes',
        entry.largest
          ? `${inches(entry.largest.amount)} ending ${dateTimeText(productTimestamp(entry.largest.endsAt, context.timeZone))}`
          : 'None over the threshold',
      ),
    ],
    table: {
      columns: [
        column('endedAt', `Interval ended (${context.zone})`, 'datetime'),
        column('amount', 'Rainfall in 15 minutes (in)', 'inches'),
        column('threshold', 'RapidRain threshold (in)', 'inches'),
      ],
      rows: entry.intervals.map((interval) => ({
        endedAt: productTimestamp(interval.endsAt, context.timeZone),
        amount: interval.amount,
        threshold: entry.threshold,
      })),
      emptyText: 'No 15-minute interval reached the RapidRain threshold.',
    },
  };
}

function quartersSummary(entries: readonly LocationQuarters[], context: ReportContext): ReportTable {
  return {
    columns: [
      column('location', 'Location', 'text'),
      column('threshold', 'RapidRain threshold (in)', 'inches'),
      column('count', 'Intervals at or over', 'count'),
      column('largest', 'Largest 15 minutes (in)', 'inches'),
      column('largestEndedAt', `Largest ended (${context.zone})`, 'datetime'),
    ],
    rows: entries.map((entry) => ({
      location: entry.location.name,
      threshold: entry.threshold,
      count: entry.count,
      largest: entry.largest?.amount ?? null,
      largestEndedAt: entry.largest ? productTimestamp(entry.largest.endsAt, context.timeZone) : null,
    })),
    emptyText: 'No locations',
  };
}

/**
 * RapidRain: per location every 15-minute interval at or over its RapidRain threshold (the
 * 24-hour threshold when it has none, D6), at most MAX_REPORT_ROWS listed in all.
 */
export async function rapidrainReport(
  subject: ReportSubject,
  deps: RainfallReportDeps,
  context: ReportContext,
  onProgress: Progress,
): Promise<ReportDocument> {
  const { from, to } = periodOf(subject);
  const span = coveredSpan(from, to, context);
  const locations = await locationsInOrder(deps, subject);
  const perLocation = Math.max(100, Math.floor(MAX_REPORT_ROWS / Math.max(locations.length, 1)));
  const thresholdOf = (location: LocationRow) =>
    effectiveRapidrainThreshold({
      h24_threshold: location.h24Threshold,
      rapidrain_threshold: location.rapidrainThreshold,
    });
  const entries = await inBatches(locations, onProgress, async (batch): Promise<LocationQuarters[]> => {
    const { intervals, summaries } =
      span.end > span.start
        ? await deps.rainfall.quartersAtOrAbove(
            batch.map((location) => ({ locationId: location.id, threshold: thresholdOf(location) })),
            span.start,
            span.end,
            perLocation,
          )
        : { intervals: [], summaries: new Map() };
    const byLocation = new Map<number, { endsAt: Date; amount: number }[]>();
    for (const interval of intervals) {
      const listed = byLocation.get(interval.locationId);
      if (listed) listed.push(interval);
      else byLocation.set(interval.locationId, [interval]);
    }
    return batch.map((location) => {
      const summary = summaries.get(location.id);
      return {
        location,
        threshold: thresholdOf(location),
        intervals: byLocation.get(location.id) ?? [],
        count: summary?.count ?? 0,
        largest: summary ? { amount: summary.largest, endsAt: summary.largestEndsAt } : null,
      };
    });
  });
  const cut = entries.some((entry) => entry.count > entry.intervals.length);
  return reportDocument(context, {
    title: 'RapidRain Report',
    accountName: subjectAccount(subject).accountName,
    period: { from, to },
    facts: [
      fact('Locations', entries.length),
      fact(
        '15-minute intervals at or over',
        entries.reduce((sum, entry) => sum + entry.count, 0),
      ),
    ],
    notes: [
      timeZoneNote(context),
      dataNote('15m', span, await intervalOrigins(deps, '15m', subject, span, context)),
      ...preparingNotes(subject),
      "Each 15-minute rainfall amount is compared with the location's RapidRain threshold, or its 24-hour threshold when it has none; equal counts as reached.",
      ...(cut
        ? [
            `Only the first ${counted(perLocation, 'interval')} of each location are listed; the counts cover them all.`,
          ]
        : []),
      ...todayNotes(to, context, from),
    ],
    summary: quartersSummary(entries, context),
    sections: entries.map((entry) => quartersSection(entry, context)),
    filenameBase: filenameBase('rapidrain', from, to),
  });
}

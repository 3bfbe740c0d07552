import { levelAllows } from '@pluvio/shared/gates';
import { reachesThreshold, recurrenceReached } from '@pluvio/shared/rainfall';
import { monthOf } from '@pluvio/shared/reports';
import { levelOfAccount } from '../../core/lib/account-level';
import { HOUR_MS, productDays, productTimestamp } from '../../core/lib/time';
import type { LocationRow } from '../../core/tables/locations';
import { type DaySummary, sumOfRainfall } from '../rainfall';
import {
  inBatches,
  locationsInOrder,
  locationsSummary,
  type Progress,
  type RainfallReportDeps,
  rainfallNotes,
} from './rainfall-report-parts';
import { dateText } from './render/display';
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
  fact,
  feeNote,
  filenameBase,
  inches,
  periodOf,
  type ReportContext,
  reportDocument,
} from './report-parts';

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
  return locationsSummary(
    entries,
    [
      column('total', 'Period total (in)', 'inches'),
      column('wetDays', 'Days with rain', 'count'),
      column('wettestDay', 'Wettest day', 'date'),
      column('wettestAmount', 'Wettest day (in)', 'inches'),
      column('overThreshold', 'Days at or over threshold', 'count'),
    ],
    (entry) => {
      const figures = figuresOf(entry);
      return {
        total: figures.total,
        wetDays: figures.wetDays,
        wettestDay: figures.wettest?.date ?? null,
        wettestAmount: figures.wettest?.total ?? null,
        overThreshold: figures.overThreshold,
      };
    },
  );
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
  const showAtlas14 = levelAllows(levelOfAccount(client), 'atlas14');
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
      ...(await rainfallNotes(deps, '1h', subject, context, [
        "24-hour threshold reached: the day's total is at or over the location's 24-hour threshold.",
        ...(showAtlas14
          ? [
              "NOAA Atlas 14 recurrence interval: the longest interval whose 24-hour depth the day's total reached; No Data where the location has no Atlas 14 values.",
            ]
          : []),
      ])),
      ...feeNote(subject),
    ],
    summary: daysSummary(entries),
    sections: entries.map((entry) => daysSection(entry, context, showAtlas14)),
    filenameBase: dateRangeFilename(subject, from, to),
  });
}

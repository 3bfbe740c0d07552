import { effectiveRapidrainThreshold } from '@pluvio/shared/locations';
import { productTimestamp } from '../../core/lib/time';
import type { LocationRow } from '../../core/tables/locations';
import {
  coveredSpan,
  inBatches,
  locationsInOrder,
  locationsSummary,
  type Progress,
  type RainfallReportDeps,
  rainfallNotes,
} from './rainfall-report-parts';
import { dateTimeText } from './render/display';
import {
  type ReportDocument,
  type ReportSection,
  type ReportSubject,
  type ReportTable,
  subjectAccount,
} from './report-document';
import {
  column,
  counted,
  fact,
  filenameBase,
  inches,
  MAX_REPORT_ROWS,
  periodOf,
  type ReportContext,
  reportDocument,
} from './report-parts';

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
  return locationsSummary(
    entries,
    [
      column('threshold', 'RapidRain threshold (in)', 'inches'),
      column('count', 'Intervals at or over', 'count'),
      column('largest', 'Largest 15 minutes (in)', 'inches'),
      column('largestEndedAt', `Largest ended (${context.zone})`, 'datetime'),
    ],
    (entry) => ({
      threshold: entry.threshold,
      count: entry.count,
      largest: entry.largest?.amount ?? null,
      largestEndedAt: entry.largest ? productTimestamp(entry.largest.endsAt, context.timeZone) : null,
    }),
  );
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
    notes: await rainfallNotes(deps, '15m', subject, context, [
      "Each 15-minute rainfall amount is compared with the location's RapidRain threshold, or its 24-hour threshold when it has none; equal counts as reached.",
      ...(cut
        ? [
            `Only the first ${counted(perLocation, 'interval')} of each location are listed; the counts cover them all.`,
          ]
        : []),
    ]),
    summary: quartersSummary(entries, context),
    sections: entries.map((entry) => quartersSection(entry, context)),
    filenameBase: filenameBase('rapidrain', from, to),
  });
}

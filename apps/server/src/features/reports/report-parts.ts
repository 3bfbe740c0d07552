import { historicalFeeWords } from '@pluvio/shared/reports';
import { productDate, productTimestamp, timeZoneAbbreviation } from '../../core/lib/time';
import type { ReportColumn, ReportDocument, ReportFact, ReportSubject, ReportTable } from './report-document';

/**
 * What every report type's builder shares: the moment it is made, the product time zone, and
 * the small wordings its facts and notes use.
 */

/** Listed rows of one report at most (delivery logs, files processed, RapidRain intervals). */
export const MAX_REPORT_ROWS = 50_000;

export interface ReportContext {
  now: Date;
  /** Today in the product time zone. */
  today: string;
  timeZone: string;
  /** 'ET'. */
  zone: string;
}

export function reportContext(now: Date, timeZone: string): ReportContext {
  return { now, today: productDate(now, timeZone), timeZone, zone: timeZoneAbbreviation(timeZone) };
}

/** The parts a builder decides; the frame (time made, zone, section label) is the same for all. */
export type ReportParts = Omit<ReportDocument, 'generatedAt' | 'timeZoneLabel' | 'sectionLabel'>;

export function reportDocument(context: ReportContext, parts: ReportParts): ReportDocument {
  return {
    ...parts,
    generatedAt: productTimestamp(context.now, context.timeZone),
    timeZoneLabel: context.zone,
    sectionLabel: 'Location',
  };
}

/** The period of a type that has one; the API has checked both dates are there. */
export function periodOf(subject: ReportSubject): { from: string; to: string } {
  if (subject.from === null || subject.to === null) throw new Error(`a ${subject.type} report needs dates`);
  return { from: subject.from, to: subject.to };
}

/** A file name of letters, digits and '-': 'pluvio-weekly-2026-10-01-2026-10-07'. */
export function filenameBase(...parts: string[]): string {
  return ['pluvio', ...parts]
    .join('-')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const inches = (value: number) => `${value.toFixed(2)} in`;
export const dollars = (value: number) => `$${value.toFixed(2)}`;
export const counted = (count: number, noun: string, plural = `${noun}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;
/** A stored word as a cell shows it: 'failed' reads 'Failed'. */
export const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const column = (key: string, label: string, kind: ReportColumn['kind']): ReportColumn => ({
  key,
  label,
  kind,
});

/** A fact in words, or a whole number ('1,204'), which a spreadsheet keeps as a number. */
export const fact = (label: string, value: string | number): ReportFact =>
  typeof value === 'number'
    ? { label, value: value.toLocaleString('en-US'), number: { value, kind: 'count' } }
    : { label, value };

const AMOUNT_TEXT = {
  inches,
  money: dollars,
  seconds: (value: number) => `${value.toFixed(1)} s`,
};

/** An amount with its unit ('2.97 in', '$25.00', '1.5 s'); a spreadsheet keeps the number, its unit in the format. */
export const amountFact = (label: string, value: number, kind: keyof typeof AMOUNT_TEXT): ReportFact => ({
  label,
  value: AMOUNT_TEXT[kind](value),
  number: { value, kind },
});

export function timeZoneNote(context: ReportContext): string {
  return `Dates are calendar days of ${context.timeZone} (${context.zone}), midnight to midnight; a day on which the clocks change has 23 or 25 hours. Times are ${context.zone}.`;
}

function rowsCutNote(listed: number, total: number, what: string): string[] {
  return total > listed
    ? [
        `Only the first ${counted(listed, what)} of ${total.toLocaleString('en-US')} are listed; the counts above cover them all.`,
      ]
    : [];
}

export function feeNote(subject: ReportSubject): string[] {
  return subject.feeDollars === null ? [] : [historicalFeeWords(subject.feeDollars)];
}

/** What a listing of the installation over a period shows inside the frame `periodListing` gives. */
interface PeriodListing {
  title: string;
  facts: ReportFact[];
  notes: string[];
  table: ReportTable;
  /** Rows that matched, of which the table holds the first MAX_REPORT_ROWS at most. */
  total: number;
  /** A row in words ('text', 'field'), for the note on rows left out. */
  rowNoun: string;
  fileKind: string;
}

/**
 * A listing of the whole installation over the period (delivery logs, files processed): one
 * table, with the time zone noted first and, when more rows matched than it holds, a note last.
 */
export function periodListing(
  subject: ReportSubject,
  context: ReportContext,
  listing: PeriodListing,
): ReportDocument {
  const { from, to } = periodOf(subject);
  return reportDocument(context, {
    title: listing.title,
    accountName: null,
    period: { from, to },
    facts: listing.facts,
    notes: [
      timeZoneNote(context),
      ...listing.notes,
      ...rowsCutNote(listing.table.rows.length, listing.total, listing.rowNoun),
    ],
    summary: listing.table,
    sections: [],
    filenameBase: filenameBase(listing.fileKind, from, to),
  });
}

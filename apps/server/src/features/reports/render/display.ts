import type { CellValue, ColumnKind, ReportDocument } from '../report-document';

/**
 * How a report reads to a person, in HTML and PDF alike: each cell written by its column's kind,
 * and the header's period and generated time. CSV and XLSX keep values as data instead
 * (`csv.ts`, `xlsx.ts`).
 */

/** Drawn for a missing cell, so an empty cell never reads as zero or as a rendering fault. */
export const EMPTY_CELL = '—';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The fields of a 'YYYY-MM-DD' date or an ISO time, read as written (its wall time), never shifted. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

export function wallTime(text: string): WallTime | null {
  const match = WALL_TIME.exec(text);
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  return { year, month, day, hour, minute, second };
}

/** 'Oct 3, 2026'. */
export function dateText(date: string): string {
  const time = wallTime(date);
  return time ? `${MONTHS[time.month - 1]} ${time.day}, ${time.year}` : date;
}

/** ['Oct 3, 2026', '2:15 PM']: the wall time the ISO string says, whatever the reader's zone. */
export function dateTimeParts(iso: string): [string, string] | null {
  const time = wallTime(iso);
  if (!time) return null;
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  const minute = String(time.minute).padStart(2, '0');
  return [dateText(iso.slice(0, 10)), `${hour12}:${minute} ${time.hour < 12 ? 'AM' : 'PM'}`];
}

function hourWord(hour: number): string {
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12} ${hour % 24 < 12 ? 'AM' : 'PM'}`;
}

/** '11 PM–12 AM': the clock hour starting at the ISO time, named within its own day. */
export function hourText(iso: string): string {
  const time = wallTime(iso);
  return time ? `${hourWord(time.hour)}–${hourWord(time.hour + 1)}` : iso;
}

/** 'Oct 3, 2026 2:15 PM'. */
export function dateTimeText(iso: string): string {
  return dateTimeParts(iso)?.join(' ') ?? iso;
}

const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function numberText(value: number, kind: ColumnKind): string {
  switch (kind) {
    case 'inches':
      return value.toFixed(2);
    case 'count':
      return WHOLE.format(value);
    case 'money':
      return DOLLARS.format(value);
    case 'seconds':
      return value.toFixed(1);
    default:
      return String(value);
  }
}

/** A cell as a person reads it: 2 decimals for inches (D1), 'Yes'/'No', '$24.00', 'Oct 3, 2026'. */
export function cellText(value: CellValue | undefined, kind: ColumnKind): string {
  if (value === null || value === undefined || value === '') return EMPTY_CELL;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return numberText(value, kind);
  if (kind === 'date') return dateText(value);
  if (kind === 'datetime') return dateTimeText(value);
  if (kind === 'hour') return hourText(value);
  return value;
}

/** Kinds drawn right-aligned, so digits line up down a column. */
export function isNumeric(kind: ColumnKind): boolean {
  return kind === 'inches' || kind === 'count' || kind === 'money' || kind === 'seconds';
}

/** Kinds whose text must not wrap ('Oct 3, 2026' on one line); a time may break before its hour. */
export function keepsOnOneLine(kind: ColumnKind): boolean {
  return kind !== 'text' && kind !== 'datetime';
}

/** 'Oct 1, 2026 – Oct 31, 2026', one date when both ends are the same day; null without a period. */
export function periodText(document: ReportDocument): string | null {
  if (!document.period) return null;
  const { from, to } = document.period;
  return from === to ? dateText(from) : `${dateText(from)} – ${dateText(to)}`;
}

/** 'Generated Nov 1, 2026 6:00 AM ET'. */
export function generatedText(document: ReportDocument): string {
  return `Generated ${dateTimeText(document.generatedAt)} ${document.timeZoneLabel}`.trimEnd();
}

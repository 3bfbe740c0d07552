import { z } from 'zod';

/**
 * Calendar dates written YYYY-MM-DD, the way every date travels in the API. Arithmetic works on
 * the numbers of the date, never on the text: '10000-01-01' sorts before '9999-12-31'.
 */

const DAY_MS = 86_400_000;

/** The first day of the NOAA MRMS archive: rainfall data calls reach back this far. */
export const RAINFALL_DATA_START = '2020-10-14';
/** The first day reports cover (spec part 2 §4). */
export const REPORTS_START = '2022-11-01';

export const DATE_MESSAGES = {
  format: 'Dates must be written YYYY-MM-DD',
  order: 'The start date must not be after the end date',
  notBefore: (first: string) => `Dates start at ${first}`,
  notAfterTomorrow: 'Dates must not be later than tomorrow',
  range: (maxDays: number) => `Ask for at most ${maxDays} days at a time`,
} as const;

function dayNumber(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function dateOfDayNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** The product time zone until the settings say otherwise (D2; the server's TIME_ZONE default). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** Today's date (YYYY-MM-DD) in `timeZone`, wherever the browser is. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const part = Object.fromEntries(format.formatToParts(now).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day}`;
}

/** Whether the calendar date is over in `timeZone`: today there is later than `date`. */
export function dateHasPassed(date: string, timeZone: string, now: Date = new Date()): boolean {
  return daysBetween(todayIn(timeZone, now), date.slice(0, 10)) < 0;
}

/** The date `days` after `date` (before it when negative). */
export function shiftDate(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** Whole days from `from` to `to`: 0 for the same date, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Today's date in UTC; tomorrow in UTC is never earlier than tomorrow in a US time zone. */
function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * A real calendar date (no 2026-02-30) from `first` to tomorrow: the days the product can have
 * data for. Later dates and years past 9999 never reach a query or a loop.
 */
export function calendarDateSchema(first: string) {
  return z.iso.date({ error: DATE_MESSAGES.format }).pipe(
    z
      .string()
      .refine((date) => date >= first, DATE_MESSAGES.notBefore(first))
      .refine((date) => daysBetween(utcToday(), date) <= 1, DATE_MESSAGES.notAfterTomorrow),
  );
}

/** A query's `start_date` and `end_date`, when both are given, in order; refine with `DATES_IN_ORDER`. */
export function datesInOrder(query: { start_date?: string; end_date?: string }): boolean {
  return !query.start_date || !query.end_date || query.start_date <= query.end_date;
}
export const DATES_IN_ORDER = { message: DATE_MESSAGES.order, path: ['end_date'] };

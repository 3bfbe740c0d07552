import { shiftDate } from '@pluvio/shared/calendar';

/**
 * Calendar dates of the forecast, as YYYY-MM-DD strings. They are computed and named in UTC so
 * that a date never shifts by a day in a browser west or east of the product time zone.
 */

/** Midnight UTC of the date: a calendar day, whatever the browser's own time zone. */
function calendarDate(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function formatDate(date: string, options: Intl.DateTimeFormatOptions): string {
  return calendarDate(date).toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });
}

/** 'Sat' */
export function shortWeekday(date: string): string {
  return formatDate(date, { weekday: 'short' });
}

/** 'Saturday' */
export function longWeekday(date: string): string {
  return formatDate(date, { weekday: 'long' });
}

/** 'Nov 14' */
export function monthDay(date: string): string {
  return formatDate(date, { month: 'short', day: 'numeric' });
}

/** 'Saturday, November 14' */
export function longDate(date: string): string {
  return formatDate(date, { weekday: 'long', month: 'long', day: 'numeric' });
}

/** How the national strip names a day: 'Today', 'Tomorrow', then the weekday. */
export function dayCaption(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === shiftDate(today, 1)) return 'Tomorrow';
  return longWeekday(date);
}

/** A forecast amount in inches with two decimals: '0.25 in'. */
export function formatInches(value: number): string {
  return `${value.toFixed(2)} in`;
}

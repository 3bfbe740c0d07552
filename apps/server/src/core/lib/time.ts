import { TZDate } from '@date-fns/tz';
import { daysBetween, shiftDate } from '@pluvio/shared/calendar';
import { addDays, format, formatISO } from 'date-fns';

/** The calendar date (YYYY-MM-DD) in the product time zone, `days` after `now` (D2). */
export function productDate(now: Date, timeZone: string, days = 0): string {
  return format(addDays(new TZDate(now, timeZone), days), 'yyyy-MM-dd');
}

const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * Today's date in the product time zone on `clock`, worked out once a minute: a date changes at
 * local midnight, always on a whole minute, and the time zone arithmetic is the costly part of a
 * request answered from memory.
 */
export function productToday(clock: { now(): Date }, timeZone: string): () => string {
  let minute = Number.NaN;
  let date = '';
  return () => {
    const now = clock.now();
    const current = Math.floor(now.getTime() / MINUTE_MS);
    if (current !== minute) [minute, date] = [current, productDate(now, timeZone)];
    return date;
  };
}

/** The hour of the day (0-23) on the product time zone's clock at `now`. */
export function productHour(now: Date, timeZone: string): number {
  return new TZDate(now, timeZone).getHours();
}

/** A calendar date (YYYY-MM-DD) for people: 'Sat, Nov 21', or 'Saturday, November 21, 2026' in full. */
export function dateLabel(date: string, style: 'long' | 'short'): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: style,
    month: style,
    day: 'numeric',
    ...(style === 'long' && { year: 'numeric' }),
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** A calendar day of the product time zone as the instants that bound it: [start, end). */
export interface ProductDay {
  date: string;
  start: Date;
  end: Date;
}

/** No caller asks for more days at once; a longer span is a mistake, not a long loop. */
const MAX_PRODUCT_DAYS = 3660;

/** The days from `fromDate` to `toDate` (YYYY-MM-DD, both included) in `timeZone`; 23 or 25 hours on DST changes. */
export function productDays(fromDate: string, toDate: string, timeZone: string): ProductDay[] {
  const count = daysBetween(fromDate, toDate) + 1;
  if (!(count <= MAX_PRODUCT_DAYS))
    throw new RangeError(`${fromDate} to ${toDate} is more than ${MAX_PRODUCT_DAYS} days`);
  const [year, month, day] = fromDate.split('-').map(Number) as [number, number, number];
  return Array.from({ length: Math.max(count, 0) }, (_, offset) => {
    const start = new TZDate(year, month - 1, day + offset, timeZone);
    const end = new TZDate(year, month - 1, day + offset + 1, timeZone);
    return {
      date: shiftDate(fromDate, offset),
      start: new Date(start.getTime()),
      end: new Date(end.getTime()),
    };
  });
}

/** One calendar day (YYYY-MM-DD) of `timeZone` as the instants that bound it. */
export function productDay(date: string, timeZone: string): ProductDay {
  const [day] = productDays(date, date, timeZone);
  if (!day) throw new RangeError(`no product day for ${date}`);
  return day;
}

/** The instants `[from, to)` that days `startDate` to `endDate` of `timeZone` cover; either may be open. */
export function productDayRange(
  startDate: string | undefined,
  endDate: string | undefined,
  timeZone: string,
): { from?: Date; to?: Date } {
  return {
    from: startDate ? productDay(startDate, timeZone).start : undefined,
    to: endDate ? productDay(endDate, timeZone).end : undefined,
  };
}

/** An instant as ISO 8601 with the offset of `timeZone` at that instant: '2026-10-03T14:15:00-04:00'. */
export function productTimestamp(instant: Date, timeZone: string): string {
  return formatISO(new TZDate(instant, timeZone));
}

/**
 * A short name of `timeZone` for labels and notes: the generic abbreviation where there is one
 * ('ET', 'CT', 'PT'), else the abbreviation of its standard time ('UTC', 'GMT+1').
 */
export function timeZoneAbbreviation(timeZone: string): string {
  const nameIn = (style: 'shortGeneric' | 'short') =>
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: style })
      .formatToParts(new Date(Date.UTC(2026, 0, 15)))
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const generic = nameIn('shortGeneric');
  return /\s|^GMT/.test(generic) ? nameIn('short') : generic;
}

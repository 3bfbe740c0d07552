import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

/** The calendar date (YYYY-MM-DD) in the product time zone, `days` after `now` (D2). */
export function productDate(now: Date, timeZone: string, days = 0): string {
  return format(addDays(new TZDate(now, timeZone), days), 'yyyy-MM-dd');
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

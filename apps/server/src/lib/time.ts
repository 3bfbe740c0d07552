import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

/** The calendar date (YYYY-MM-DD) in the product time zone, `days` after `now` (D2). */
export function productDate(now: Date, timeZone: string, days = 0): string {
  return format(addDays(new TZDate(now, timeZone), days), 'yyyy-MM-dd');
}

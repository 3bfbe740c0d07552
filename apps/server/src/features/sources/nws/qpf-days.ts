import { HOUR_MS, productDate, productDays } from '../../../core/lib/time';
import type { DailyForecast } from '../sources';

/**
 * NWS quantitative precipitation forecasts come as amounts (mm) over ISO 8601 intervals
 * (`2022-06-02T12:00:00+00:00/PT6H`); a day's forecast is the sum of the intervals' amounts,
 * each split across local-day boundaries in proportion to the hours on either side.
 */

export interface QpfValue {
  validTime: string;
  value: number | null;
}

/** One interval's amount over [start, end), ms since the epoch. */
export interface QpfInterval {
  start: number;
  end: number;
  mm: number;
}

const MM_PER_INCH = 25.4;
const UNIT_MS = { D: 24 * HOUR_MS, H: HOUR_MS, M: 60_000 } as const;
/** The durations NWS uses: days, hours and minutes (P1D, PT6H, P1DT12H, PT30M). */
const DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/;

/** Milliseconds of an ISO 8601 duration of days, hours and minutes; NaN for anything else. */
export function durationMs(duration: string): number {
  const match = DURATION.exec(duration);
  if (!match || duration === 'P' || duration.endsWith('T')) return Number.NaN;
  const [, days = '0', hours = '0', minutes = '0'] = match;
  return Number(days) * UNIT_MS.D + Number(hours) * UNIT_MS.H + Number(minutes) * UNIT_MS.M;
}

/** The interval of a `start/duration` value, or null when it cannot be read or has no amount. */
export function intervalOf({ validTime, value }: QpfValue): QpfInterval | null {
  const [startText = '', duration = ''] = validTime.split('/');
  const start = Date.parse(startText);
  const length = durationMs(duration);
  if (!Number.isFinite(start) || !(length > 0) || typeof value !== 'number' || !(value >= 0)) return null;
  return { start, end: start + length, mm: value };
}

/**
 * Inches for today and the following days (`days` in all) of `timeZone`, as of `issuedAt`,
 * to the hundredth like NWS's own products. Hours no interval covers add nothing.
 */
export function dailyTotals(
  intervals: readonly QpfInterval[],
  issuedAt: Date,
  timeZone: string,
  days: number,
): DailyForecast[] {
  const first = productDate(issuedAt, timeZone);
  const last = productDate(issuedAt, timeZone, days - 1);
  return productDays(first, last, timeZone).map((day) => {
    const [dayStart, dayEnd] = [day.start.getTime(), day.end.getTime()];
    const mm = intervals.reduce((sum, interval) => {
      const overlap = Math.min(interval.end, dayEnd) - Math.max(interval.start, dayStart);
      return overlap > 0 ? sum + (interval.mm * overlap) / (interval.end - interval.start) : sum;
    }, 0);
    return { date: day.date, value: Math.round((mm / MM_PER_INCH) * 100) / 100 };
  });
}

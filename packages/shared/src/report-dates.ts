import { daysBetween, REPORTS_START, shiftDate } from './calendar';
import { levelAllows } from './gates';
import type { ReportType } from './report-types';
import { TIER, type TierNumber } from './tiers';

/**
 * A report's period (part 2 §4, §5, §9): the historical and current windows, months and weeks,
 * what the pickers offer and what the form fills in per type and level.
 */

/** The last day of the historical window (part 2 §9); reports of later days are not charged. */
export const HISTORICAL_END = '2024-10-31';
/** The first day of the current window: the earliest `to` date and month of non-historical reports. */
export const CURRENT_REPORTS_START = '2024-11-01';
/** The longest range one report covers: the whole historical window. */
export const MAX_REPORT_DAYS = daysBetween(REPORTS_START, HISTORICAL_END) + 1;
/** Days of a weekly report: the to date and the 6 days before it (part 2 §4). */
export const WEEKLY_DAYS = 7;

/** Whether a report's range reaches into the historical window, and so is charged. */
export function isHistoricalRange(from: string): boolean {
  return from <= HISTORICAL_END;
}

/** YYYY-MM of a date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The first and last day of a month written YYYY-MM (part 2 §7: monthly computes both). */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const nextMonth =
    monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
  return { from, to: shiftDate(nextMonth, -1) };
}

/** Whether from..to is exactly one calendar month. */
export function isWholeMonth(from: string, to: string): boolean {
  return from.endsWith('-01') && monthRange(monthOf(from)).to === to;
}

function previousMonth(month: string): string {
  return monthOf(shiftDate(`${month}-01`, -1));
}

export interface DateBounds {
  min: string;
  max: string;
}

/** What the form's pickers offer for a type (part 2 §5): `month` for monthly, from/to for the rest. */
export interface ReportDateLimits {
  month: DateBounds | null;
  from: DateBounds | null;
  to: DateBounds | null;
}

/**
 * The pickers' minimums and maximums (part 2 §5, §9): from on or after 2022-11-01; to on or after
 * 2024-11-01 (months from 2024-11); monthly up to the previous month below gold, the current
 * month from gold; historical from 2022-11-01 to 2024-10-31. `today` is the product time zone's.
 */
export function reportDateLimits(type: ReportType, level: TierNumber, today: string): ReportDateLimits {
  const month = monthOf(today);
  switch (type) {
    case 'monthly':
      return {
        month: {
          min: monthOf(CURRENT_REPORTS_START),
          max: levelAllows(level, 'currentMonthReport') ? month : previousMonth(month),
        },
        from: null,
        to: null,
      };
    case 'historical':
      return {
        month: null,
        from: { min: REPORTS_START, max: HISTORICAL_END },
        to: { min: REPORTS_START, max: HISTORICAL_END },
      };
    case 'unpaid':
    case 'billing':
      return { month: null, from: null, to: null };
    default:
      return {
        month: null,
        from: { min: REPORTS_START, max: today },
        to: { min: CURRENT_REPORTS_START, max: today },
      };
  }
}

/** What the form shows when a type is chosen (part 2 §4). */
export interface ReportDefaults {
  month: string | null;
  from: string | null;
  to: string | null;
}

/**
 * Part 2 §4: monthly is the previous month below silver and the current month otherwise (held to
 * the picker's maximum); weekly and sms run 7 days to today; historical is the whole window;
 * other types have no from date and today as to date.
 */
export function reportDefaults(type: ReportType, level: TierNumber, today: string): ReportDefaults {
  switch (type) {
    case 'monthly': {
      const wanted = level < TIER.silver ? previousMonth(monthOf(today)) : monthOf(today);
      const max = reportDateLimits('monthly', level, today).month?.max ?? wanted;
      return { month: wanted.localeCompare(max) <= 0 ? wanted : max, from: null, to: null };
    }
    case 'weekly':
    case 'sms':
      return { month: null, from: weeklyFrom(today), to: today };
    case 'historical':
      return { month: null, from: REPORTS_START, to: HISTORICAL_END };
    case 'unpaid':
    case 'billing':
      return { month: null, from: null, to: null };
    default:
      return { month: null, from: null, to: today };
  }
}

/** The from date of a weekly report ending on `to` (changing to under weekly recomputes from). */
export function weeklyFrom(to: string): string {
  return shiftDate(to, -WEEKLY_DAYS);
}

/** Which types need both dates before they are sent (part 2 §5). */
export function needsBothDates(type: ReportType): boolean {
  return [
    'weekly',
    'daily',
    'historical',
    'rapidrain',
    'permit',
    'emails',
    'sms',
    'files-processed',
  ].includes(type);
}

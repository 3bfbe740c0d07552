import { TZDate } from '@date-fns/tz';
import { shiftDate } from '@pluvio/shared/calendar';
import type { Atlas14Threshold } from '@pluvio/shared/locations';
import {
  ATLAS14_RECURRENCE_YEARS,
  type DailyDataResponse,
  isPending,
  type PendingQuarters,
  pendingHours,
  type SeriesResponse,
} from '@pluvio/shared/rainfall';
import { addDays, format } from 'date-fns';
import {
  BAR_COLORS,
  type BarColor,
  type ChartBar,
  type DayBand,
  formatInches,
} from '../../../lib/rainfall-chart';

/** Chart constants of spec part 1 §9. */
export const BAR_SLOT_PX = 50;
/** The 24 Hour chart's three days stay bars, not blocks filling the card. */
export const DAILY_BAR_THICKNESS = 48;
export const HOURLY_CHART_DAYS = 2;
/** The 24-hour chart asks from two days back to today (spec part 1 §7, §9). */
export const DAILY_CHART_DAYS_BACK = 2;

/** The three blue shades the hourly chart's day bands rotate through. */
export const DAY_BAND_SHADES = [
  'rgba(208, 235, 255, 0.6)',
  'rgba(165, 216, 255, 0.45)',
  'rgba(116, 192, 252, 0.3)',
] as const;

/** The calendar date (YYYY-MM-DD) in the product time zone, `days` after `now`. */
export function productDate(now: Date, timeZone: string, days = 0): string {
  return format(addDays(new TZDate(now, timeZone), days), 'yyyy-MM-dd');
}

/** Start and end dates of the 24-hour chart: two days back to today, in the product time zone. */
export function dailyDateRange(now: Date, timeZone: string): { startDate: string; endDate: string } {
  return {
    startDate: productDate(now, timeZone, -DAILY_CHART_DAYS_BACK),
    endDate: productDate(now, timeZone),
  };
}

/** 'MM-DD' of a 'YYYY-MM-DD' date. */
export function dayLabel(date: string): string {
  return date.slice(5, 10);
}

/** 'MM-DD HH:mm' read from the local part of an interval key such as '2026-11-20T14:00:00-05:00'. */
export function intervalLabel(key: string): string {
  return `${key.slice(5, 10)} ${key.slice(11, 16)}`;
}

/**
 * The local day an interval belongs to: the day it starts in. Keys name an interval's end, so
 * the hour ending at midnight closes the day before (as the API counts its days).
 */
export function intervalDay(key: string): string {
  const date = key.slice(0, 10);
  return key.slice(11, 19) === '00:00:00' ? shiftDate(date, -1) : date;
}

export interface SeriesBar extends ChartBar {
  key: string;
}

/** The local days (YYYY-MM-DD) the pending quarter hours fall in. */
export function pendingDates(pending: PendingQuarters | null, timeZone: string): Set<string> {
  if (!pending) return new Set();
  return new Set(
    pendingHours(pending).map((hour) => productDate(new Date(hour.endsAt.getTime() - 1), timeZone)),
  );
}

/** Each day of a `24h_data` range answer; the days holding pending quarters are provisional. */
export function dailyBars(
  data: DailyDataResponse,
  provisionalDays: ReadonlySet<string> = new Set(),
): SeriesBar[] {
  return data.items.map((item) => ({
    key: item.date,
    label: dayLabel(item.date),
    amount: item.rainfall,
    provisional: provisionalDays.has(item.date),
  }));
}

/**
 * Each interval of an `hourly_data` or `15m_data` answer, in the API's (time) order; hours after
 * the processed one are provisional (`15m_data` has no such mark: quarter hours are final).
 */
export function seriesBars(data: SeriesResponse, pending: PendingQuarters | null = null): SeriesBar[] {
  return Object.entries(data.hourly_data).map(([key, value]) => ({
    key,
    label: intervalLabel(key),
    amount: value.total,
    provisional: isPending(pending, key),
  }));
}

export interface ColorLimits {
  /** Orange at or above this amount. */
  threshold: number;
  /** Red at or above this amount; null when red does not apply (no depth, or below tier 2). */
  redDepth: number | null;
}

export function barColor(amount: number, limits: ColorLimits): BarColor {
  if (limits.redDepth !== null && amount >= limits.redDepth) return 'red';
  return amount >= limits.threshold ? 'orange' : 'blue';
}

/** Each bar's fill: its colour, faded when provisional. */
export function barColors(bars: readonly ChartBar[], limits: ColorLimits): string[] {
  return bars.map((bar) => `${BAR_COLORS[barColor(bar.amount, limits)]}${bar.provisional ? '66' : ''}`);
}

export interface TableRow extends SeriesBar {
  runningTotal: number;
  atOrOverThreshold: boolean;
}

/**
 * A chart's table (Table View): each row with the sum of the rows up to it in time and whether it
 * meets the threshold, newest first.
 */
export function tableRows(bars: readonly SeriesBar[], threshold: number): TableRow[] {
  let runningTotal = 0;
  return bars
    .map((bar) => {
      runningTotal += bar.amount;
      return { ...bar, runningTotal, atOrOverThreshold: bar.amount >= threshold };
    })
    .reverse();
}

function bandShade(bandIndex: number): string {
  return DAY_BAND_SHADES[bandIndex % DAY_BAND_SHADES.length] ?? DAY_BAND_SHADES[0];
}

/** Consecutive bars of one local day form a band; bands take the three shades in turn. */
export function dayBands(keys: readonly string[]): DayBand[] {
  const bands: DayBand[] = [];
  let bandDay: string | null = null;
  keys.forEach((key, index) => {
    const day = intervalDay(key);
    const current = bands.at(-1);
    if (current && day === bandDay) {
      current.last = index;
    } else {
      bands.push({ first: index, last: index, color: bandShade(bands.length) });
      bandDay = day;
    }
  });
  return bands;
}

/** CSS width of a chart that gives each label its own 50 px slot (it scrolls sideways). */
export function slottedChartWidth(labelCount: number): string {
  return `${labelCount * BAR_SLOT_PX}px`;
}

/** CSS width of the 24-hour chart: 75% of the window, 90% on narrow screens, never wider than its box. */
export function dailyChartWidth(isMobile: boolean): string {
  return `min(${isMobile ? 90 : 75}vw, 100%)`;
}

export interface Atlas14Row {
  years: number;
  h24: string;
  h1: string;
  /** The current 24-hour total reaches this row's 24-hour depth. */
  reached: boolean;
}

export const NO_DATA = 'No Data';

/** The reference table: one row per recurrence interval, 'No Data' where the location has no depth. */
export function atlas14Rows(threshold: Atlas14Threshold | null, total24h: number): Atlas14Row[] {
  return ATLAS14_RECURRENCE_YEARS.map((years, index) => {
    const h24 = threshold?.['24h'][index];
    const h1 = threshold?.['1h'][index];
    return {
      years,
      h24: h24 === undefined ? NO_DATA : formatInches(h24),
      h1: h1 === undefined ? NO_DATA : formatInches(h1),
      reached: h24 !== undefined && total24h >= h24,
    };
  });
}

import { daysBetween, REPORTS_START } from '@pluvio/shared/calendar';
import { canUse } from '@pluvio/shared/gates';
import { MESSAGES } from '@pluvio/shared/messages';
import {
  CURRENT_REPORTS_START,
  type DATE_RANGE_REPORT_TYPES,
  HISTORICAL_END,
  isWholeMonth,
  type LocationReportType,
  MAX_REPORT_DAYS,
  monthOf,
  REPORT_MESSAGES,
  REPORT_TYPE_FEATURES,
} from '@pluvio/shared/reports';
import type { Viewer } from '@pluvio/shared/roles';
import { badRequest, forbidden } from '../../core/lib/errors';

/**
 * The rules a report request meets before anything is queued (part 2 §5, §6, §9): which type a
 * date range is, the dates each type allows, and the tier gate of each type. Plain functions of
 * the request, the viewer and today's date, so their cases run without a database.
 */

export type LocationReportPath = 'data_by_date_range' | 'rapidrain_by_date_range' | 'permit_by_date_range';
export type DateRangeReportType = (typeof DATE_RANGE_REPORT_TYPES)[number];

/**
 * The type of a location report: RapidRain and the permit report by their paths; otherwise as asked, or inferred from the
 * dates: a range starting in the historical window is historical, one whole month is monthly,
 * anything else a custom (daily) range.
 */
export function locationReportType(
  path: LocationReportPath,
  asked: DateRangeReportType | undefined,
  from: string,
  to: string,
): LocationReportType {
  if (path === 'rapidrain_by_date_range') return 'rapidrain';
  if (path === 'permit_by_date_range') return 'permit';
  if (asked) return asked;
  if (from <= HISTORICAL_END) return 'historical';
  return isWholeMonth(from, to) ? 'monthly' : 'daily';
}

/** Refuses a type above the viewer's level with the specification's 403 (FEATURE_GATES). */
export function requireReportType(viewer: Viewer, type: LocationReportType): void {
  const feature = REPORT_TYPE_FEATURES[type];
  if (feature && !canUse(viewer, feature)) throw forbidden(MESSAGES.tierTooLow);
}

/** What every dated report meets: from 2022-11-01 on, in order, not too long, not in the future. */
export function checkRange(from: string, to: string, today: string): void {
  if (from < REPORTS_START) throw badRequest(REPORT_MESSAGES.reportsStart);
  if (from > to) throw badRequest(REPORT_MESSAGES.order);
  if (daysBetween(from, to) + 1 > MAX_REPORT_DAYS) throw badRequest(REPORT_MESSAGES.tooManyDays);
  if (to > today) throw badRequest(REPORT_MESSAGES.futureDates);
}

/**
 * The dates of a location report (part 2 §5, §9): historical reports end on 2024-10-31, the
 * others end on 2024-11-01 or later; a monthly report is one whole month, at most the current
 * month of the product time zone, and the current month only from gold (403 below).
 */
export function checkLocationReportDates(
  type: LocationReportType,
  from: string,
  to: string,
  today: string,
  viewer: Viewer,
): void {
  if (type !== 'monthly') checkRange(from, to, today);
  else {
    if (from < REPORTS_START) throw badRequest(REPORT_MESSAGES.reportsStart);
    if (from > to) throw badRequest(REPORT_MESSAGES.order);
  }
  if (type === 'historical') {
    if (to > HISTORICAL_END) throw badRequest(REPORT_MESSAGES.historicalEnds);
    return;
  }
  if (to < CURRENT_REPORTS_START) throw badRequest(REPORT_MESSAGES.toDateTooEarly);
  if (type === 'monthly') checkMonth(from, to, today, viewer);
}

function checkMonth(from: string, to: string, today: string, viewer: Viewer): void {
  if (!isWholeMonth(from, to)) throw badRequest(REPORT_MESSAGES.notAMonth);
  const month = monthOf(from);
  if (month > monthOf(today)) throw badRequest(REPORT_MESSAGES.futureMonth);
  if (month === monthOf(today) && !canUse(viewer, 'currentMonthReport')) throw forbidden(MESSAGES.tierTooLow);
}

/** The recipients of a report once: trimmed, the first spelling of each address kept, any case. */
export function uniqueRecipients(addresses: readonly string[]): string[] {
  const seen = new Set<string>();
  return addresses
    .map((address) => address.trim())
    .filter((address) => {
      const key = address.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

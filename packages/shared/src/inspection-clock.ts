import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE, shiftDate, todayIn } from './calendar';
import type { InspectionRule } from './storm-events';

/**
 * When a storm event's inspection is due (issue 28 point 3); routine inspections' due dates are
 * decided by the database (see routine-inspections.ts). Deadlines by the day end at 23:59:59.999 in the product time zone (D2).
 */

const HOUR_MS = 3_600_000;

/** Contacts are reminded this long before an inspection is due. */
export const REMINDER_HOURS = 4;

export const INSPECTION_STATUSES = ['open', 'due', 'overdue', 'inspected'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

export interface Holiday {
  date: string;
  name: string;
}

type Time = Date | string;
const instant = (time: Time) => (typeof time === 'string' ? Date.parse(time) : time.getTime());

const SUNDAY = 0;
const MONDAY = 1;
const THURSDAY = 4;
const SATURDAY = 6;

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function dateOf(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** The `nth` `weekday` of the month (1 = first), or the last one when `nth` is -1. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  if (nth === -1) {
    const last = dateOf(year, month + 1, 0);
    return shiftDate(last, -((weekdayOf(last) - weekday + 7) % 7));
  }
  const first = dateOf(year, month, 1);
  return shiftDate(first, ((weekday - weekdayOf(first) + 7) % 7) + (nth - 1) * 7);
}

/** A holiday on a Saturday is observed the Friday before, one on a Sunday the Monday after. */
function observed(date: string): string {
  const weekday = weekdayOf(date);
  if (weekday === SATURDAY) return shiftDate(date, -1);
  return weekday === SUNDAY ? shiftDate(date, 1) : date;
}

/** The legal public holidays of 5 U.S.C. 6103(a), on their own dates. */
function legalHolidays(year: number): Holiday[] {
  return [
    { date: dateOf(year, 1, 1), name: "New Year's Day" },
    { date: nthWeekday(year, 1, MONDAY, 3), name: 'Birthday of Martin Luther King, Jr.' },
    { date: nthWeekday(year, 2, MONDAY, 3), name: "Washington's Birthday" },
    { date: nthWeekday(year, 5, MONDAY, -1), name: 'Memorial Day' },
    ...(year >= 2021 ? [{ date: dateOf(year, 6, 19), name: 'Juneteenth National Independence Day' }] : []),
    { date: dateOf(year, 7, 4), name: 'Independence Day' },
    { date: nthWeekday(year, 9, MONDAY, 1), name: 'Labor Day' },
    { date: nthWeekday(year, 10, MONDAY, 2), name: 'Columbus Day' },
    { date: dateOf(year, 11, 11), name: 'Veterans Day' },
    { date: nthWeekday(year, 11, THURSDAY, 4), name: 'Thanksgiving Day' },
    { date: dateOf(year, 12, 25), name: 'Christmas Day' },
  ];
}

/**
 * The US federal holidays observed in `year` (the days federal offices close, per OPM):
 * New Year's Day on a Saturday is observed on 31 December of the year before.
 */
export function federalHolidays(year: number): Holiday[] {
  return [...legalHolidays(year), ...legalHolidays(year + 1)]
    .map((holiday) => ({ ...holiday, date: observed(holiday.date) }))
    .filter((holiday) => holiday.date.startsWith(`${year}-`));
}

/** Monday to Friday, except observed federal holidays. */
export function isBusinessDay(date: string): boolean {
  const weekday = weekdayOf(date);
  if (weekday === SATURDAY || weekday === SUNDAY) return false;
  return !federalHolidays(Number(date.slice(0, 4))).some((holiday) => holiday.date === date);
}

/** The first business day after `date`. */
export function nextBusinessDay(date: string): string {
  let next = shiftDate(date, 1);
  while (!isBusinessDay(next)) next = shiftDate(next, 1);
  return next;
}

/** The last millisecond of `date` in `timeZone`: 23:59:59.999 there, whatever its offset. */
export function endOfDay(date: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day + 1, timeZone).getTime() - 1);
}

/** The local date of the hour ending at `end`: the hour ending at midnight stays in its day. */
function dateOfHourEnding(end: number, timeZone: string): string {
  return todayIn(timeZone, new Date(end - 1));
}

/**
 * When a storm event's inspection is due: 24 hours after its end (absolute hours, whatever the
 * clocks do), or the end of the first business day after the day it ended.
 */
export function inspectionDueBy(
  eventEnd: Time,
  rule: InspectionRule,
  timeZone: string = DEFAULT_TIME_ZONE,
): Date {
  const end = instant(eventEnd);
  if (rule === 'within_24h') return new Date(end + 24 * HOUR_MS);
  return endOfDay(nextBusinessDay(dateOfHourEnding(end, timeZone)), timeZone);
}

/** When contacts are reminded of an inspection due at `dueBy`. */
export function reminderAt(dueBy: Time): Date {
  return new Date(instant(dueBy) - REMINDER_HOURS * HOUR_MS);
}

/**
 * Where a storm event's inspection stands at `now`. Only an inspection made at or after the
 * event's end counts: rain after an inspection (a longer event, or a revision that extends it)
 * needs another one.
 */
export function inspectionStatus(
  event: { end: Time | null },
  inspectedAt: Time | null,
  now: Time,
  rule: InspectionRule,
  timeZone: string = DEFAULT_TIME_ZONE,
): InspectionStatus {
  if (event.end === null) return 'open';
  if (inspectedAt !== null && instant(inspectedAt) >= instant(event.end)) return 'inspected';
  return instant(now) > inspectionDueBy(event.end, rule, timeZone).getTime() ? 'overdue' : 'due';
}

import { TZDate } from '@date-fns/tz';
import { alertTimeLabel } from './alerts';
import type { Inspection } from './inspections';
import {
  STORM_EVENT_MESSAGES,
  STORM_EVENT_STATUS_LABELS,
  STORM_EVENT_STATUSES,
  type StormEventDetail,
  type StormEventStatus,
  type StormEventView,
} from './storm-events-api';

/** How storm events read on screen (issue 28 point 5): status colours, amounts, times and revisions. */

/** The badge colour of each status: overdue red, due orange, open blue, inspected green, past and removed gray. */
export const STORM_EVENT_STATUS_COLORS: Record<StormEventStatus, string> = {
  overdue: 'red',
  due: 'orange',
  open: 'blue',
  inspected: 'green',
  past: 'gray',
  removed: 'gray',
};

/** The status filter's choices: every status, and All (no status: every event but removed ones). */
export const STORM_EVENT_STATUS_CHOICES = [
  { value: '', label: 'All' },
  ...STORM_EVENT_STATUSES.map((status) => ({ value: status, label: STORM_EVENT_STATUS_LABELS[status] })),
];

/** An open event's end: it ends once its dry hours have passed without rain. */
export const NOT_ENDED = 'Not ended yet';

/** '0.42 in'. */
export function stormInches(amount: number): string {
  return `${amount.toFixed(2)} in`;
}

/** When an instant (ISO 8601) happened, in the product time zone: 'Nov 21, 2:00 PM EST'. */
export function stormTimeLabel(instant: string, timeZone: string): string {
  return alertTimeLabel(new Date(instant), timeZone);
}

function partsOf(instant: string, timeZone: string) {
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone, ...options }).format(new Date(instant));
  return {
    day: format({ month: 'short', day: 'numeric' }),
    time: format({ hour: 'numeric', minute: '2-digit' }),
    zone: format({ timeZoneName: 'short' }).split(' ').at(-1) ?? '',
  };
}

/** The short name of `timeZone`'s clock at `instant`: 'EST', 'EDT'. */
export function zoneNameAt(instant: Date | string, timeZone: string): string {
  return partsOf(new Date(instant).toISOString(), timeZone).zone;
}

/**
 * When the event rained, in the product time zone, as short as a phone's card needs:
 * 'Nov 20, 8:00 AM – 1:00 PM EST' within a day, 'Oct 31, 7:00 PM EDT – Nov 1, 8:00 AM EST'
 * across a change of clocks, '… – Not ended yet' while it has not ended.
 */
export function stormPeriodLabel(event: Pick<StormEventView, 'started_at' | 'ended_at'>, timeZone: string) {
  const start = partsOf(event.started_at, timeZone);
  if (!event.ended_at) return `${start.day}, ${start.time} ${start.zone} – ${NOT_ENDED}`;
  const end = partsOf(event.ended_at, timeZone);
  const startZone = start.zone === end.zone ? '' : ` ${start.zone}`;
  const endDay = start.day === end.day ? '' : `${end.day}, `;
  return `${start.day}, ${start.time}${startZone} – ${endDay}${end.time} ${end.zone}`;
}

/** 'Due by Nov 22, 9:00 PM EST' while an inspection is waiting; null when none is (raining, inspected, removed). */
export function stormDueLabel(event: Pick<StormEventView, 'status' | 'due_at'>, timeZone: string) {
  if (!event.due_at || (event.status !== 'due' && event.status !== 'overdue')) return null;
  return `Due by ${stormTimeLabel(event.due_at, timeZone)}`;
}

type Revision = StormEventDetail['revisions'][number];

function revisionName(revision: Revision): string {
  const passes = revision.after?.passes ?? [];
  return passes.length > 0 ? `Pass ${Math.max(...passes)} revision` : 'NOAA revision';
}

/** One line of an event's revision history: 'Pass 2 revision: total 0.30 → 0.42 in'. */
export function stormRevisionLabel(revision: Revision): string {
  const { before, after } = revision;
  if (revision.change === 'removed' || !after) {
    const was = before ? ` (was ${stormInches(before.total)})` : '';
    return `Removed: ${STORM_EVENT_MESSAGES.removed}${was}`;
  }
  if (revision.change === 'opened' || !before) {
    return `${revisionName(revision)} opened the event: total ${stormInches(after.total)}`;
  }
  return `${revisionName(revision)}: total ${before.total.toFixed(2)} → ${stormInches(after.total)}`;
}

/** An inspection's time as its form's date and time inputs hold it, in `timeZone`: 2026-11-21 and 14:30. */
export interface WallClockTime {
  date: string;
  time: string;
}

/** The wall clock in `timeZone` at `instant` (the inspection form's default: now). */
export function wallClockAt(instant: Date | string, timeZone: string): WallClockTime {
  const zoned = new TZDate(new Date(instant).getTime(), timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  return {
    date: `${zoned.getFullYear()}-${two(zoned.getMonth() + 1)}-${two(zoned.getDate())}`,
    time: `${two(zoned.getHours())}:${two(zoned.getMinutes())}`,
  };
}

/**
 * The instant a date and time read on the wall clock of `timeZone`, as ISO 8601 with that zone's
 * offset then ('2026-11-21T14:30:00-05:00'); '' when the date or the time is not a valid one.
 */
export function instantOfWallClock({ date, time }: WallClockTime, timeZone: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return '';
  const [year, month, dayOfMonth, hours, minutes] = [...day.slice(1), ...clock.slice(1)].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const zoned = new TZDate(year, month - 1, dayOfMonth, hours, minutes, timeZone);
  if (Number.isNaN(zoned.getTime()) || zoned.getDate() !== dayOfMonth) return '';
  return zoned.toISOString().replace('.000', '');
}

/** The BMPs the event's earlier inspections named, each once, in the order first named. */
export function earlierBmps(inspections: Pick<Inspection, 'bmps'>[]): string[] {
  return [...new Set(inspections.flatMap((inspection) => inspection.bmps))];
}

/** 'Due Nov 28' for a corrective action's due date (a calendar date, no zone); null without one. */
export function actionDueLabel(dueOn: string | null): string | null {
  if (!dueOn) return null;
  const label = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  return `Due ${label.format(new Date(`${dueOn}T12:00:00Z`))}`;
}

/** Whether the event's first inspection that counts (`firstCounted`, ISO 8601) came after its due time. */
export function inspectedLate(event: Pick<StormEventView, 'due_at'>, firstCounted: string | null): boolean {
  return firstCounted !== null && event.due_at !== null && new Date(firstCounted) > new Date(event.due_at);
}

/**
 * Where an event's inspection stands, as the permit report writes it plainly: 'Inspected',
 * 'Inspected late' (the first inspection that counts was made after the due time), 'Not inspected
 * yet' while due, 'Not inspected (overdue)', 'Not inspected (found after its deadline)' for a past
 * storm; a raining or removed event reads as its status. `firstCounted` is the time (ISO 8601)
 * of its first inspection made at or after its end, null when there is none.
 */
export function permitInspectionWords(
  event: Pick<StormEventView, 'status' | 'due_at'>,
  firstCounted: string | null,
): string {
  if (event.status === 'removed' || event.status === 'open') return STORM_EVENT_STATUS_LABELS[event.status];
  if (firstCounted !== null) {
    return inspectedLate(event, firstCounted) ? 'Inspected late' : STORM_EVENT_STATUS_LABELS.inspected;
  }
  if (event.status === 'overdue') return 'Not inspected (overdue)';
  if (event.status === 'past') return 'Not inspected (found after its deadline)';
  return 'Not inspected yet';
}

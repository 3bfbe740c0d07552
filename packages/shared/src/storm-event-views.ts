import { alertTimeLabel } from './alerts';
import {
  STORM_EVENT_MESSAGES,
  STORM_EVENT_STATUS_LABELS,
  STORM_EVENT_STATUSES,
  type StormEventDetail,
  type StormEventStatus,
  type StormEventView,
} from './storm-events-api';

/** How storm events read on screen (issue 28 point 5): status colours, amounts, times and revisions. */

/** The badge colour of each status: overdue red, due orange, raining blue, inspected green, past and removed gray. */
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

export const STILL_RAINING = 'Still raining';

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

/**
 * When the event rained, in the product time zone, as short as a phone's card needs:
 * 'Nov 20, 8:00 AM – 1:00 PM EST' within a day, 'Oct 31, 7:00 PM EDT – Nov 1, 8:00 AM EST'
 * across a change of clocks, '… – Still raining' while it has not ended.
 */
export function stormPeriodLabel(event: Pick<StormEventView, 'started_at' | 'ended_at'>, timeZone: string) {
  const start = partsOf(event.started_at, timeZone);
  if (!event.ended_at) return `${start.day}, ${start.time} ${start.zone} – ${STILL_RAINING}`;
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

import type { RoutineInspection } from '@pluvio/shared/routine-inspections';
import { stormTimeLabel } from '@pluvio/shared/storm-event-views';

/** How a location's routine schedule reads on screen, in the product time zone. */

/** 'Every 7 days'. */
export function cadenceLabel(routine: Pick<RoutineInspection, 'cadence_days'>): string {
  return `Every ${routine.cadence_days} days`;
}

/** The day of an instant: 'Nov 20, 2026'. */
export function routineDayLabel(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(instant));
}

/** 'Nov 20, 2:30 PM EST by Jane Doe', or 'None since Nov 1, 2026' (the day the cadence was set). */
export function lastInspectionLabel(
  routine: Pick<RoutineInspection, 'last_inspection' | 'since'>,
  timeZone: string,
): string {
  const last = routine.last_inspection;
  if (!last) return `None since ${routineDayLabel(routine.since, timeZone)}`;
  return `${stormTimeLabel(last.inspected_at, timeZone)} by ${last.inspector_name}`;
}

/** 'Due by Nov 28, 11:59 PM EST'. */
export function routineDueLabel(routine: Pick<RoutineInspection, 'due_at'>, timeZone: string): string {
  return `Due by ${stormTimeLabel(routine.due_at, timeZone)}`;
}

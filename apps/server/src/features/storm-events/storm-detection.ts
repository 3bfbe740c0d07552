import { inspectionDueBy } from '@pluvio/shared/inspection-clock';
import {
  detectStormEvents,
  reviseStormEvents,
  STORM_DRY_HOURS,
  type StormEvent,
  type WetHour,
} from '@pluvio/shared/storm-events';
import { DAY_MS, HOUR_MS } from '../../core/lib/time';
import type { StormEventFigures } from '../../core/tables/storm-events';
import type {
  LocationToDetect,
  NewStormEvent,
  StoredStormEvent,
  StormEventRevision,
} from './storm-detection.repository';

/**
 * One location's search for storm events (issue 28 point 2), without input or output: where to
 * start again, and what the events found there change in the stored ones.
 */

/** Stored events reach back at most this far before a restart point: longer events are looked up again. */
export const EVENT_LOOKBACK_MS = STORM_DRY_HOURS.max * HOUR_MS + DAY_MS;

const time = (value: Date | null) => value?.getTime() ?? Number.POSITIVE_INFINITY;

/**
 * Where the search starts again: where the last one stopped, or before the earliest hour stored
 * since it that is not new (a revision), or the start of the stored rainfall for a location never
 * searched or moved. Never inside a stored event (or its closing dry hours), so the search starts
 * with no event open; no later than what is known.
 */
export function restartPoint(
  location: LocationToDetect,
  live: readonly StoredStormEvent[],
  window: { start: number; through: number; revisedFrom: number | null },
): number {
  let restart = location.detectedThrough ? location.detectedThrough.getTime() : window.start;
  if (window.revisedFrom !== null) restart = Math.min(restart, window.revisedFrom - HOUR_MS);
  restart = Math.min(Math.max(restart, window.start), window.through);
  // An event ended under the dry hours it was found with stays ended when the setting changes.
  const open = live.find(
    (event) =>
      event.startedAt.getTime() < restart && time(event.endedAt) + event.dryHours * HOUR_MS > restart,
  );
  return open ? open.startedAt.getTime() : restart;
}

/** The wet hours of the 24 before `restart` that no stored event holds: they count towards the next one. */
function recentBefore(restart: number, hours: readonly WetHour[], live: readonly StoredStormEvent[]) {
  const lastEnd = Math.max(
    Number.NEGATIVE_INFINITY,
    ...live.flatMap((event) =>
      event.endedAt && event.endedAt.getTime() <= restart ? [event.endedAt.getTime()] : [],
    ),
  );
  return hours.filter((hour) => {
    const endsAt = new Date(hour.endsAt).getTime();
    return endsAt > restart - DAY_MS && endsAt <= restart && endsAt > lastEnd;
  });
}

type Stored = StormEvent & { row: StoredStormEvent };

function asStormEvent(row: StoredStormEvent): Stored {
  return {
    row,
    start: row.startedAt.toISOString(),
    end: row.endedAt?.toISOString() ?? null,
    opened: row.openedAt.toISOString(),
    total: row.total,
    wettestHour: { endsAt: row.wettestHourEndsAt.toISOString(), amount: row.wettestHourAmount },
    passes: row.passes,
    sources: row.sources,
  };
}

export function figuresOf(event: StormEvent): StormEventFigures {
  return { start: event.start, end: event.end, total: event.total, passes: event.passes };
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** The columns an event's detected figures fill; its due time follows its end and the rule it was found under. */
function columnsOf(event: StormEvent, rule: StoredStormEvent['inspectionRule'], timeZone: string) {
  return {
    startedAt: new Date(event.start),
    endedAt: event.end ? new Date(event.end) : null,
    openedAt: new Date(event.opened),
    total: event.total,
    wettestHourEndsAt: new Date(event.wettestHour.endsAt),
    wettestHourAmount: event.wettestHour.amount,
    passes: event.passes,
    sources: event.sources,
    dueAt: event.end ? inspectionDueBy(event.end, rule, timeZone) : null,
  };
}

export interface LocationChanges {
  inserts: { event: NewStormEvent; revised: StormEventFigures | null }[];
  updates: { id: number; changes: Partial<NewStormEvent> }[];
  revisions: StormEventRevision[];
}

export interface DetectionInput {
  location: LocationToDetect;
  restart: number;
  through: number;
  hours: readonly WetHour[];
  live: readonly StoredStormEvent[];
  now: Date;
  timeZone: string;
}

/**
 * Detects again from the restart point and compares with the stored events from there on. An
 * event changes quietly while it grows; a change to one already closed, to its start or to the
 * passes its hours come from is a revision, kept in its history, as are the events a revision
 * opens (their threshold was reached in hours searched before) and removes.
 */
export function detectionChanges(input: DetectionInput): LocationChanges {
  const { location, restart, through, hours, live, now, timeZone } = input;
  const detection = detectStormEvents(
    hours.filter((hour) => new Date(hour.endsAt).getTime() > restart),
    {
      from: new Date(restart),
      to: new Date(through),
      threshold: location.threshold,
      dryHours: location.dryHours,
      carried: { at: new Date(restart).toISOString(), recent: recentBefore(restart, hours, live), open: [] },
    },
  );
  const stored = live.filter((event) => event.startedAt.getTime() >= restart).map(asStormEvent);
  const { opened, changed, removed, kept } = reviseStormEvents(stored, detection.events);
  // A first search (or one after a move) finds history, not revisions.
  const searched = location.detectedThrough?.getTime() ?? Number.NEGATIVE_INFINITY;
  const changes: LocationChanges = { inserts: [], updates: [], revisions: [] };

  for (const event of opened) {
    const revised = Date.parse(event.opened) <= searched;
    changes.inserts.push({
      event: {
        locationId: location.id,
        ...columnsOf(event, location.inspectionRule, timeZone),
        threshold: location.threshold,
        inspectionRule: location.inspectionRule,
        dryHours: location.dryHours,
        detectedAt: now,
        revisedAt: revised ? now : null,
      },
      revised: revised ? figuresOf(event) : null,
    });
  }
  for (const { before, after } of changed) {
    const revised =
      before.end !== null || before.start !== after.start || !sameList(before.passes, after.passes);
    changes.updates.push({
      id: before.row.id,
      changes: {
        ...columnsOf(after, before.row.inspectionRule, timeZone),
        ...(revised ? { revisedAt: now } : {}),
      },
    });
    if (revised) {
      changes.revisions.push({
        eventId: before.row.id,
        change: 'changed',
        before: figuresOf(before),
        after: figuresOf(after),
      });
    }
  }
  for (const { before, after } of kept) {
    const same =
      sameList(before.passes, after.passes) &&
      sameList(before.sources, after.sources) &&
      before.wettestHour.endsAt === after.wettestHour.endsAt &&
      before.wettestHour.amount === after.wettestHour.amount &&
      before.opened === after.opened;
    if (!same)
      changes.updates.push({
        id: before.row.id,
        changes: columnsOf(after, before.row.inspectionRule, timeZone),
      });
  }
  for (const event of removed) {
    changes.updates.push({ id: event.row.id, changes: { removedAt: now, revisedAt: now } });
    changes.revisions.push({
      eventId: event.row.id,
      change: 'removed',
      before: figuresOf(event),
      after: null,
    });
  }
  return changes;
}

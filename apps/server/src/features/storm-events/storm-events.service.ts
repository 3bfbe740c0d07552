import { shiftDate } from '@pluvio/shared/calendar';
import { endOfDay, inspectionDueBy } from '@pluvio/shared/inspection-clock';
import type {
  RoutineInspection,
  RoutineInspectionList,
  RoutineInspectionListQuery,
} from '@pluvio/shared/routine-inspections';
import { storedThreshold } from '@pluvio/shared/storm-events';
import {
  type PendingStormEvents,
  STORM_EVENT_MESSAGES,
  type StormEventDetail,
  type StormEventListQuery,
  type StormEventPage,
  type StormEventView,
  stormSourceLabel,
} from '@pluvio/shared/storm-events-api';
import type { AccountAccess, LocationVisibility } from '../../core/access';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { notFound } from '../../core/lib/errors';
import { HOUR_MS } from '../../core/lib/time';
import { requireVisibleLocation } from './event-access';
import { presentInspection } from './inspection-records';
import { createInspectionsRepository } from './inspections.repository';
import { createRoutineInspectionsRepository, type RoutineRow } from './routine-inspections.repository';
import { createStormEventsRepository, type RevisionRow, type StormEventRow } from './storm-events.repository';

/** Hours of the chart shown before an event's start and after its end. */
const CHART_MARGIN_HOURS = 6;

export interface StormEventsDeps {
  locations: LocationVisibility;
  clock: Clock;
  timeZone: string;
}

/** An event as the permit report lists it: its figures, its inspections and its revisions. */
export type StormEventRecord = Omit<StormEventDetail, 'hours' | 'due_if_dry_at'>;

const isoOf = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : isoOf(value));

/** The event as the API answers it: the row's figures as they are, its times in ISO 8601. */
function present(row: StormEventRow): StormEventView {
  const { wettest_hour_ends_at, wettest_hour_amount, ...figures } = row;
  return {
    ...figures,
    started_at: isoOf(row.started_at),
    ended_at: isoOrNull(row.ended_at),
    opened_at: isoOf(row.opened_at),
    wettest_hour: { ends_at: isoOf(wettest_hour_ends_at), amount: wettest_hour_amount },
    source_label: stormSourceLabel(row.sources, row.passes),
    threshold: storedThreshold(row.threshold),
    due_at: isoOrNull(row.due_at),
    revised_at: isoOrNull(row.revised_at),
  };
}

/** Every hour of the chart, in order: stored (wet) hours as they are, the others dry. */
function chartHours(
  stored: { ends_at: string | Date; amount: number; pass: number }[],
  from: number,
  to: number,
) {
  const wet = new Map(stored.map((hour) => [new Date(hour.ends_at).getTime(), hour]));
  const hours: StormEventDetail['hours'] = [];
  for (let end = from + HOUR_MS; end <= to; end += HOUR_MS) {
    const hour = wet.get(end);
    hours.push({ ends_at: new Date(end).toISOString(), amount: hour?.amount ?? 0, pass: hour?.pass ?? null });
  }
  return hours;
}

/** An open event's due time if no more rain falls: it then ended with its last wet hour. */
function dueIfDry(
  row: StormEventRow,
  stored: { ends_at: string | Date; amount: number }[],
  timeZone: string,
) {
  if (row.ended_at !== null) return null;
  const started = new Date(row.started_at).getTime();
  const lastWet = stored.findLast((hour) => hour.amount > 0 && new Date(hour.ends_at).getTime() > started);
  return lastWet
    ? inspectionDueBy(new Date(lastWet.ends_at), row.inspection_rule, timeZone).toISOString()
    : null;
}

function presentRevision(revision: RevisionRow): StormEventDetail['revisions'][number] {
  const { revised_at, change, before, after } = revision;
  return { revised_at: isoOf(revised_at), change, before, after };
}

/** Rows by the event they belong to. */
function byEvent<T>(rows: readonly T[], eventOf: (row: T) => number | null): Map<number | null, T[]> {
  const grouped = new Map<number | null, T[]>();
  for (const row of rows) {
    const listed = grouped.get(eventOf(row));
    if (listed) listed.push(row);
    else grouped.set(eventOf(row), [row]);
  }
  return grouped;
}

function presentRoutine(row: RoutineRow): RoutineInspection {
  return {
    location_id: row.location_id,
    location_name: row.location_name,
    cadence_days: row.cadence_days,
    since: isoOf(row.since),
    last_inspection:
      row.last_id === null || row.last_inspected_at === null
        ? null
        : {
            id: row.last_id,
            inspected_at: isoOf(row.last_inspected_at),
            inspector_name: row.last_inspector_name ?? '',
          },
    due_at: isoOf(row.due_at),
    status: row.status,
  };
}

/** The locations a caller's lists cover: the account's, a plain contact's assigned ones only. */
function scopeOf(access: AccountAccess) {
  return { clientId: access.client.id, contactId: access.relation === 'contact' ? access.contactId : null };
}

/** Storm events as accounts read them (issue 28 point 7); a plain contact sees its locations' only. */
export function createStormEventsService(db: AppDb, { locations, clock, timeZone }: StormEventsDeps) {
  const repository = createStormEventsRepository(db);
  const inspections = createInspectionsRepository(db);
  const routine = createRoutineInspectionsRepository(db, timeZone);
  /** The first instant of a date of the product time zone. */
  const startOf = (date: string) => new Date(endOfDay(shiftDate(date, -1), timeZone).getTime() + 1);

  return {
    async list(access: AccountAccess, query: StormEventListQuery): Promise<StormEventPage> {
      if (query.location_id !== undefined) await locations.findVisible(access, query.location_id);
      const now = clock.now();
      const { rows, total } = await repository.page(
        {
          ...scopeOf(access),
          locationId: query.location_id,
          status: query.status,
          from: query.from ? startOf(query.from) : undefined,
          to: query.to ? startOf(shiftDate(query.to, 1)) : undefined,
        },
        query,
        now,
      );
      return { items: rows.map(present), total, page: query.page, page_size: query.page_size };
    },

    async pending(access: AccountAccess): Promise<PendingStormEvents> {
      const rows = await repository.pending(scopeOf(access), clock.now());
      return { locations: rows.map((row) => ({ ...row, due_at: isoOrNull(row.due_at) })) };
    },

    /** The routine schedule of the account's locations with a cadence (GET /api/routine-inspections). */
    async routine(access: AccountAccess, query: RoutineInspectionListQuery): Promise<RoutineInspectionList> {
      if (query.location_id !== undefined) await locations.findVisible(access, query.location_id);
      const rows = await routine.list({ ...scopeOf(access), locationId: query.location_id }, clock.now());
      return { items: rows.map(presentRoutine) };
    },

    async detail(access: AccountAccess, id: number): Promise<StormEventDetail> {
      const now = clock.now();
      const row = await repository.find(id, now);
      if (!row) throw notFound(STORM_EVENT_MESSAGES.notFound);
      await requireVisibleLocation(
        locations,
        access,
        { clientId: row.client_id, locationId: row.location_id },
        STORM_EVENT_MESSAGES.notFound,
      );
      const margin = CHART_MARGIN_HOURS * HOUR_MS;
      const from = new Date(row.started_at).getTime() - margin;
      const end = row.ended_at === null ? now.getTime() : new Date(row.ended_at).getTime() + margin;
      const to = Math.min(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS, end);
      const [stored, revisions, records] = await Promise.all([
        repository.hours(row.location_id, new Date(from), new Date(to)),
        repository.revisions(row.id),
        inspections.ofEvent(row.id),
      ]);
      return {
        ...present(row),
        hours: chartHours(stored, from, to),
        due_if_dry_at: dueIfDry(row, stored, timeZone),
        inspections: records.map(presentInspection),
        revisions: revisions.map(presentRevision),
      };
    },

    /**
     * The permit record (issue 28 point 6): the events of the account's `locationIds` that started
     * on the product dates `from` to `to`, removed ones too, each with its inspections and
     * revisions, by location and start. The reports feature has checked the caller sees them.
     */
    async records(
      clientId: number,
      locationIds: number[],
      from: string,
      to: string,
    ): Promise<StormEventRecord[]> {
      const rows = await repository.ofLocations(
        clientId,
        locationIds,
        startOf(from),
        startOf(shiftDate(to, 1)),
        clock.now(),
      );
      const ids = rows.map((row) => row.id);
      const [records, revisions] = await Promise.all([
        inspections.ofEvents(ids),
        repository.revisionsOf(ids),
      ]);
      const recordsOf = byEvent(records, (record) => record.inspection.eventId);
      const revisionsOf = byEvent(revisions, (revision) => revision.event_id);
      return rows.map((row) => ({
        ...present(row),
        inspections: (recordsOf.get(row.id) ?? []).map(presentInspection),
        revisions: (revisionsOf.get(row.id) ?? []).map(presentRevision),
      }));
    },

    /**
     * The routine inspections of the account's `locationIds` made on the product dates `from` to
     * `to`, earliest first (the permit record's other inspections; checked like `records`).
     */
    async routineRecords(clientId: number, locationIds: number[], from: string, to: string) {
      const records = await inspections.routineAt(locationIds, startOf(from), startOf(shiftDate(to, 1)));
      return records.filter((record) => record.clientId === clientId).map(presentInspection);
    },
  };
}

export type StormEventsService = ReturnType<typeof createStormEventsService>;

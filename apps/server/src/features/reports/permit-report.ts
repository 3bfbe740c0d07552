import type { Inspection, InspectionPhoto } from '@pluvio/shared/inspections';
import {
  actionDueLabel,
  inspectedLate,
  permitInspectionWords,
  stormRevisionLabel,
} from '@pluvio/shared/storm-event-views';
import { INSPECTION_RULE_LABELS } from '@pluvio/shared/storm-events';
import { productTimestamp } from '../../core/lib/time';
import type { LocationRow } from '../../core/tables/locations';
import type { InspectionsService, StormEventRecord, StormEventsService } from '../storm-events';
import {
  inBatches,
  locationsInOrder,
  locationsSummary,
  type Progress,
  type RainfallReportDeps,
} from './rainfall-report-parts';
import { dateTimeText } from './render/display';
import {
  type CellValue,
  type ReportDocument,
  type ReportPhoto,
  type ReportSection,
  type ReportSubject,
  type ReportTable,
  subjectAccount,
} from './report-document';
import {
  column,
  fact,
  filenameBase,
  periodOf,
  type ReportContext,
  reportDocument,
  timeZoneNote,
} from './report-parts';

/** What the permit report reads: the account's locations and their storm events (issue 28 point 6). */
export interface PermitReportDeps {
  locations: RainfallReportDeps['locations'];
  stormEvents: Pick<StormEventsService, 'records' | 'routineRecords'>;
  inspections: Pick<InspectionsService, 'thumbnail'>;
}

/** An inspection with its photos' thumbnails for the PDF. */
type PermitInspection = Inspection & { thumbnails: ReportPhoto[] };
type PermitEvent = Omit<StormEventRecord, 'inspections'> & { inspections: PermitInspection[] };

interface LocationEvents {
  location: LocationRow;
  events: PermitEvent[];
  /** Routine inspections made in the period (no storm event). */
  routine: PermitInspection[];
}

/** A photo's caption under its thumbnail: its file's name, and when it was taken when the camera said. */
function photoCaption(photo: InspectionPhoto, context: ReportContext): string {
  const taken = timeOf(photo.taken_at, context);
  return taken ? `${photo.file_name}, taken ${dateTimeText(taken)}` : photo.file_name;
}

/** The previews of an inspection's photos for the PDF; a photo without one is left out. */
async function inspectionThumbnails(
  inspection: Inspection,
  clientId: number,
  deps: PermitReportDeps,
  context: ReportContext,
): Promise<ReportPhoto[]> {
  const ready = inspection.photos.filter((photo) => photo.thumbnail_ready);
  const images = await Promise.all(ready.map((photo) => deps.inspections.thumbnail(clientId, photo)));
  return ready.flatMap((photo, index) => {
    const image = images[index];
    return image ? [{ image, caption: photoCaption(photo, context) }] : [];
  });
}

function withThumbnails(
  inspections: Inspection[],
  clientId: number,
  deps: PermitReportDeps,
  context: ReportContext,
): Promise<PermitInspection[]> {
  return Promise.all(
    inspections.map(async (inspection) => ({
      ...inspection,
      thumbnails: await inspectionThumbnails(inspection, clientId, deps, context),
    })),
  );
}

/** The first inspection made at or after the event's end: the one the permit asks for. */
function firstCounted(event: PermitEvent): PermitInspection | null {
  return event.inspections.find((inspection) => inspection.counts_for_event) ?? null;
}

function isLate(event: PermitEvent): boolean {
  return event.status === 'inspected' && inspectedLate(event, firstCounted(event)?.inspected_at ?? null);
}

const COUNTS = {
  events: (events: PermitEvent[]) => events.filter((event) => event.status !== 'removed').length,
  inspected: (events: PermitEvent[]) => events.filter((event) => event.status === 'inspected').length,
  late: (events: PermitEvent[]) => events.filter(isLate).length,
  notInspected: (events: PermitEvent[]) =>
    events.filter((event) => ['due', 'overdue', 'past'].includes(event.status)).length,
  removed: (events: PermitEvent[]) => events.filter((event) => event.status === 'removed').length,
};

function eventColumns(context: ReportContext) {
  const zone = context.zone;
  return [
    column('started', `Started (${zone})`, 'datetime'),
    column('ended', `Ended (${zone})`, 'datetime'),
    column('total', 'Total (in)', 'inches'),
    column('wettestHour', 'Wettest hour (in)', 'inches'),
    column('threshold', 'Threshold (in per 24 h)', 'inches'),
    column('rule', 'Inspection rule', 'text'),
    column('source', 'Source', 'text'),
    column('due', `Inspection due by (${zone})`, 'datetime'),
    column('inspection', 'Inspection', 'text'),
    column('inspectedAt', `Inspected at (${zone})`, 'datetime'),
    column('revisions', 'NOAA revisions', 'text'),
  ];
}

/**
 * The inspections' table names a storm's inspection by the time the storm started, the key the
 * events' table uses; a routine one has none.
 */
function inspectionColumns(context: ReportContext) {
  const zone = context.zone;
  return [
    column('kind', 'Kind', 'text'),
    column('started', `Storm started (${zone})`, 'datetime'),
    column('inspectedAt', `Inspected at (${zone})`, 'datetime'),
    column('inspector', 'Inspector', 'text'),
    column('counts', 'Counts for the storm', 'yesno'),
    column('bmps', 'BMPs inspected', 'text'),
    column('findings', 'Findings', 'text'),
    column('notes', 'Notes', 'text'),
    column('actions', 'Corrective actions', 'text'),
    column('photos', 'Photos', 'count'),
  ];
}

function timeOf(iso: string | null, context: ReportContext): string | null {
  return iso === null ? null : productTimestamp(new Date(iso), context.timeZone);
}

/** 'Re-stake the silt fence (Due Nov 12, 2026, completed Nov 11, 2026 3:00 PM)'. */
function actionText(action: Inspection['corrective_actions'][number], context: ReportContext): string {
  const completed = timeOf(action.completed_at, context);
  const state = completed ? `completed ${dateTimeText(completed)}` : 'not completed';
  return `${action.description} (${[actionDueLabel(action.due_on), state].filter(Boolean).join(', ')})`;
}

/** 'Pass 2 revision: total 0.70 → 0.80 in (revised Nov 10, 2026 9:00 AM)', each revision in turn. */
function revisionsText(event: PermitEvent, context: ReportContext): string | null {
  if (event.revisions.length === 0) return null;
  return event.revisions
    .map((revision) => {
      const when = dateTimeText(timeOf(revision.revised_at, context) ?? revision.revised_at);
      return `${stormRevisionLabel(revision)} (revised ${when})`;
    })
    .join('; ');
}

function eventRow(event: PermitEvent, context: ReportContext): Record<string, CellValue> {
  const counted = firstCounted(event);
  return {
    started: timeOf(event.started_at, context),
    ended: timeOf(event.ended_at, context),
    total: event.total,
    wettestHour: event.wettest_hour.amount,
    threshold: event.threshold,
    rule: INSPECTION_RULE_LABELS[event.inspection_rule],
    source: event.source_label,
    due: event.status === 'removed' ? null : timeOf(event.due_at, context),
    inspection: permitInspectionWords(event, counted?.inspected_at ?? null),
    inspectedAt: timeOf(counted?.inspected_at ?? null, context),
    revisions: revisionsText(event, context),
  };
}

function inspectionRow(
  event: PermitEvent | null,
  inspection: Inspection,
  context: ReportContext,
): Record<string, CellValue> {
  return {
    kind: event ? 'Storm' : 'Routine',
    started: event ? timeOf(event.started_at, context) : null,
    inspectedAt: timeOf(inspection.inspected_at, context),
    inspector: inspection.inspector.name,
    counts: event ? inspection.counts_for_event : null,
    bmps: inspection.bmps.join('; ') || null,
    findings: inspection.findings || null,
    notes: inspection.notes || null,
    actions: inspection.corrective_actions.map((action) => actionText(action, context)).join('; ') || null,
    photos: inspection.photos.length,
  };
}

/** Every inspection of the location in the period, storms' and routine ones, earliest first. */
function inspectionsOf({ events, routine }: LocationEvents) {
  const all = [
    ...events.flatMap((event) => event.inspections.map((inspection) => ({ event, inspection }))),
    ...routine.map((inspection) => ({ event: null, inspection })),
  ];
  return all.sort((a, b) => a.inspection.inspected_at.localeCompare(b.inspection.inspected_at));
}

function photosOf(inspections: { inspection: PermitInspection }[], context: ReportContext): ReportPhoto[] {
  return inspections.flatMap(({ inspection }) =>
    inspection.thumbnails.map((photo) => ({
      ...photo,
      caption: `${dateTimeText(timeOf(inspection.inspected_at, context) ?? '')}: ${photo.caption}`,
    })),
  );
}

/**
 * Two sections per location, so each table fits a page's width: its storm events (with how each
 * stands), then its inspections, storms' and routine ones (with the photos' thumbnails in the PDF).
 */
function locationSections(entry: LocationEvents, context: ReportContext): ReportSection[] {
  const { location, events, routine } = entry;
  const inspections = inspectionsOf(entry);
  return [
    {
      heading: `${location.name}: storm events`,
      facts: [
        fact('Storm events', COUNTS.events(events)),
        fact('Inspected', COUNTS.inspected(events)),
        fact('Inspected late', COUNTS.late(events)),
        fact('Not inspected', COUNTS.notInspected(events)),
      ],
      table: {
        columns: eventColumns(context),
        rows: events.map((event) => eventRow(event, context)),
        emptyText: 'No storm event started at this location in this period.',
      },
    },
    {
      heading: `${location.name}: inspections`,
      facts: [fact('Routine inspections', routine.length)],
      table: {
        columns: inspectionColumns(context),
        rows: inspections.map(({ event, inspection }) => inspectionRow(event, inspection, context)),
        emptyText: 'No inspection of these storm events, nor any routine one in this period, is recorded.',
      },
      photos: photosOf(inspections, context),
    },
  ];
}

function summaryTable(entries: readonly LocationEvents[]): ReportTable {
  return locationsSummary(
    entries,
    [
      column('events', 'Storm events', 'count'),
      column('inspected', 'Inspected', 'count'),
      column('late', 'Inspected late', 'count'),
      column('notInspected', 'Not inspected', 'count'),
      column('removed', 'Removed by NOAA revision', 'count'),
    ],
    ({ events }) => ({
      events: COUNTS.events(events),
      inspected: COUNTS.inspected(events),
      late: COUNTS.late(events),
      notInspected: COUNTS.notInspected(events),
      removed: COUNTS.removed(events),
    }),
  );
}

const PERMIT_NOTES = [
  "A storm event is rain that reached the location's storm threshold within 24 hours in the stored hourly rainfall (NOAA MRMS in production); its threshold, inspection rule and due time are those in force when it was found. Its source names the passes its hours come from (Pass 2 revises Pass 1).",
  "Events that started in the period are listed, then their inspections with the routine inspections made in the period. An inspection counts for a storm when it was made at or after the storm's end; 'Inspected late' means the first such inspection came after the due time.",
  'Events a NOAA revision removed are listed as removed, with their revisions: they need no inspection.',
];

/**
 * The permit report (issue 28 point 6): per location, every storm event that started in the
 * period with its figures, source and due time, each inspection with its inspector, BMPs,
 * findings, notes and corrective actions, and the NOAA revisions; the PDF adds the inspections'
 * photo thumbnails.
 */
export async function permitReport(
  subject: ReportSubject,
  deps: PermitReportDeps,
  context: ReportContext,
  onProgress: Progress,
): Promise<ReportDocument> {
  const { from, to } = periodOf(subject);
  const client = subjectAccount(subject);
  const locations = await locationsInOrder(deps, subject);
  const entries = await inBatches(locations, onProgress, async (batch): Promise<LocationEvents[]> => {
    const ids = batch.map((location) => location.id);
    const [records, routineRecords] = await Promise.all([
      deps.stormEvents.records(client.id, ids, from, to),
      deps.stormEvents.routineRecords(client.id, ids, from, to),
    ]);
    const events = await Promise.all(
      records.map(async (record) => ({
        ...record,
        inspections: await withThumbnails(record.inspections, client.id, deps, context),
      })),
    );
    const routine = await withThumbnails(routineRecords, client.id, deps, context);
    return batch.map((location) => ({
      location,
      events: events.filter((event) => event.location_id === location.id),
      routine: routine.filter((inspection) => inspection.location_id === location.id),
    }));
  });
  const all = entries.flatMap((entry) => entry.events);
  return {
    ...reportDocument(context, {
      title: 'Storm Events and Inspections',
      accountName: client.accountName,
      period: { from, to },
      facts: [
        fact('Locations', entries.length),
        fact('Storm events', COUNTS.events(all)),
        fact('Inspected', COUNTS.inspected(all)),
        fact('Not inspected', COUNTS.notInspected(all)),
      ],
      notes: [timeZoneNote(context), ...PERMIT_NOTES],
      summary: summaryTable(entries),
      sections: entries.flatMap((entry) => locationSections(entry, context)),
      filenameBase: filenameBase('permit', from, to),
    }),
    sectionLabel: 'Location and list',
    landscape: true,
  };
}

import { buffer } from 'node:stream/consumers';
import type { AuditAction } from '@pluvio/shared/audit.schemas';
import {
  INSPECTION_MESSAGES,
  type Inspection,
  type InspectionCreate,
  type InspectionPatch,
  type InspectionPhoto,
  PHOTO_LIMITS,
  PHOTO_MESSAGES,
} from '@pluvio/shared/inspections';
import {
  LOCATION_INSPECTIONS_LIMIT,
  ROUTINE_MESSAGES,
  type RoutineInspectionCreate,
} from '@pluvio/shared/routine-inspections';
import { STORM_EVENT_MESSAGES } from '@pluvio/shared/storm-events-api';
import type { AccountAccess, AuditActor, LocationVisibility } from '../../core/access';
import { recordAccountEvents } from '../../core/account-events';
import { lockAccountQuota } from '../../core/db/account-lock';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { badRequest, conflict, forbidden, invalidField, notFound } from '../../core/lib/errors';
import type { AuditService } from '../audit';
import { requireVisibleLocation } from './event-access';
import { actionChange, inspectorName, photoNames, presentInspection } from './inspection-records';
import {
  createInspectionsRepository,
  type InspectedEvent,
  type InspectionRecord,
  type InspectionTarget,
} from './inspections.repository';
import { createPhotoStore, type PreparedPhoto } from './photo-store';
import type { PhotoUpload } from './photo-uploads';

export interface InspectionsDeps {
  locations: LocationVisibility;
  audit: AuditService;
  clock: Clock;
  timeZone: string;
  /** Where photo files are kept (DATA_DIR/photos) and how many megabytes of them one account may keep. */
  photoFolder: string;
  photoQuotaMegabytes: number;
}

/**
 * Inspections of storm events and routine ones (issue 28 points 3 and 4): recorded and changed
 * by the account's owners and co-owners and by the contacts assigned to the location, each
 * change audited.
 */
export function createInspectionsService(
  db: AppDb,
  { locations, audit, clock, timeZone, photoFolder, photoQuotaMegabytes }: InspectionsDeps,
) {
  const repository = createInspectionsRepository(db);
  const photos = createPhotoStore(photoFolder, timeZone);

  /** The caller may record inspections at the event's location: not a superuser, and a plain contact only where assigned. */
  async function requireEditor(
    access: AccountAccess,
    event: { locationId: number; clientId: number },
    missing: string,
  ) {
    await requireVisibleLocation(locations, access, event, missing);
    if (access.relation === 'staff') throw forbidden(INSPECTION_MESSAGES.editors);
  }

  /** The inspection's time: never in the future, and for a storm's inspection not before the storm started. */
  function checkTime(inspectedAt: string, event: Pick<InspectedEvent, 'startedAt'> | null): Date {
    const time = new Date(inspectedAt);
    if (time.getTime() > clock.now().getTime())
      throw invalidField(['body', 'inspected_at'], INSPECTION_MESSAGES.future);
    if (event && time < event.startedAt)
      throw invalidField(['body', 'inspected_at'], INSPECTION_MESSAGES.beforeEvent);
    return time;
  }

  async function loaded(id: number): Promise<InspectionRecord> {
    const record = await repository.find(id);
    if (!record) throw notFound(INSPECTION_MESSAGES.notFound);
    return record;
  }

  /** The inspection, for whoever may see its location (others get the same 404 as a missing one). */
  async function readable(access: AccountAccess, id: number): Promise<InspectionRecord> {
    const record = await loaded(id);
    await requireVisibleLocation(locations, access, record, INSPECTION_MESSAGES.notFound);
    return record;
  }

  /** The inspection, for whoever may change it (those who may only see it are refused). */
  async function editable(access: AccountAccess, id: number): Promise<InspectionRecord> {
    const record = await loaded(id);
    await requireEditor(access, record, INSPECTION_MESSAGES.notFound);
    return record;
  }

  /** Refuses photos past the inspection's 20 or the account's quota (and so the whole request). */
  async function checkPhotoLimits(
    reader: AppDb,
    clientId: number,
    inspectionId: number | null,
    adding: { count: number; bytes: number },
  ) {
    const saved = createInspectionsRepository(reader);
    const existing = inspectionId === null ? 0 : await saved.photoCount(inspectionId);
    if (existing + adding.count > PHOTO_LIMITS.perInspection) {
      throw conflict(PHOTO_MESSAGES.perInspection(existing, adding.count));
    }
    if ((await saved.photoBytes(clientId)) + adding.bytes > photoQuotaMegabytes * 1024 * 1024) {
      throw conflict(PHOTO_MESSAGES.quota(photoQuotaMegabytes));
    }
  }

  /** Reads the sent photos, checked against the limits before their previews are made. */
  function preparePhotos(clientId: number, inspectionId: number | null, uploads: PhotoUpload[]) {
    return photos.prepare(uploads, (bytes) =>
      checkPhotoLimits(db, clientId, inspectionId, { count: uploads.length, bytes }),
    );
  }

  /**
   * Saves prepared photos' rows and files in the caller's transaction: a failure leaves neither.
   * The limits are checked again under the account's quota lock, so two uploads at once cannot
   * both pass where only one fits.
   */
  async function savePhotos(
    tx: AppDb,
    access: AccountAccess,
    target: { inspectionId: number; clientId: number },
    prepared: PreparedPhoto[],
    now: Date,
  ) {
    if (prepared.length === 0) return;
    await lockAccountQuota(tx, target.clientId);
    const bytes = prepared.reduce((total, photo) => total + photo.bytes, 0);
    await checkPhotoLimits(tx, target.clientId, target.inspectionId, { count: prepared.length, bytes });
    const rows = await createInspectionsRepository(tx).insertPhotos(
      prepared.map((photo) => ({
        ...target,
        fileName: photo.upload.fileName,
        contentType: photo.type,
        bytes: photo.bytes,
        takenAt: photo.takenAt,
        latitude: photo.latitude,
        longitude: photo.longitude,
        thumbnailReady: photo.thumbnail !== null,
        uploadedByUserId: access.user.id,
        uploadedByName: inspectorName(access),
        uploadedAt: now,
      })),
    );
    await photos.place(rows.map((stored, index) => ({ stored, prepared: prepared[index] as PreparedPhoto })));
  }

  async function audited(action: AuditAction, by: AuditActor, record: InspectionRecord, details: object) {
    await audit.record({
      ...by,
      action,
      clientId: record.clientId,
      details: {
        inspection: record.inspection.id,
        event: record.event?.id ?? null,
        location: record.locationId,
        ...details,
      },
    });
  }

  async function photosChanged(by: AuditActor, before: InspectionRecord): Promise<Inspection> {
    const after = await loaded(before.inspection.id);
    await audited('inspection_changed', by, after, {
      changes: { photos: { old: photoNames(before.photos), new: photoNames(after.photos) } },
    });
    return presentInspection(after);
  }

  /** Saves a new inspection with its corrective actions and photos, all or none, audited. */
  async function insertInspection(
    access: AccountAccess,
    by: AuditActor,
    target: InspectionTarget,
    input: InspectionCreate,
    inspectedAt: Date,
    uploads: PhotoUpload[],
  ): Promise<Inspection> {
    const prepared = await preparePhotos(target.clientId, null, uploads);
    const now = clock.now();
    const id = await db.transaction(async (tx) => {
      const txRepository = createInspectionsRepository(tx);
      const inserted = await txRepository.insert({
        locationId: target.locationId,
        eventId: target.eventId,
        inspectorUserId: access.user.id,
        inspectorName: inspectorName(access),
        inspectedAt,
        bmps: input.bmps,
        findings: input.findings,
        notes: input.notes,
        createdAt: now,
        updatedAt: now,
      });
      await txRepository.changeActions(inserted, actionChange([], input.corrective_actions, now));
      await savePhotos(tx, access, { inspectionId: inserted, clientId: target.clientId }, prepared, now);
      const data = {
        inspection_id: inserted,
        location_id: target.locationId,
        storm_event_id: target.eventId,
        inspected_at: inspectedAt.toISOString(),
        inspector_name: inspectorName(access),
        photos: prepared.length,
      };
      await recordAccountEvents(tx, [{ clientId: target.clientId, type: 'inspection.recorded', data }], now);
      return inserted;
    });
    const record = await loaded(id);
    await audited('inspection_recorded', by, record, {
      inspected_at: inspectedAt.toISOString(),
      photos: photoNames(record.photos),
    });
    return presentInspection(record);
  }

  return {
    /** An inspection of a storm event (POST /api/storm-events/{id}/inspections). */
    async record(
      access: AccountAccess,
      by: AuditActor,
      eventId: number,
      input: InspectionCreate,
      uploads: PhotoUpload[] = [],
    ): Promise<Inspection> {
      const event = await repository.event(eventId);
      if (!event) throw notFound(STORM_EVENT_MESSAGES.notFound);
      await requireEditor(access, event, STORM_EVENT_MESSAGES.notFound);
      if (event.removedAt) throw conflict(INSPECTION_MESSAGES.removed);
      const inspectedAt = checkTime(input.inspected_at, event);
      return insertInspection(access, by, { ...event, eventId }, input, inspectedAt, uploads);
    },

    /** A routine inspection of a location, tied to no storm event (POST /api/inspections). */
    async recordRoutine(
      access: AccountAccess,
      by: AuditActor,
      input: RoutineInspectionCreate,
      uploads: PhotoUpload[] = [],
    ): Promise<Inspection> {
      const location = await repository.location(input.location_id);
      if (!location) throw notFound(ROUTINE_MESSAGES.locationNotFound);
      await requireEditor(access, location, ROUTINE_MESSAGES.locationNotFound);
      const inspectedAt = checkTime(input.inspected_at, null);
      return insertInspection(access, by, { ...location, eventId: null }, input, inspectedAt, uploads);
    },

    /** The location's latest inspections of every kind, newest first (GET /api/inspections). */
    async ofLocation(access: AccountAccess, locationId: number): Promise<Inspection[]> {
      const location = await repository.location(locationId);
      if (!location) throw notFound(ROUTINE_MESSAGES.locationNotFound);
      await requireVisibleLocation(locations, access, location, ROUTINE_MESSAGES.locationNotFound);
      return (await repository.ofLocation(locationId, LOCATION_INSPECTIONS_LIMIT)).map(presentInspection);
    },

    async get(access: AccountAccess, id: number): Promise<Inspection> {
      return presentInspection(await readable(access, id));
    },

    async change(
      access: AccountAccess,
      by: AuditActor,
      id: number,
      patch: InspectionPatch,
    ): Promise<Inspection> {
      const before = await editable(access, id);
      const inspectedAt = patch.inspected_at ? checkTime(patch.inspected_at, before.event) : undefined;
      const now = clock.now();
      await db.transaction(async (tx) => {
        const txRepository = createInspectionsRepository(tx);
        await txRepository.update(id, {
          inspectedAt,
          bmps: patch.bmps,
          findings: patch.findings,
          notes: patch.notes,
          updatedAt: now,
        });
        if (patch.corrective_actions) {
          await txRepository.changeActions(id, actionChange(before.actions, patch.corrective_actions, now));
        }
      });
      const after = await loaded(id);
      const [was, is] = [presentInspection(before), presentInspection(after)];
      const changed = (Object.keys(patch) as (keyof InspectionPatch)[]).filter(
        (field) => JSON.stringify(was[field]) !== JSON.stringify(is[field]),
      );
      if (changed.length > 0) {
        await audited('inspection_changed', by, after, {
          changes: Object.fromEntries(changed.map((field) => [field, { old: was[field], new: is[field] }])),
        });
      }
      return is;
    },

    /** Adds photos to an inspection (POST /api/inspections/{id}/photos), audited as a change of its photos. */
    async addPhotos(
      access: AccountAccess,
      by: AuditActor,
      id: number,
      uploads: PhotoUpload[],
    ): Promise<Inspection> {
      if (uploads.length === 0) throw badRequest(PHOTO_MESSAGES.noPhotos);
      const before = await editable(access, id);
      const prepared = await preparePhotos(before.clientId, id, uploads);
      await db.transaction((tx) =>
        savePhotos(tx, access, { inspectionId: id, clientId: before.clientId }, prepared, clock.now()),
      );
      return photosChanged(by, before);
    },

    /** Removes one photo of an inspection, its row and its files, audited as a change of its photos. */
    async removePhoto(
      access: AccountAccess,
      by: AuditActor,
      id: number,
      photoId: number,
    ): Promise<Inspection> {
      const before = await editable(access, id);
      const photo = before.photos.find((row) => row.id === photoId);
      if (!photo) throw notFound(PHOTO_MESSAGES.notFound);
      await repository.deletePhoto(id, photoId);
      await photos.remove(photo);
      return photosChanged(by, before);
    },

    /** A photo's file for whoever may read the inspection: the original as stored, or its preview. */
    async photo(access: AccountAccess, id: number, photoId: number, size: 'original' | 'thumbnail') {
      const record = await readable(access, id);
      const photo = record.photos.find((row) => row.id === photoId);
      const content = photo ? await photos.read(photo, size) : null;
      if (!photo || !content) throw notFound(PHOTO_MESSAGES.notFound);
      return {
        content,
        fileName: photo.fileName,
        contentType: size === 'thumbnail' ? 'image/jpeg' : photo.contentType,
      };
    },

    /**
     * A photo's preview as bytes, null without one: for the permit report's PDF, whose request
     * the reports feature has checked.
     */
    async thumbnail(clientId: number, photo: Pick<InspectionPhoto, 'id' | 'content_type'>) {
      const file = await photos.read(
        { id: photo.id, clientId, contentType: photo.content_type },
        'thumbnail',
      );
      return file ? new Uint8Array(await buffer(file)) : null;
    },

    /** The event's inspections for its page, earliest first. */
    ofEvent: async (eventId: number) => (await repository.ofEvent(eventId)).map(presentInspection),
  };
}

export type InspectionsService = ReturnType<typeof createInspectionsService>;

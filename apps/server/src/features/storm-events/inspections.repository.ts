import { and, asc, count, desc, eq, gte, inArray, isNull, lt, type SQL, sum } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import { locations } from '../../core/tables/locations';
import {
  correctiveActions,
  inspectionPhotos,
  inspections,
  stormEvents,
} from '../../core/tables/storm-events';

export type InspectionRow = typeof inspections.$inferSelect;
export type CorrectiveActionRow = typeof correctiveActions.$inferSelect;
export type InspectionPhotoRow = typeof inspectionPhotos.$inferSelect;
export type NewInspectionPhoto = typeof inspectionPhotos.$inferInsert;
export type NewCorrectiveAction = Omit<typeof correctiveActions.$inferInsert, 'inspectionId'>;

/** How a save changes an inspection's corrective actions. */
export interface ActionChange {
  kept: (NewCorrectiveAction & { id: number })[];
  added: NewCorrectiveAction[];
  removed: number[];
}

/** An inspection with the event it was made for (none for a routine one), its location, its corrective actions and photos. */
export interface InspectionRecord {
  inspection: InspectionRow;
  event: { id: number; startedAt: Date; endedAt: Date | null } | null;
  locationId: number;
  clientId: number;
  actions: CorrectiveActionRow[];
  photos: InspectionPhotoRow[];
}

/** Where an inspection is recorded: a location of an account, and the storm event it is for if any. */
export interface InspectionTarget {
  locationId: number;
  clientId: number;
  eventId: number | null;
}

/** The event an inspection is recorded for, with what decides whether it may be. */
export interface InspectedEvent {
  id: number;
  locationId: number;
  clientId: number;
  startedAt: Date;
  endedAt: Date | null;
  removedAt: Date | null;
}

export function createInspectionsRepository(db: AppDb) {
  async function actionsOf(inspectionIds: number[]): Promise<CorrectiveActionRow[]> {
    if (inspectionIds.length === 0) return [];
    return db
      .select()
      .from(correctiveActions)
      .where(inArray(correctiveActions.inspectionId, inspectionIds))
      .orderBy(asc(correctiveActions.id));
  }

  async function photosOf(inspectionIds: number[]): Promise<InspectionPhotoRow[]> {
    if (inspectionIds.length === 0) return [];
    return db
      .select()
      .from(inspectionPhotos)
      .where(inArray(inspectionPhotos.inspectionId, inspectionIds))
      .orderBy(asc(inspectionPhotos.id));
  }

  async function recordsWhere(
    condition: SQL,
    order: 'earliest' | 'newest' = 'earliest',
    limit?: number,
  ): Promise<InspectionRecord[]> {
    const by = order === 'earliest' ? asc : desc;
    const query = db
      .select({
        inspection: inspections,
        event: { id: stormEvents.id, startedAt: stormEvents.startedAt, endedAt: stormEvents.endedAt },
        locationId: inspections.locationId,
        clientId: locations.clientId,
      })
      .from(inspections)
      .innerJoin(locations, eq(locations.id, inspections.locationId))
      .leftJoin(stormEvents, eq(stormEvents.id, inspections.eventId))
      .where(condition)
      .orderBy(by(inspections.inspectedAt), by(inspections.id));
    const rows = limit === undefined ? await query : await query.limit(limit);
    const ids = rows.map((row) => row.inspection.id);
    const [actions, photos] = await Promise.all([actionsOf(ids), photosOf(ids)]);
    return rows.map((row) => ({
      ...row,
      actions: actions.filter((action) => action.inspectionId === row.inspection.id),
      photos: photos.filter((photo) => photo.inspectionId === row.inspection.id),
    }));
  }

  return {
    async event(id: number): Promise<InspectedEvent | null> {
      const [row] = await db
        .select({
          id: stormEvents.id,
          locationId: stormEvents.locationId,
          clientId: locations.clientId,
          startedAt: stormEvents.startedAt,
          endedAt: stormEvents.endedAt,
          removedAt: stormEvents.removedAt,
        })
        .from(stormEvents)
        .innerJoin(locations, eq(locations.id, stormEvents.locationId))
        .where(eq(stormEvents.id, id));
      return row ?? null;
    },

    /** The location a routine inspection is recorded at, with its account. */
    async location(id: number): Promise<{ locationId: number; clientId: number } | null> {
      const [row] = await db
        .select({ locationId: locations.id, clientId: locations.clientId })
        .from(locations)
        .where(eq(locations.id, id));
      return row ?? null;
    },

    async find(id: number): Promise<InspectionRecord | null> {
      const [record] = await recordsWhere(eq(inspections.id, id));
      return record ?? null;
    },

    /** The event's inspections, earliest first. */
    ofEvent: (eventId: number) => recordsWhere(eq(inspections.eventId, eventId)),

    /** The inspections of each of `eventIds`, earliest first. */
    ofEvents: async (eventIds: number[]) =>
      eventIds.length === 0 ? [] : recordsWhere(inArray(inspections.eventId, eventIds)),

    /** The routine inspections of `locationIds` made in [from, to), earliest first. */
    routineAt: async (locationIds: number[], from: Date, to: Date) =>
      locationIds.length === 0
        ? []
        : recordsWhere(
            and(
              inArray(inspections.locationId, locationIds),
              isNull(inspections.eventId),
              gte(inspections.inspectedAt, from),
              lt(inspections.inspectedAt, to),
            ) as SQL,
          ),

    /** The location's latest `limit` inspections of every kind, newest first. */
    ofLocation: (locationId: number, limit: number) =>
      recordsWhere(eq(inspections.locationId, locationId), 'newest', limit),

    async insert(row: typeof inspections.$inferInsert): Promise<number> {
      const [inserted] = await db.insert(inspections).values(row).returning({ id: inspections.id });
      return inserted?.id as number;
    },

    async update(id: number, changes: Partial<typeof inspections.$inferInsert>) {
      await db.update(inspections).set(changes).where(eq(inspections.id, id));
    },

    /** Changes the inspection's corrective actions: those kept by id, those added, those left out. */
    async changeActions(inspectionId: number, change: ActionChange) {
      if (change.removed.length > 0) {
        await db
          .delete(correctiveActions)
          .where(
            and(
              eq(correctiveActions.inspectionId, inspectionId),
              inArray(correctiveActions.id, change.removed),
            ),
          );
      }
      for (const { id, ...values } of change.kept) {
        await db.update(correctiveActions).set(values).where(eq(correctiveActions.id, id));
      }
      if (change.added.length > 0) {
        await db
          .insert(correctiveActions)
          .values(change.added.map((action) => ({ ...action, inspectionId })));
      }
    },

    /** The bytes of every photo an account keeps (its quota's measure). */
    async photoBytes(clientId: number): Promise<number> {
      const [row] = await db
        .select({ bytes: sum(inspectionPhotos.bytes).mapWith(Number) })
        .from(inspectionPhotos)
        .where(eq(inspectionPhotos.clientId, clientId));
      return row?.bytes ?? 0;
    },

    async photoCount(inspectionId: number): Promise<number> {
      const [row] = await db
        .select({ photos: count() })
        .from(inspectionPhotos)
        .where(eq(inspectionPhotos.inspectionId, inspectionId));
      return row?.photos ?? 0;
    },

    insertPhotos: (rows: NewInspectionPhoto[]) => db.insert(inspectionPhotos).values(rows).returning(),

    async deletePhoto(inspectionId: number, photoId: number) {
      await db
        .delete(inspectionPhotos)
        .where(and(eq(inspectionPhotos.inspectionId, inspectionId), eq(inspectionPhotos.id, photoId)));
    },
  };
}

import { and, asc, count, eq, inArray, type SQL, sum } from 'drizzle-orm';
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

/** An inspection with the event and location it belongs to, and its corrective actions. */
export interface InspectionRecord {
  inspection: InspectionRow;
  event: { id: number; startedAt: Date; endedAt: Date | null };
  locationId: number;
  clientId: number;
  actions: CorrectiveActionRow[];
  photos: InspectionPhotoRow[];
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

  async function recordsWhere(condition: SQL): Promise<InspectionRecord[]> {
    const rows = await db
      .select({
        inspection: inspections,
        event: { id: stormEvents.id, startedAt: stormEvents.startedAt, endedAt: stormEvents.endedAt },
        locationId: stormEvents.locationId,
        clientId: locations.clientId,
      })
      .from(inspections)
      .innerJoin(stormEvents, eq(stormEvents.id, inspections.eventId))
      .innerJoin(locations, eq(locations.id, stormEvents.locationId))
      .where(condition)
      .orderBy(asc(inspections.inspectedAt), asc(inspections.id));
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

    async find(id: number): Promise<InspectionRecord | null> {
      const [record] = await recordsWhere(eq(inspections.id, id));
      return record ?? null;
    },

    /** The event's inspections, earliest first. */
    ofEvent: (eventId: number) => recordsWhere(eq(inspections.eventId, eventId)),

    /** The inspections of each of `eventIds`, earliest first. */
    ofEvents: async (eventIds: number[]) =>
      eventIds.length === 0 ? [] : recordsWhere(inArray(inspections.eventId, eventIds)),

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

import { type InspectionRule, storedThreshold, type WetHour } from '@pluvio/shared/storm-events';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { pgArray } from '../../core/db/pg-array';
import {
  type StormEventFigures,
  stormDetectedHours,
  stormDetections,
  stormEventRevisions,
  stormEvents,
} from '../../core/tables/storm-events';

/** Serialises storm detections across workers (pg_advisory_xact_lock key). */
const DETECTION_LOCK_KEY = 7_346_028;

/** The stored hours the detection may read: from the first stored hour to the last one nothing earlier waits for. */
export interface KnownHours {
  /** The end of the first stored hour. */
  first: Date;
  /** The end of the last hour such that every hour up to it is stored (or has failed for good). */
  through: Date;
}

export interface HourPass {
  endsAt: Date;
  pass: number;
}

export interface LocationToDetect {
  id: number;
  clientId: number;
  name: string;
  latitude: number;
  longitude: number;
  threshold: number;
  inspectionRule: InspectionRule;
  dryHours: number;
  /** Null when it was never searched, or has moved since. */
  detectedThrough: Date | null;
}

export type StoredStormEvent = typeof stormEvents.$inferSelect;
export type NewStormEvent = typeof stormEvents.$inferInsert;

export interface StormEventRevision {
  eventId: number;
  change: 'opened' | 'changed' | 'removed';
  before: StormEventFigures | null;
  after: StormEventFigures | null;
}

interface KnownRow {
  first: string | Date | null;
  through: string | Date | null;
}

interface LocationRow {
  id: number;
  client_id: number;
  name: string;
  latitude: number;
  longitude: number;
  storm_threshold: number;
  inspection_rule: InspectionRule;
  storm_dry_hours: number;
  detected_through: string | Date | null;
  moved: boolean;
}

interface WetHourRow {
  location_id: number;
  ends_at: string | Date;
  amount: number;
  pass: number;
  source: string;
}

export function createStormDetectionRepository(db: AppDb) {
  return {
    /** Takes the detection lock for this transaction. */
    async lock() {
      await db.execute(sql`select pg_advisory_xact_lock(${DETECTION_LOCK_KEY})`);
    },

    /** Null before the first hour is stored. A failed hour counts as dry, as the alerts take it (D3). */
    async knownHours(): Promise<KnownHours | null> {
      const [row] = await queryRows<KnownRow>(
        db,
        sql`
        with waiting as (
          select min(w.ends_at) as first_ends_at from ingest_intervals w
           where w.product = '1h' and w.status in ('pending', 'processing')
             and not exists (select 1 from ingest_intervals d
                              where d.product = '1h' and d.ends_at = w.ends_at and d.status = 'done')
        )
        select min(i.ends_at) as first,
               max(i.ends_at) filter (where waiting.first_ends_at is null or i.ends_at < waiting.first_ends_at) as through
          from ingest_intervals i cross join waiting
         where i.product = '1h' and i.status = 'done'`,
      );
      if (!row?.first || !row.through) return null;
      return { first: new Date(row.first), through: new Date(row.through) };
    },

    /** Stored hourly passes up to `through` the detection has not seen: new rain, or a revision of earlier rain. */
    async unseenHours(through: Date): Promise<HourPass[]> {
      const rows = await queryRows<{ ends_at: string | Date; pass: number }>(
        db,
        sql`select i.ends_at, i.pass from ingest_intervals i
             where i.product = '1h' and i.status = 'done' and i.ends_at <= ${through.toISOString()}
               and not exists (select 1 from storm_detected_hours s where s.ends_at = i.ends_at and s.pass = i.pass)
             order by i.ends_at`,
      );
      return rows.map((row) => ({ endsAt: new Date(row.ends_at), pass: row.pass }));
    },

    /** Marks hours seen, and forgets those before the first stored hour. */
    async markSeen(hours: readonly HourPass[], first: Date) {
      if (hours.length > 0) {
        await db
          .insert(stormDetectedHours)
          .values(hours.map((hour) => ({ endsAt: hour.endsAt, pass: hour.pass })))
          .onConflictDoNothing();
      }
      await db.delete(stormDetectedHours).where(sql`${stormDetectedHours.endsAt} < ${first.toISOString()}`);
    },

    /**
     * Locations after `afterId` (by id) to search, with their settings: all of them when there is
     * new rain, else only those never searched or moved since. A location whose history is still
     * being filled waits for it.
     */
    async locationsToDetect(afterId: number, limit: number, all: boolean): Promise<LocationToDetect[]> {
      const rows = await queryRows<LocationRow>(
        db,
        sql`
        select l.id, l.client_id, l.name, l.latitude, l.longitude, l.storm_threshold, l.inspection_rule, c.storm_dry_hours,
               d.detected_through,
               (d.location_id is not null and (d.latitude <> l.latitude or d.longitude <> l.longitude)) as moved
          from locations l
          join clients c on c.id = l.client_id
          left join storm_detections d on d.location_id = l.id
         where l.id > ${afterId}
           and not exists (select 1 from rainfall_history_fills f where f.location_id = l.id)
           and (${all} or d.location_id is null or d.latitude <> l.latitude or d.longitude <> l.longitude)
         order by l.id
         limit ${limit}`,
      );
      return rows.map((row) => ({
        id: row.id,
        clientId: row.client_id,
        name: row.name,
        latitude: row.latitude,
        longitude: row.longitude,
        threshold: storedThreshold(row.storm_threshold),
        inspectionRule: row.inspection_rule,
        dryHours: row.storm_dry_hours,
        detectedThrough: row.detected_through && !row.moved ? new Date(row.detected_through) : null,
      }));
    },

    /** The locations' events not removed that may still be open or recent at `since`. */
    async liveEventsSince(locationIds: readonly number[], since: Date): Promise<StoredStormEvent[]> {
      return db
        .select()
        .from(stormEvents)
        .where(
          and(
            inArray(stormEvents.locationId, [...locationIds]),
            isNull(stormEvents.removedAt),
            or(isNull(stormEvents.endedAt), gt(stormEvents.endedAt, since)),
          ),
        );
    },

    /** The locations' wet hours ending in (from, to], oldest first. */
    async wetHours(locationIds: readonly number[], from: Date, to: Date): Promise<Map<number, WetHour[]>> {
      const rows = await queryRows<WetHourRow>(
        db,
        sql`select h.location_id, h.ends_at, h.amount, h.pass, s.name as source
              from rainfall_hourly h join rainfall_sources s on s.id = h.source_id
             where h.location_id = any(${pgArray(locationIds)}::int[])
               and h.ends_at > ${from.toISOString()} and h.ends_at <= ${to.toISOString()} and h.amount > 0
             order by h.ends_at`,
      );
      const byLocation = new Map<number, WetHour[]>();
      for (const row of rows) {
        const hours = byLocation.get(row.location_id) ?? [];
        hours.push({ endsAt: new Date(row.ends_at), amount: row.amount, pass: row.pass, source: row.source });
        byLocation.set(row.location_id, hours);
      }
      return byLocation;
    },

    async insertEvents(events: readonly NewStormEvent[]): Promise<StoredStormEvent[]> {
      if (events.length === 0) return [];
      return db
        .insert(stormEvents)
        .values([...events])
        .returning();
    },

    async updateEvent(id: number, changes: Partial<NewStormEvent>) {
      await db.update(stormEvents).set(changes).where(eq(stormEvents.id, id));
    },

    async recordRevisions(revisions: readonly StormEventRevision[], now: Date) {
      if (revisions.length === 0) return;
      await db
        .insert(stormEventRevisions)
        .values(revisions.map((revision) => ({ ...revision, revisedAt: now })));
    },

    async markDetected(locations: readonly LocationToDetect[], through: Date) {
      if (locations.length === 0) return;
      await db
        .insert(stormDetections)
        .values(
          locations.map((location) => ({
            locationId: location.id,
            detectedThrough: through,
            latitude: location.latitude,
            longitude: location.longitude,
          })),
        )
        .onConflictDoUpdate({
          target: stormDetections.locationId,
          set: {
            detectedThrough: sql`excluded.detected_through`,
            latitude: sql`excluded.latitude`,
            longitude: sql`excluded.longitude`,
          },
        });
    },
  };
}

export type StormDetectionRepository = ReturnType<typeof createStormDetectionRepository>;

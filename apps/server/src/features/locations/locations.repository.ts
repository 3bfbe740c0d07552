import { type Paging, pageWindow } from '@pluvio/shared/lists';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { pgArray } from '../../core/db/pg-array';
import {
  type Atlas14Threshold,
  type LocationPoint,
  type LocationRow,
  locations,
} from '../../core/tables/locations';
import type { Atlas14Fill } from '../atlas14';

export type NewLocation = typeof locations.$inferInsert;

/** A checked import row; `seq` is its place in the request, so earlier rows win. */
export interface CheckedCandidate {
  seq: number;
  name: string;
  category: string | null;
  latitude: number;
  longitude: number;
  h24Threshold: number;
  rapidrainThreshold: number;
  /** Null: the account's default, given when the row becomes an `ImportCandidate`. */
  stormThreshold: number | null;
  inspectionRule: string;
  routineCadenceDays: number | null;
}

/** A checked import row with its storm threshold and Atlas 14 depths, ready to insert. */
export interface ImportCandidate extends Omit<CheckedCandidate, 'stormThreshold'> {
  stormThreshold: number;
  atlas14Threshold: Atlas14Threshold | null;
  atlas14Source: string | null;
}

/** An import row's identity in the account: whether a location has it already. */
export interface CandidateIdentity {
  seq: number;
  key: string;
  saved: boolean;
}

/** An import row written: its `seq` in the request and the new location's id. */
export interface InsertedCandidate {
  seq: number;
  id: number;
}

/** Columns every location of one import shares. */
export interface ImportDefaults {
  status: string;
  active: boolean;
  dataStartDate: string;
  routineSince: Date;
}

/** A location's identity in an import: its trimmed name ignoring case, and coordinates to 5 decimals (about a metre). */
const SAME_LOCATION_KEYS = sql.raw(
  'lower(trim(name)) as name_key, round(latitude::numeric, 5) as latitude_key, round(longitude::numeric, 5) as longitude_key',
);

/** The CTEs `candidates` (the rows with their identity) and `saved` (the identities the account has). */
function candidatesAndSaved(clientId: number, candidates: readonly CheckedCandidate[]) {
  return sql`
        candidates as (
          select c.*, ${SAME_LOCATION_KEYS}
            from jsonb_to_recordset(${JSON.stringify(candidates)}::jsonb) as c(
                   seq integer, name text, category text, latitude double precision, longitude double precision,
                   "h24Threshold" double precision, "rapidrainThreshold" double precision,
                   "stormThreshold" real, "inspectionRule" text, "routineCadenceDays" smallint,
                   "atlas14Threshold" jsonb, "atlas14Source" text)
        ),
        saved as (
          select distinct ${SAME_LOCATION_KEYS} from locations where client_id = ${clientId}
        )`;
}

const byName = [asc(sql`lower(${locations.name})`), asc(locations.id)];

export function createLocationsRepository(db: AppDb) {
  const inClient = (clientId: number, id: number) =>
    and(eq(locations.clientId, clientId), eq(locations.id, id));
  return {
    async list(clientId: number, paging: Paging): Promise<LocationRow[]> {
      const { limit, offset } = pageWindow(paging);
      return db
        .select()
        .from(locations)
        .where(eq(locations.clientId, clientId))
        .orderBy(...byName)
        .limit(limit)
        .offset(offset);
    },
    async find(clientId: number, id: number): Promise<LocationRow | undefined> {
      const [row] = await db.select().from(locations).where(inClient(clientId, id));
      return row;
    },
    /** The ids of every location of the account, by name (a superuser's report of the whole account). */
    async allIdsInClient(clientId: number): Promise<number[]> {
      const rows = await db
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.clientId, clientId))
        .orderBy(asc(locations.name), asc(locations.id));
      return rows.map((row) => row.id);
    },
    /** Every location's id and coordinates, by id (what rainfall ingestion samples). */
    async allPoints(): Promise<LocationPoint[]> {
      return db
        .select({ id: locations.id, latitude: locations.latitude, longitude: locations.longitude })
        .from(locations)
        .orderBy(asc(locations.id));
    },
    /** Up to `limit` locations, by id after the id `after`, that `source` has not answered for. */
    async awaitingAtlas14(source: string, after: number, limit: number): Promise<LocationPoint[]> {
      return db
        .select({ id: locations.id, latitude: locations.latitude, longitude: locations.longitude })
        .from(locations)
        .where(and(sql`${locations.atlas14Source} is distinct from ${source}`, gt(locations.id, after)))
        .orderBy(asc(locations.id))
        .limit(limit);
    },
    /** Stores sources' answers in one statement, only where that source has not answered yet. */
    async fillAtlas14(fills: Atlas14Fill[]): Promise<void> {
      if (fills.length === 0) return;
      await db.execute(sql`
        update locations l set atlas14_threshold = f."atlas14Threshold", atlas14_source = f."atlas14Source"
          from jsonb_to_recordset(${JSON.stringify(fills)}::jsonb)
               as f(id integer, "atlas14Threshold" jsonb, "atlas14Source" text)
         where l.id = f.id and l.atlas14_source is distinct from f."atlas14Source"`);
    },
    /** The account's locations among `ids`, in no particular order. */
    async findMany(clientId: number, ids: readonly number[]): Promise<LocationRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(locations)
        .where(and(eq(locations.clientId, clientId), sql`${locations.id} = any(${pgArray(ids)}::int[])`));
    },
    async count(clientId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(locations).where(eq(locations.clientId, clientId));
      return row?.n ?? 0;
    },
    async insertMany(values: NewLocation[]): Promise<LocationRow[]> {
      if (values.length === 0) return [];
      return db.insert(locations).values(values).returning();
    },
    async update(
      clientId: number,
      id: number,
      values: Partial<NewLocation>,
    ): Promise<LocationRow | undefined> {
      const [row] = await db.update(locations).set(values).where(inClient(clientId, id)).returning();
      return row;
    },
    async remove(clientId: number, id: number): Promise<void> {
      await db.delete(locations).where(inClient(clientId, id));
    },
    /** Deletes the account's locations among `ids` in one statement; answers how many. */
    async removeMany(clientId: number, ids: readonly number[]): Promise<number> {
      const removed = await db
        .delete(locations)
        .where(and(eq(locations.clientId, clientId), inArray(locations.id, [...ids])))
        .returning({ id: locations.id });
      return removed.length;
    },
    /** How many of `ids` are locations of the account. */
    async countAmong(clientId: number, ids: readonly number[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(locations)
        .where(and(eq(locations.clientId, clientId), inArray(locations.id, [...ids])));
      return row?.n ?? 0;
    },
    /**
     * Each candidate's identity (`SAME_LOCATION_KEYS` as one text) and whether the account has a
     * location with it already, by `seq`; read only.
     */
    async identify(clientId: number, candidates: readonly CheckedCandidate[]): Promise<CandidateIdentity[]> {
      if (candidates.length === 0) return [];
      return queryRows<CandidateIdentity>(
        db,
        sql`
        with ${candidatesAndSaved(clientId, candidates)}
        select c.seq, concat_ws(' ', c.name_key, c.latitude_key, c.longitude_key) as key,
               s.name_key is not null as saved
          from candidates c left join saved s using (name_key, latitude_key, longitude_key)
         order by c.seq`,
      );
    },
    /**
     * Inserts, in one statement, the candidates that are neither in the account already nor
     * repeat an earlier candidate (the first by `seq` wins); answers the `seq` and new id of each
     * row it inserted.
     */
    async insertNew(
      clientId: number,
      candidates: readonly ImportCandidate[],
      defaults: ImportDefaults,
    ): Promise<InsertedCandidate[]> {
      if (candidates.length === 0) return [];
      return queryRows<InsertedCandidate>(
        db,
        sql`
        with ${candidatesAndSaved(clientId, candidates)},
        firsts as (
          select distinct on (name_key, latitude_key, longitude_key) *
            from candidates order by name_key, latitude_key, longitude_key, seq
        ),
        fresh as (
          select f.* from firsts f left join saved s using (name_key, latitude_key, longitude_key)
           where s.name_key is null
        ),
        inserted as (
          insert into locations (client_id, name, category, latitude, longitude, h24_threshold, rapidrain_threshold,
                                 storm_threshold, inspection_rule, routine_cadence_days,
                                 atlas14_threshold, atlas14_source, status, active, data_start_date, routine_since)
          select ${clientId}, name, category, latitude, longitude, "h24Threshold", "rapidrainThreshold",
                 "stormThreshold", "inspectionRule", "routineCadenceDays",
                 "atlas14Threshold", "atlas14Source", ${defaults.status}, ${defaults.active}, ${defaults.dataStartDate}::date,
                 ${defaults.routineSince.toISOString()}::timestamptz
            from fresh order by seq
          returning id, ${SAME_LOCATION_KEYS}
        )
        select f.seq, i.id from inserted i
          join fresh f using (name_key, latitude_key, longitude_key)
         order by f.seq`,
      );
    },
  };
}

export type LocationsRepository = ReturnType<typeof createLocationsRepository>;

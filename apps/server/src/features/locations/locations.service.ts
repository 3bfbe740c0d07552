import { checkLocationRow, type ImportResult, type LocationImportRow } from '@pluvio/shared/csv-import';
import { levelAllows } from '@pluvio/shared/gates';
import type { Paging } from '@pluvio/shared/lists';
import {
  DEFAULT_THRESHOLD,
  LOCATION_MESSAGES,
  type LocationCreate,
  type LocationPatch,
  normalizeLongitude,
} from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import { canAddLocation } from '@pluvio/shared/permissions';
import { monthlyPriceChange } from '@pluvio/shared/plans';
import { QUOTA_MESSAGES } from '@pluvio/shared/quotas';
import type { TierNumber } from '@pluvio/shared/tiers';
import { lockAccountQuota } from '../../db/account-lock';
import type { AppDb } from '../../db/client';
import { retryOnDeadlock } from '../../db/pg-errors';
import { noReadCache, type ReadCache, tablesIn } from '../../db/read-cache';
import type { Clock } from '../../lib/clock';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors';
import { requireImportSize, requireValidRows } from '../../lib/import-checks';
import { inBatches } from '../../lib/in-batches';
import { productDate } from '../../lib/time';
import { type AccountAccess, requireManager } from '../accounts/accounts.access';
import * as assignmentsSchema from '../assignments/assignments.schema';
import type { AssignmentsService } from '../assignments/assignments.service';
import type { Atlas14Answer, Atlas14Service } from '../sources/atlas14.service';
import {
  type Atlas14Fill,
  type CheckedCandidate,
  createLocationsRepository,
  type ImportCandidate,
  type InsertedCandidate,
  type LocationPoint,
  type NewLocation,
} from './locations.repository';
import type { LocationRow } from './locations.schema';
import * as locationsSchema from './locations.schema';

export interface LocationsOptions {
  clock: Clock;
  timeZone: string;
  /** A plain contact sees only the locations assigned to it. */
  assignments: Pick<AssignmentsService, 'locationsOfContact' | 'isAssigned' | 'assignedAmong'>;
  /** NOAA Atlas 14 depths for every location, old and new (D7). */
  atlas14: Pick<Atlas14Service, 'sourceName' | 'answerAtOnce' | 'answer'>;
  /** Wakes the Atlas 14 fill job after a location was saved whose depths only the network can give. */
  onAtlas14Pending?: () => Promise<void>;
  /** Told after an account gains or loses locations (its subscription's quantity follows the count). */
  onCountChanged?: (clientId: number) => Promise<void>;
  /** LOCATIONS_PER_ACCOUNT and ROWS_PER_IMPORT (issue 24). */
  limits: LocationLimits;
  /** Keeps who may see which locations between requests (none: read every time, as in a transaction). */
  readCache?: ReadCache;
}

export interface LocationLimits {
  perAccount: number;
  rowsPerImport: number;
}

/** What the visible ids are read from. */
const VISIBILITY_READS = tablesIn(locationsSchema, assignmentsSchema);

/** The first location of a new account (sign-up, spec part 2 §4 "Provisioning"). */
export interface FirstLocation {
  name: string;
  latitude: number;
  longitude: number;
  h24_threshold: number;
  rapidrain_threshold?: number | null;
}

/** Locations awaiting Atlas 14 depths are read this many at a time. */
const ATLAS14_BATCH = 500;
/** Answers are stored after this many locations, so a long run's work is kept as it goes. */
const ATLAS14_STORE_EVERY = 20;
/** A fill run stops after this long (the job runs every minute and goes on where it stopped). */
const ATLAS14_RUN_MS = 50_000;
/** Failures in a row that mean the source is down, not that one point is odd: the run stops. */
const ATLAS14_FAILURES_IN_A_ROW = 3;
/**
 * Import rows written per transaction, and locations deleted per statement: on the embedded
 * database one long transaction holds every other request's queries (docs/ARCHITECTURE.md,
 * "Heavy work off the request thread").
 */
const IMPORT_BATCH = 250;
const DELETE_BATCH = 25;

/** The stored form of a source's answer, or none yet (asked in the background). */
const atlas14Columns = (answer: Atlas14Answer | undefined) => ({
  atlas14Threshold: answer?.depths ?? null,
  atlas14Source: answer?.source ?? null,
});

/** Saved coordinates are compared after a round trip through JSON and the schema. */
const COORDINATE_TOLERANCE = 1e-9;

const locationNotFound = () => notFound(LOCATION_MESSAGES.notFound);

/** Below silver the RapidRain threshold is the 24-hour one; a different one is refused. */
function requireRapidrainAllowed(access: AccountAccess, h24: number, rapidrain: number | undefined): void {
  if (rapidrain !== undefined && rapidrain !== h24 && !levelAllows(access.tier, 'rapidrainThreshold')) {
    throw forbidden(MESSAGES.tierTooLow);
  }
}

/** Coordinates of a saved location cannot change (the form shows them disabled). */
function requireSameCoordinates(saved: LocationRow, patch: LocationPatch): void {
  for (const field of ['latitude', 'longitude'] as const) {
    const sent = patch[field];
    if (sent !== undefined && Math.abs(sent - saved[field]) > COORDINATE_TOLERANCE) {
      throw invalidField(['body', field], LOCATION_MESSAGES.coordinatesLocked);
    }
  }
}

/** The new 24-hour and RapidRain thresholds of a patch, with the tier rule applied. */
function patchedThresholds(access: AccountAccess, saved: LocationRow, patch: LocationPatch) {
  const h24 = patch.h24_threshold ?? saved.h24Threshold;
  requireRapidrainAllowed(access, h24, patch.rapidrain_threshold);
  if (patch.rapidrain_threshold !== undefined) {
    return { h24Threshold: h24, rapidrainThreshold: patch.rapidrain_threshold };
  }
  const follows = patch.h24_threshold !== undefined && !levelAllows(access.tier, 'rapidrainThreshold');
  return follows ? { h24Threshold: h24, rapidrainThreshold: h24 } : { h24Threshold: h24 };
}

/** The import's rows as candidates to insert; a row against the CSV rules refuses the whole import (422). */
function checkImportRows(rows: LocationImportRow[]) {
  return requireValidRows(rows, (source, seq) => {
    const message = checkLocationRow(source);
    if (message) return message;
    const candidate: CheckedCandidate = {
      seq,
      name: source.name.trim(),
      latitude: source.latitude,
      longitude: normalizeLongitude(source.longitude),
      h24Threshold: source.h24_threshold,
      rapidrainThreshold: source.rapidrain_threshold,
    };
    return { source, candidate };
  });
}

/** Locations of an account (spec part 2 §3, §5, §6): reading, the location form and CSV import. */
export function createLocationsService(db: AppDb, options: LocationsOptions) {
  const repository = createLocationsRepository(db);
  const { clock, timeZone, assignments, atlas14, limits, readCache = noReadCache } = options;

  /**
   * The ids of the locations the caller may see (all of the account's, or a plain contact's own),
   * kept until locations or assignments change: a dashboard's checks of 250 ids cost no query.
   */
  function visibleIds(access: AccountAccess): Promise<ReadonlySet<number>> {
    const contactId = access.relation === 'contact' ? access.contactId : undefined;
    if (contactId === null) return Promise.resolve(new Set());
    const key = `visible-locations:${access.client.id}:${contactId ?? 'all'}`;
    return readCache.read(key, VISIBILITY_READS, async () => {
      const inClient = await repository.allIdsInClient(access.client.id);
      return new Set(
        contactId === undefined ? inClient : await assignments.assignedAmong(contactId, inClient),
      );
    });
  }
  const countChanged = (clientId: number) => options.onCountChanged?.(clientId);
  /** New locations have data from the day they are added, in the product time zone (D2). */
  const newLocationDefaults = () => ({
    status: 'active',
    active: true,
    dataStartDate: productDate(clock.now(), timeZone),
  });

  /** The save stands whatever happens here: the fill job's minute run finds the location anyway. */
  async function wakeAtlas14Fill(): Promise<void> {
    await options.onAtlas14Pending?.().catch(() => undefined);
  }

  /**
   * Runs `write` in one transaction under the account's quota lock and checks the count it
   * leaves: over LOCATIONS_PER_ACCOUNT the transaction rolls back, so nothing is added.
   */
  async function withinLocationLimit<T>(
    clientId: number,
    refusal: (before: number) => string,
    write: (repository: ReturnType<typeof createLocationsRepository>) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      await lockAccountQuota(tx, clientId);
      const txRepository = createLocationsRepository(tx);
      const before = await txRepository.count(clientId);
      const written = await write(txRepository);
      if ((await txRepository.count(clientId)) > limits.perAccount) throw conflict(refusal(before));
      return written;
    });
  }

  /**
   * Deletes the account's locations among `ids` a batch per statement, so no transaction holds
   * the database long (their rainfall goes with them by cascade); answers how many.
   */
  async function removeInBatches(clientId: number, ids: readonly number[]): Promise<number> {
    let removed = 0;
    for (const batch of inBatches(ids, DELETE_BATCH)) {
      // A worker writing these locations' rainfall locks its rows in the cascade's opposite order.
      removed += await retryOnDeadlock(() => repository.removeMany(clientId, batch));
    }
    return removed;
  }

  /**
   * Writes an import's new rows IMPORT_BATCH per transaction, each under the quota lock, so the
   * account never passes LOCATIONS_PER_ACCOUNT even when it gains locations between two batches.
   * A file is all or nothing: when a batch fails, the batches written before it are deleted again
   * and the failure is thrown. Answers the `seq` of the rows written.
   */
  async function insertImport(clientId: number, fresh: ImportCandidate[]): Promise<Set<number>> {
    const written: InsertedCandidate[] = [];
    const defaults = newLocationDefaults();
    // The account's count without this file, and what the whole file adds, as one request says it.
    const refusal = (before: number) =>
      QUOTA_MESSAGES.locationImportLimit(before - written.length, fresh.length, limits.perAccount);
    try {
      for (const batch of inBatches(fresh, IMPORT_BATCH)) {
        const inserted = await withinLocationLimit(clientId, refusal, (txRepository) =>
          txRepository.insertNew(clientId, batch, defaults),
        );
        written.push(...inserted);
      }
    } catch (error) {
      await removeInBatches(
        clientId,
        written.map(({ id }) => id),
      );
      throw error;
    }
    return new Set(written.map(({ seq }) => seq));
  }

  /**
   * The candidates neither in the account nor repeating an earlier one, read IMPORT_BATCH at a
   * time so that no read of a long file holds the database long.
   */
  async function freshAmong(clientId: number, candidates: CheckedCandidate[]): Promise<CheckedCandidate[]> {
    const seen = new Set<string>();
    const freshSeqs = new Set<number>();
    for (const batch of inBatches(candidates, IMPORT_BATCH)) {
      for (const { seq, key, saved } of await repository.identify(clientId, batch)) {
        if (!saved && !seen.has(key)) freshSeqs.add(seq);
        seen.add(key);
      }
    }
    return candidates.filter(({ seq }) => freshSeqs.has(seq));
  }

  /**
   * What an import would do, read only: the account's count and the candidates it has not
   * (nor an earlier row of the file). Refused whole (409) past LOCATIONS_PER_ACCOUNT.
   */
  async function planImport(clientId: number, candidates: CheckedCandidate[]) {
    const before = await repository.count(clientId);
    const fresh = await freshAmong(clientId, candidates);
    if (before + fresh.length > limits.perAccount) {
      throw conflict(QUOTA_MESSAGES.locationImportLimit(before, fresh.length, limits.perAccount));
    }
    return { before, fresh };
  }

  /** The rows to add with their depths, where the source answers at once. */
  function withAtlas14(candidates: readonly CheckedCandidate[]): Promise<ImportCandidate[]> {
    return Promise.all(
      candidates.map(async (candidate) => ({
        ...candidate,
        ...atlas14Columns(await atlas14.answerAtOnce(candidate)),
      })),
    );
  }

  /** Adds an import's new rows (all or none) and tells who follows the account's locations; answers the `seq` of those added. */
  async function importFresh(clientId: number, fresh: readonly CheckedCandidate[]): Promise<Set<number>> {
    const candidates = await withAtlas14(fresh);
    const added = await insertImport(clientId, candidates);
    if (added.size === 0) return added;
    await countChanged(clientId);
    if (candidates.some((candidate) => !candidate.atlas14Source)) await wakeAtlas14Fill();
    return added;
  }

  async function requireInClient(clientId: number, id: number): Promise<LocationRow> {
    const row = await repository.find(clientId, id);
    if (!row) throw locationNotFound();
    return row;
  }

  return {
    /** Inserts prepared rows as they are (demo data). */
    createMany: repository.insertMany,
    countInClient: repository.count,
    findInClient: repository.find,
    /** The account's locations among `ids` (a report's locations, read at once). */
    findManyInClient: repository.findMany,
    allIdsInClient: repository.allIdsInClient,
    /** Every location of every account (rainfall ingestion). */
    allPoints: repository.allPoints,

    /** The locations the caller may see, by name: all of the account's, or a plain contact's own. */
    async listVisible(access: AccountAccess, paging: Paging): Promise<LocationRow[]> {
      if (access.relation !== 'contact') return repository.list(access.client.id, paging);
      if (access.contactId === null) return [];
      return assignments.locationsOfContact(access.client.id, access.contactId, paging);
    },

    async findVisible(access: AccountAccess, id: number): Promise<LocationRow> {
      const row = await requireInClient(access.client.id, id);
      if (access.relation === 'contact') {
        const assigned = access.contactId !== null && (await assignments.isAssigned(access.contactId, id));
        if (!assigned) throw locationNotFound();
      }
      return row;
    },

    /** Refuses the whole list when any id is not one the caller may see (distinct ids). */
    async requireVisible(access: AccountAccess, ids: readonly number[]): Promise<void> {
      const visible = await visibleIds(access);
      if (!ids.every((id) => visible.has(id))) throw locationNotFound();
    },

    async create(access: AccountAccess, input: LocationCreate): Promise<LocationRow> {
      requireManager(access);
      const facts = {
        tier: access.tier,
        is_trial_account: access.client.isTrialAccount,
        locations_count: await repository.count(access.client.id),
      };
      if (!canAddLocation(facts)) throw forbidden(LOCATION_MESSAGES.trialLimit);
      const h24 = input.h24_threshold ?? DEFAULT_THRESHOLD;
      requireRapidrainAllowed(access, h24, input.rapidrain_threshold);
      const values: NewLocation = {
        ...newLocationDefaults(),
        clientId: access.client.id,
        name: input.name,
        latitude: input.latitude,
        longitude: input.longitude,
        h24Threshold: h24,
        rapidrainThreshold: input.rapidrain_threshold ?? h24,
        ...atlas14Columns(await atlas14.answerAtOnce(input)),
      };
      const [row] = await withinLocationLimit(
        access.client.id,
        () => QUOTA_MESSAGES.locationLimit(limits.perAccount),
        (txRepository) => txRepository.insertMany([values]),
      );
      if (!row) throw new Error('location insert returned nothing');
      if (row.atlas14Source === null) await wakeAtlas14Fill();
      await countChanged(access.client.id);
      return row;
    },

    /**
     * The first location of an account just opened at `tier`: its own RapidRain threshold only at
     * gold or silver, otherwise the 24-hour one (D6).
     */
    async createFirst(clientId: number, tier: TierNumber, input: FirstLocation): Promise<LocationRow> {
      const ownRapidrain = levelAllows(tier, 'rapidrainThreshold') ? input.rapidrain_threshold : null;
      const [row] = await repository.insertMany([
        {
          ...newLocationDefaults(),
          clientId,
          name: input.name,
          latitude: input.latitude,
          longitude: input.longitude,
          h24Threshold: input.h24_threshold,
          rapidrainThreshold: ownRapidrain ?? input.h24_threshold,
          ...atlas14Columns(await atlas14.answerAtOnce(input)),
        },
      ]);
      if (!row) throw new Error('location insert returned nothing');
      if (row.atlas14Source === null) await wakeAtlas14Fill();
      return row;
    },

    async update(access: AccountAccess, id: number, patch: LocationPatch): Promise<LocationRow> {
      requireManager(access);
      const saved = await requireInClient(access.client.id, id);
      requireSameCoordinates(saved, patch);
      const values: Partial<NewLocation> = {
        ...patchedThresholds(access, saved, patch),
        updatedAt: clock.now(),
      };
      if (patch.name !== undefined) values.name = patch.name;
      const row = await repository.update(access.client.id, id, values);
      if (!row) throw locationNotFound();
      return row;
    },

    async remove(access: AccountAccess, id: number): Promise<void> {
      requireManager(access);
      await requireInClient(access.client.id, id);
      if (!levelAllows(access.tier, 'locationDelete')) throw forbidden(MESSAGES.tierTooLow);
      // A worker writing this location's rainfall locks its rows in the cascade's opposite order.
      await retryOnDeadlock(() => repository.remove(access.client.id, id));
      await countChanged(access.client.id);
    },

    /**
     * Deletes many of the account's locations at once (Settings > Locations, Delete selected),
     * in short batches: an id that is not the account's answers 404 and nothing is deleted.
     */
    async removeMany(access: AccountAccess, ids: readonly number[]): Promise<number> {
      requireManager(access);
      if (!levelAllows(access.tier, 'locationDelete')) throw forbidden(MESSAGES.tierTooLow);
      const unique = [...new Set(ids)];
      if ((await repository.countAmong(access.client.id, unique)) !== unique.length) throw locationNotFound();
      const removed = await removeInBatches(access.client.id, unique);
      await countChanged(access.client.id);
      return removed;
    },

    /**
     * CSV bulk import (spec part 2 §5): each row is checked again and any bad row refuses the
     * file whole; the rows are added unless the account has them already or the file repeats
     * them, in short transactions, all or none. A file over ROWS_PER_IMPORT rows, or one that
     * would take the account over LOCATIONS_PER_ACCOUNT, adds nothing. A preview answers the
     * same from reads alone.
     */
    async importRows(
      access: AccountAccess,
      rows: LocationImportRow[],
      preview = false,
    ): Promise<ImportResult> {
      requireManager(access);
      if (!levelAllows(access.tier, 'locationBulkUpload')) throw forbidden(MESSAGES.tierTooLow);
      if (access.client.isTrialAccount) throw forbidden(LOCATION_MESSAGES.trialLimit);
      requireImportSize(rows.length, limits.rowsPerImport);
      const checked = checkImportRows(rows);
      const { before, fresh } = await planImport(
        access.client.id,
        checked.map(({ candidate }) => candidate),
      );
      const added = preview
        ? new Set(fresh.map(({ seq }) => seq))
        : await importFresh(access.client.id, fresh);
      return {
        created: added.size,
        existing: checked
          .filter(({ candidate }) => !added.has(candidate.seq))
          .map(({ source }) => ({ row: source.row, name: source.name })),
        monthly_price: monthlyPriceChange(access.client, before, before + added.size),
      };
    },

    /**
     * Gives every location that the configured frequency source has not answered for its
     * answer: depths, or none outside Atlas 14 (at start, every minute, after a location is
     * saved, after the demo seed). Locations whose depths came from another source keep them
     * until then. A location the source fails for is left for the next run; a run stops after
     * ATLAS14_FAILURES_IN_A_ROW failures in a row (an outage) or after ATLAS14_RUN_MS.
     * Answers how many locations it filled, and the last failure.
     */
    async fillAtlas14(): Promise<{ filled: number; failure: string | null }> {
      const started = Date.now();
      const fills: Atlas14Fill[] = [];
      let filled = 0;
      let failure: string | null = null;
      let failuresInARow = 0;
      const goesOn = () =>
        Date.now() - started <= ATLAS14_RUN_MS && failuresInARow < ATLAS14_FAILURES_IN_A_ROW;
      const store = async () => {
        filled += fills.length;
        await repository.fillAtlas14(fills.splice(0));
      };
      let batch = await repository.awaitingAtlas14(atlas14.sourceName, 0, ATLAS14_BATCH);
      while (batch.length > 0 && goesOn()) {
        for (const location of batch) {
          if (!goesOn()) break;
          try {
            const answer = await atlas14.answer(location);
            fills.push({ id: location.id, atlas14Threshold: answer.depths, atlas14Source: answer.source });
            failuresInARow = 0;
          } catch (error) {
            failure = error instanceof Error ? error.message : String(error);
            failuresInARow += 1;
          }
          if (fills.length >= ATLAS14_STORE_EVERY) await store();
        }
        const after = batch[batch.length - 1]?.id ?? 0;
        batch = goesOn() ? await repository.awaitingAtlas14(atlas14.sourceName, after, ATLAS14_BATCH) : [];
      }
      await store();
      return { filled, failure };
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
export type { LocationPoint };

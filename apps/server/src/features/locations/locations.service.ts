import type { ImportResult, LocationImportRow } from '@pluvio/shared/csv-import';
import { levelAllows } from '@pluvio/shared/gates';
import type { Paging } from '@pluvio/shared/lists';
import {
  DEFAULT_THRESHOLD,
  LOCATION_MESSAGES,
  type LocationCreate,
  type LocationPatch,
} from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import { canAddLocation } from '@pluvio/shared/permissions';
import { monthlyPriceChange } from '@pluvio/shared/plans';
import { QUOTA_MESSAGES } from '@pluvio/shared/quotas';
import type { TierNumber } from '@pluvio/shared/tiers';
import { type AccountAccess, requireManager } from '../../core/access';
import type { AppDb } from '../../core/db/client';
import { retryOnDeadlock } from '../../core/db/pg-errors';
import { noReadCache, type ReadCache } from '../../core/db/read-cache';
import type { Clock } from '../../core/lib/clock';
import { forbidden, notFound } from '../../core/lib/errors';
import { requireImportSize } from '../../core/lib/import-checks';
import { productDate } from '../../core/lib/time';
import type { LocationRow } from '../../core/tables/locations';
import type { AssignmentsService } from '../assignments';
import { type Atlas14Service, createAtlas14Fill } from '../atlas14';
import { createLocationBatches, type LocationLimits } from './location-batches';
import { createLocationFavourites } from './location-favourites.service';
import {
  atlas14Columns,
  checkImportRows,
  patchedThresholds,
  requireRapidrainAllowed,
  requireSameCoordinates,
  routineRestart,
  stormColumns,
} from './location-rules';
import {
  type CheckedCandidate,
  createLocationsRepository,
  type ImportCandidate,
  type NewLocation,
} from './locations.repository';

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

/** The first location of a new account (sign-up, spec part 2 §4 "Provisioning"). */
export interface FirstLocation {
  name: string;
  latitude: number;
  longitude: number;
  h24_threshold: number;
  rapidrain_threshold?: number | null;
}

const locationNotFound = () => notFound(LOCATION_MESSAGES.notFound);

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
    return readCache.read(key, async () => {
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
    routineSince: clock.now(),
  });

  /** The save stands whatever happens here: the fill job's minute run finds the location anyway. */
  async function wakeAtlas14Fill(): Promise<void> {
    await options.onAtlas14Pending?.().catch(() => undefined);
  }

  const { withinLocationLimit, removeInBatches, insertImport, planImport } = createLocationBatches(
    db,
    repository,
    limits,
  );

  /** The rows to add with the account's storm threshold where they give none, and their depths where the source answers at once. */
  function importCandidates(
    candidates: readonly CheckedCandidate[],
    stormThreshold: number,
  ): Promise<ImportCandidate[]> {
    return Promise.all(
      candidates.map(async (candidate) => ({
        ...candidate,
        stormThreshold: candidate.stormThreshold ?? stormThreshold,
        ...atlas14Columns(await atlas14.answerAtOnce(candidate)),
      })),
    );
  }

  /** Adds an import's new rows (all or none) and tells who follows the account's locations; answers the `seq` of those added. */
  async function importFresh(
    clientId: number,
    fresh: readonly CheckedCandidate[],
    stormThreshold: number,
  ): Promise<Set<number>> {
    const candidates = await importCandidates(fresh, stormThreshold);
    const added = await insertImport(clientId, candidates, newLocationDefaults());
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

  async function findVisible(access: AccountAccess, id: number): Promise<LocationRow> {
    const row = await requireInClient(access.client.id, id);
    if (access.relation === 'contact') {
      const assigned = access.contactId !== null && (await assignments.isAssigned(access.contactId, id));
      if (!assigned) throw locationNotFound();
    }
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

    findVisible,

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
        category: input.category ?? null,
        latitude: input.latitude,
        longitude: input.longitude,
        h24Threshold: h24,
        rapidrainThreshold: input.rapidrain_threshold ?? h24,
        ...stormColumns(input),
        stormThreshold: input.storm_threshold ?? access.client.stormThreshold,
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
        ...stormColumns(patch),
        ...routineRestart(saved, patch, clock.now()),
        updatedAt: clock.now(),
      };
      if (patch.name !== undefined) values.name = patch.name;
      if (patch.category !== undefined) values.category = patch.category;
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
        : await importFresh(access.client.id, fresh, access.client.stormThreshold);
      return {
        created: added.size,
        existing: checked
          .filter(({ candidate }) => !added.has(candidate.seq))
          .map(({ source }) => ({ row: source.row, name: source.name })),
        monthly_price: monthlyPriceChange(access.client, before, before + added.size),
      };
    },

    fillAtlas14: createAtlas14Fill(repository, atlas14),
    /** The caller's starred locations (the list pickers' favourites). */
    favourites: createLocationFavourites(db, { findVisible, visibleIds }),
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;

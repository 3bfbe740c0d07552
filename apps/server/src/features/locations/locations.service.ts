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
import type { TierNumber } from '@pluvio/shared/tiers';
import type { AppDb } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { forbidden, invalidField, notFound } from '../../lib/errors';
import { productDate } from '../../lib/time';
import { type AccountAccess, requireManager } from '../accounts/accounts.access';
import type { AssignmentsService } from '../assignments/assignments.service';
import type { FrequencySource } from '../sources/sources';
import {
  type Atlas14Fill,
  createLocationsRepository,
  type ImportCandidate,
  type LocationPoint,
  type NewLocation,
} from './locations.repository';
import type { LocationRow } from './locations.schema';

export interface LocationsOptions {
  clock: Clock;
  timeZone: string;
  /** A plain contact sees only the locations assigned to it. */
  assignments: Pick<AssignmentsService, 'locationsOfContact' | 'isAssigned' | 'assignedAmong'>;
  /** NOAA Atlas 14 depths for every location, old and new (D7). */
  frequency: Pick<FrequencySource, 'depthsAt'>;
  /** Told after an account gains or loses locations (its subscription's quantity follows the count). */
  onCountChanged?: (clientId: number) => Promise<void>;
}

/** The first location of a new account (sign-up, spec part 2 §4 "Provisioning"). */
export interface FirstLocation {
  name: string;
  latitude: number;
  longitude: number;
  h24_threshold: number;
  rapidrain_threshold?: number | null;
}

/** Locations without Atlas 14 depths are filled this many per statement. */
const ATLAS14_BATCH = 5000;

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

/** The import's rows that pass the CSV rules, each with the candidate to insert, and the others' errors. */
function checkImportRows(rows: LocationImportRow[]) {
  const valid: { source: LocationImportRow; candidate: Omit<ImportCandidate, 'atlas14Threshold'> }[] = [];
  const errors: ImportResult['errors'] = [];
  rows.forEach((source, seq) => {
    const message = checkLocationRow(source);
    if (message) {
      errors.push({ row: source.row, name: source.name, message });
      return;
    }
    valid.push({
      source,
      candidate: {
        seq,
        name: source.name.trim(),
        latitude: source.latitude,
        longitude: normalizeLongitude(source.longitude),
        h24Threshold: source.h24_threshold,
        rapidrainThreshold: source.rapidrain_threshold,
      },
    });
  });
  return { valid, errors };
}

/** Locations of an account (spec part 2 §3, §5, §6): reading, the location form and CSV import. */
export function createLocationsService(db: AppDb, options: LocationsOptions) {
  const repository = createLocationsRepository(db);
  const { clock, timeZone, assignments, frequency } = options;
  const countChanged = (clientId: number) => options.onCountChanged?.(clientId);
  /** New locations have data from the day they are added, in the product time zone (D2). */
  const newLocationDefaults = () => ({
    status: 'active',
    active: true,
    dataStartDate: productDate(clock.now(), timeZone),
  });

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
      const inClient = await repository.idsInClient(access.client.id, ids);
      const visible =
        access.relation !== 'contact'
          ? inClient
          : access.contactId === null
            ? []
            : await assignments.assignedAmong(access.contactId, inClient);
      if (visible.length !== ids.length) throw locationNotFound();
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
      const [row] = await repository.insertMany([
        {
          ...newLocationDefaults(),
          clientId: access.client.id,
          name: input.name,
          latitude: input.latitude,
          longitude: input.longitude,
          h24Threshold: h24,
          rapidrainThreshold: input.rapidrain_threshold ?? h24,
          atlas14Threshold: await frequency.depthsAt(input),
        },
      ]);
      if (!row) throw new Error('location insert returned nothing');
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
          atlas14Threshold: await frequency.depthsAt(input),
        },
      ]);
      if (!row) throw new Error('location insert returned nothing');
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
      await repository.remove(access.client.id, id);
      await countChanged(access.client.id);
    },

    /**
     * CSV bulk import (spec part 2 §5): each row is checked again; valid rows are added in one
     * statement unless the account has them already or the file repeats them.
     */
    async importRows(access: AccountAccess, rows: LocationImportRow[]): Promise<ImportResult> {
      requireManager(access);
      if (!levelAllows(access.tier, 'locationBulkUpload')) throw forbidden(MESSAGES.tierTooLow);
      if (access.client.isTrialAccount) throw forbidden(LOCATION_MESSAGES.trialLimit);
      const { valid, errors } = checkImportRows(rows);
      const candidates = await Promise.all(
        valid.map(async ({ candidate }) => ({
          ...candidate,
          atlas14Threshold: await frequency.depthsAt(candidate),
        })),
      );
      const inserted = new Set(
        await repository.insertNew(access.client.id, candidates, newLocationDefaults()),
      );
      if (inserted.size > 0) await countChanged(access.client.id);
      const existing = valid
        .filter(({ candidate }) => !inserted.has(candidate.seq))
        .map(({ source }) => ({ row: source.row, name: source.name }));
      return { created: inserted.size, existing, errors };
    },

    /**
     * Gives every location without NOAA Atlas 14 depths the frequency source's (at start-up and
     * after the demo seed); locations outside Atlas 14 coverage stay without. Answers how many.
     */
    async fillMissingAtlas14(): Promise<number> {
      let filled = 0;
      let after = 0;
      for (;;) {
        const batch = await repository.withoutAtlas14(after, ATLAS14_BATCH);
        if (batch.length === 0) return filled;
        after = batch[batch.length - 1]?.id ?? after;
        const fills: Atlas14Fill[] = [];
        for (const location of batch) {
          const depths = await frequency.depthsAt(location);
          if (depths) fills.push({ id: location.id, atlas14Threshold: depths });
        }
        await repository.fillAtlas14(fills);
        filled += fills.length;
      }
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
export type { LocationPoint };

import { QUOTA_MESSAGES } from '@pluvio/shared/quotas';
import { lockAccountQuota } from '../../core/db/account-lock';
import type { AppDb } from '../../core/db/client';
import { retryOnDeadlock } from '../../core/db/pg-errors';
import { conflict } from '../../core/lib/errors';
import { inBatches } from '../../core/lib/in-batches';
import {
  type CheckedCandidate,
  createLocationsRepository,
  type ImportCandidate,
  type ImportDefaults,
  type InsertedCandidate,
  type LocationsRepository,
} from './locations.repository';

export interface LocationLimits {
  perAccount: number;
  rowsPerImport: number;
}

/**
 * Import rows written per transaction, and locations deleted per statement: on the embedded
 * database one long transaction holds every other request's queries (docs/ARCHITECTURE.md,
 * "Heavy work off the request thread").
 */
const IMPORT_BATCH = 250;
const DELETE_BATCH = 25;

/**
 * The account's location writes in short transactions and batches (issue 24): single writes and
 * import batches under the quota lock with LOCATIONS_PER_ACCOUNT checked, the import's reads and
 * bulk deletes a batch at a time.
 */
export function createLocationBatches(db: AppDb, repository: LocationsRepository, limits: LocationLimits) {
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
  async function insertImport(
    clientId: number,
    fresh: ImportCandidate[],
    defaults: ImportDefaults,
  ): Promise<Set<number>> {
    const written: InsertedCandidate[] = [];
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

  return { withinLocationLimit, removeInBatches, insertImport, planImport };
}

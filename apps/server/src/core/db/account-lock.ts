import { sql } from 'drizzle-orm';
import type { AppDb } from './client';

/** First key of the two-key pg_advisory_xact_lock taken per account while a counted write checks its quota. */
const ACCOUNT_QUOTA_LOCK_CLASS = 7_346_005;

/**
 * Holds the account's quota lock until the transaction `tx` ends: writes that count against one
 * of the account's limits (locations, report tasks) take turns, so two at once cannot both
 * pass a check that only one of them fits.
 */
export async function lockAccountQuota(tx: AppDb, clientId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_QUOTA_LOCK_CLASS}, ${clientId}::int)`);
}

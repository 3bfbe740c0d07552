import { eq } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import { randomToken } from '../../core/lib/tokens';
import { appSecrets } from '../../core/tables/system';

/**
 * Returns the named secret, creating it on first use. Every process sharing the database reads
 * the same value, so tokens signed by one are accepted by the others.
 */
export async function installationSecret(db: AppDb, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}

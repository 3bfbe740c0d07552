import type { SQL } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config';
import { migrateDatabase } from '../apps/server/src/core/db/migrate';
import { openScratchDatabase } from '../apps/server/src/core/db/scratch';
import { createRainfallRepository } from '../apps/server/src/features/rainfall/rainfall.repository';
import { createServices } from '../apps/server/src/services';

export type Execute = (query: SQL) => Promise<unknown>;

/**
 * A migrated scratch database (PGlite, or PostgreSQL when `databaseUrl` is given) with the
 * services on a clock the benchmark moves (`clock.current`), a raw SQL runner for bulk set-up and
 * the rainfall repository.
 */
export async function openScratchServices(databaseUrl: string | undefined, start: Date) {
  const clock = { current: start, now: () => clock.current };
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
  const database = await openScratchDatabase(databaseUrl);
  await migrateDatabase(database);
  const services = await createServices({ config, database, clock, mailTransport: null });
  const execute: Execute = (query) => database.db.execute(query);
  return { clock, config, database, services, execute, repository: createRainfallRepository(database.db) };
}

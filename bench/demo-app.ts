import { loadConfig } from '../apps/server/src/config';
import { migrateDatabase } from '../apps/server/src/core/db/migrate';
import { openScratchDatabase } from '../apps/server/src/core/db/scratch';
import { seedDemoData } from '../apps/server/src/demo/seed';
import { createServices } from '../apps/server/src/services';

/**
 * A scratch database (PGlite, or PostgreSQL when `databaseUrl` is given) with the demo data and
 * the services on the real clock; sign-in is not rate limited, since benchmarks sign in often.
 */
export async function openDemoServices(databaseUrl: string | undefined, env: Record<string, string> = {}) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    TRIALS_PER_ADDRESS_PER_DAY: '1000000',
    SIGN_INS_PER_ADDRESS: '1000000',
    DATABASE_URL: databaseUrl,
    // Measured on this machine alone: no OpenStreetMap tiles.
    MAP_TILE_URL: 'none',
    ...env,
  });
  const database = await openScratchDatabase(databaseUrl);
  try {
    await migrateDatabase(database);
    const services = await createServices({
      config,
      database,
      clock: { now: () => new Date() },
      mailTransport: null,
    });
    await seedDemoData(services);
    return { database, services };
  } catch (error) {
    await database.close();
    throw error;
  }
}

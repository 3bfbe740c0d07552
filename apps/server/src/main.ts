import type { PgBoss } from 'pg-boss';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDemoData } from './demo/seed';
import { DELIVER_OUTBOX, notificationJobs } from './features/notifications/notifications.jobs';
import { registerJobs, startQueue } from './jobs/queue';
import { systemClock } from './lib/clock';
import { createServices, type Services } from './services';

const USAGE = `Usage: pluvio <command>
  start    API, web app, worker and scheduler in one process (default)
  serve    API and web app only (run workers separately; needs DATABASE_URL)
  worker   job worker and scheduler only
  migrate  apply database migrations and exit
  seed     write the demo data if it is not there, and exit`;

type Command = 'start' | 'serve' | 'worker' | 'migrate' | 'seed';

async function openRuntime(config: Config) {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateDatabase(database);
  let boss: PgBoss | undefined;
  const services = await createServices({
    config,
    database,
    clock: systemClock,
    onMailQueued: async () => {
      await boss?.send(DELIVER_OUTBOX, null);
    },
  });
  return { database, services, attachQueue: (queue: PgBoss) => (boss = queue) };
}

function allJobs(services: Services) {
  return [...notificationJobs(services.outbox)];
}

/** Demo data goes into a fresh embedded database by itself; on PostgreSQL only when asked. */
function seedsOnStart(config: Config, database: Database): boolean {
  return config.SEED_DEMO ?? database.kind === 'pglite';
}

async function run(command: Command): Promise<void> {
  const config = loadConfig();
  const { database, services, attachQueue } = await openRuntime(config);
  if (command === 'migrate') return database.close();
  if (command === 'seed') {
    const written = await seedDemoData(services);
    console.log(written ? 'Demo data written.' : 'Demo data already present.');
    return database.close();
  }
  if (command === 'start' && seedsOnStart(config, database)) await seedDemoData(services);

  const closers: (() => Promise<unknown>)[] = [];
  const withWorkers = command !== 'serve';
  const boss = await startQueue(database, withWorkers ? 'worker' : 'producer', (error) =>
    console.error('job queue error', error),
  );
  attachQueue(boss);
  await registerJobs(boss, allJobs(services), withWorkers);
  closers.push(() => boss.stop({ graceful: true, timeout: 10_000 }));

  if (command !== 'worker') {
    const app = await buildApp(services);
    await app.listen({ port: config.PORT, host: config.HOST });
    closers.unshift(() => app.close());
  } else {
    console.log('Pluvio worker running.');
  }

  const shutdown = async () => {
    for (const close of closers) await close().catch((error) => console.error(error));
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

const command = (process.argv[2] ?? 'start') as Command;
if (!['start', 'serve', 'worker', 'migrate', 'seed'].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}
run(command).catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

import { parseArgs } from 'node:util';
import type { PgBoss } from 'pg-boss';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { scheduleDemoStorm } from './demo/demo-storm';
import { seedDemoData } from './demo/seed';
import { alertJobs } from './features/alerts/alerts.jobs';
import { billingJobs, SYNC_SUBSCRIPTION_QUANTITY } from './features/billing/billing.jobs';
import { dailyReportJobs } from './features/daily-report/daily-report.jobs';
import { FILL_ATLAS14, locationJobs } from './features/locations/locations.jobs';
import { DELIVER_OUTBOX, notificationJobs } from './features/notifications/notifications.jobs';
import { rainfallJobs } from './features/rainfall/rainfall.jobs';
import { rateLimitJobs } from './features/rate-limits/rate-limits.jobs';
import { RENDER_REPORTS, reportJobs } from './features/reports/reports.jobs';
import { signupJobs } from './features/signups/signups.jobs';
import { queueCounts, registerJobs, startQueue } from './jobs/queue';
import { systemClock } from './lib/clock';
import { createServices, type Services } from './services';

const USAGE = `Usage: pluvio <command>
  start    API, web app, worker and scheduler in one process (default)
  serve    API and web app only (run workers separately; needs DATABASE_URL)
  worker   job worker and scheduler only
  migrate  apply database migrations and exit
  seed     write the demo data if it is not there, and exit
  ingest --from ISO --to ISO [--force]
           ingest rainfall for the intervals ending in (from, to], and exit;
           --force fetches and writes intervals already stored again`;

const COMMANDS = ['start', 'serve', 'worker', 'migrate', 'seed', 'ingest'] as const;
type Command = (typeof COMMANDS)[number];

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
    onReportQueued: async () => {
      await boss?.send(RENDER_REPORTS, null);
    },
    onSubscriptionQuantityChanged: async (clientId) => {
      await boss?.send(SYNC_SUBSCRIPTION_QUANTITY, { clientId });
    },
    onAtlas14Pending: async () => {
      await boss?.send(FILL_ATLAS14, null);
    },
    jobQueues: async () => (boss ? queueCounts(boss) : []),
  });
  return { database, services, attachQueue: (queue: PgBoss) => (boss = queue) };
}

function allJobs(services: Services) {
  return [
    ...notificationJobs(services.outbox, services.config.REPORT_FILE_DAYS),
    ...locationJobs(services.locations),
    ...rainfallJobs(services.ingestion, services.historyFill),
    ...alertJobs(services.alerts),
    ...dailyReportJobs(services.dailyReport),
    ...rateLimitJobs(services.rateLimits),
    ...reportJobs(services.reports),
    ...billingJobs(services.billing, services.trialNotices, services.config.TIME_ZONE),
    ...signupJobs(services.signups),
  ];
}

/** Demo data goes into a fresh embedded database by itself; on PostgreSQL only when asked. */
function seedsOnStart(config: Config, database: Database): boolean {
  return config.SEED_DEMO ?? database.kind === 'pglite';
}

/** The `ingest` command's options; an unreadable time stops with the usage text. */
function ingestArguments(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { from: { type: 'string' }, to: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  const from = new Date(values.from ?? '');
  const to = new Date(values.to ?? '');
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from >= to) {
    throw new ConfigError(`ingest needs --from and --to, ISO 8601 times with from before to\n\n${USAGE}`);
  }
  return { from, to, force: values.force };
}

async function ingest(services: Services, { from, to, force }: ReturnType<typeof ingestArguments>) {
  const started = Date.now();
  const report = await services.ingestion.ingestRange(from, to, force);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Ingested ${report.done} intervals (${report.rows} wet values) in ${seconds} s; ` +
      `${report.superseded} replaced by Pass 2, ${report.unpublished} not published yet, ${report.failed} failed.`,
  );
  if (report.failed > 0) process.exitCode = 1;
}

async function run(command: Command, args: string[]): Promise<void> {
  const config = loadConfig();
  const ingestOptions = command === 'ingest' ? ingestArguments(args) : null;
  const { database, services, attachQueue } = await openRuntime(config);
  if (command === 'migrate') return database.close();
  if (command === 'seed') {
    const written = await seedDemoData(services);
    console.log(written ? 'Demo data written.' : 'Demo data already present.');
    return database.close();
  }
  // A fresh installation has the demo data (and so locations to ingest rainfall for) at once.
  if ((command === 'start' || command === 'ingest') && seedsOnStart(config, database))
    await seedDemoData(services);
  await scheduleDemoStorm(services);
  if (ingestOptions) {
    await ingest(services, ingestOptions);
    return database.close();
  }
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
if (!COMMANDS.includes(command)) {
  console.error(USAGE);
  process.exit(2);
}
run(command, process.argv.slice(3)).catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

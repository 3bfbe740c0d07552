import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './core/db/client';
import { createLogger, logFormat } from './core/lib/log';
import { scheduleDemoStorm } from './demo/demo-storm';
import { seedDemoData } from './demo/seed';
import { openRuntime } from './runtime';
import { readyMessage, seedsOnStart, startServer } from './server';
import type { Services } from './services';

const USAGE = `Usage: pluvio <command>
  start    API, web app, worker and scheduler in one process (default; the worker
           and the embedded database each run in a thread of their own)
  serve    API and web app only (run workers separately; needs DATABASE_URL)
  worker   job worker and scheduler only
  migrate  apply database migrations and exit
  seed     write the demo data if it is not there, and exit
  ingest --from ISO --to ISO [--force]
           ingest rainfall for the intervals ending in (from, to], and exit;
           --force fetches and writes intervals already stored again`;

const COMMANDS = ['start', 'serve', 'worker', 'migrate', 'seed', 'ingest'] as const;
type Command = (typeof COMMANDS)[number];

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
  if (command === 'start' || command === 'serve' || command === 'worker') {
    // The job worker's and the database's threads have no terminal: they write as this one does.
    process.env.LOG_FORMAT = logFormat(config);
    const server = await startServer(command, config);
    const log = server.app?.log ?? createLogger(config);
    log.info(readyMessage(command, config, seedsOnStart(config, server.services.database)));
    const shutdown = async () => {
      await server.close();
      process.exit(0);
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
    return;
  }
  const ingestOptions = command === 'ingest' ? ingestArguments(args) : null;
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const { services } = await openRuntime(config, database);
  if (command === 'seed') {
    const written = await seedDemoData(services);
    console.log(written ? 'Demo data written.' : 'Demo data already present.');
  }
  if (ingestOptions) {
    if (seedsOnStart(config, database)) await seedDemoData(services);
    await scheduleDemoStorm(services);
    await ingest(services, ingestOptions);
  }
  await database.close();
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

import type { MessagePort } from 'node:worker_threads';
import { ROUTES } from '@pluvio/shared/navigation';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type Database, openDatabase, openDatabaseOverPort } from './core/db/client';
import { startDatabaseThread } from './core/db/pglite-thread';
import { registerJobs, startQueue } from './core/jobs/queue';
import { startWorkerThread } from './core/jobs/worker-thread';
import { DEMO_DOMAIN, DEMO_PASSWORD, DEMO_USERS } from './demo/demo-data';
import { scheduleDemoStorm } from './demo/demo-storm';
import { seedDemoData } from './demo/seed';
import { allJobs, openRuntime } from './runtime';
import type { Services } from './services';

/** What a long-running command runs: all in one, the API only, or the job worker only. */
export type ServerCommand = 'start' | 'serve' | 'worker';

/** Demo data goes into a fresh embedded database by itself; on PostgreSQL only when asked. */
export function seedsOnStart(config: Config, database: Database): boolean {
  return config.SEED_DEMO ?? database.kind === 'pglite';
}

/** What a person who just ran `npm start` needs next: where to go and how to sign in. */
export function readyMessage(command: ServerCommand, config: Config, demoData: boolean): string {
  if (command === 'worker') return 'Pluvio worker running.';
  const lines = [`Pluvio is ready on ${config.PUBLIC_URL}`];
  if (demoData) {
    const emails = DEMO_USERS.map((user) => `${user.email}@${DEMO_DOMAIN}`).join(', ');
    lines.push(
      `Demo sign-ins (password ${DEMO_PASSWORD}): ${emails}`,
      `Sent e-mail and texts: ${config.PUBLIC_URL}${ROUTES.mailViewer} (as admin@${DEMO_DOMAIN})`,
    );
  }
  if (command === 'start') {
    lines.push(
      `Rainfall of the last ${config.BACKFILL_DAYS} days is being fetched; the log says when it is done.`,
    );
  }
  return lines.join('\n  ');
}

type Closer = () => Promise<unknown>;

/**
 * The database of this process. `start` on the embedded database puts PGlite in a thread of its
 * own that the API thread and the job worker's thread both reach; the other commands open it here.
 */
async function openProcessDatabase(command: ServerCommand, config: Config) {
  if (command !== 'start' || config.DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    return { database, connect: null, closeThread: async () => {} };
  }
  const thread = await startDatabaseThread(config.DATA_DIR);
  return {
    database: openDatabaseOverPort(thread.connect()),
    connect: thread.connect,
    closeThread: thread.close,
  };
}

/** The job worker of `start` in its own thread; `worker` takes jobs here; `serve` only sends them. */
async function startJobs(command: ServerCommand, services: Services, connect: (() => MessagePort) | null) {
  const { database } = services;
  const takesJobs = command === 'worker';
  const boss = await startQueue(database, takesJobs ? 'worker' : 'producer', (error) =>
    console.error('job queue error', error),
  );
  const closers: Closer[] = [() => boss.stop({ graceful: true, timeout: 10_000 })];
  const workerThread =
    command === 'start'
      ? await startWorkerThread(connect ? { connect, changes: database.changes } : null)
      : null;
  if (workerThread) closers.unshift(() => workerThread.stop());
  await registerJobs(boss, allJobs(services), takesJobs);
  return { boss, workerThread, closers };
}

/**
 * Starts a long-running command: the database (the embedded one in its own thread for `start`),
 * the demo data on a fresh installation, the job queue with the worker (a thread of its own for
 * `start`) and the API. `close` stops them in order.
 */
export async function startServer(command: ServerCommand, config: Config) {
  const { database, connect, closeThread } = await openProcessDatabase(command, config);
  const { services, attachQueue } = await openRuntime(config, database);
  // A fresh installation has the demo data (and so locations to ingest rainfall for) at once.
  if (command === 'start' && seedsOnStart(config, database)) await seedDemoData(services);
  await scheduleDemoStorm(services);
  const { boss, workerThread, closers } = await startJobs(command, services, connect);
  attachQueue(boss);
  let app: FastifyInstance | null = null;
  if (command !== 'worker') {
    app = await buildApp(services);
    await app.listen({ port: config.PORT, host: config.HOST });
    closers.unshift(() => app?.close() ?? Promise.resolve());
  }
  return {
    app,
    services,
    workerThread,
    async close() {
      for (const close of closers) await close().catch((error) => console.error(error));
      await database.close();
      await closeThread();
    },
  };
}

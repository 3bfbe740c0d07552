import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabaseOverPort } from '../core/db/client';
import { migrateDatabase } from '../core/db/migrate';
import { startDatabaseThread } from '../core/db/pglite-thread';
import { openScratchDatabase } from '../core/db/scratch';
import type { QueueCounts } from '../core/jobs/queue';
import type { Clock } from '../core/lib/clock';
import { renderReport } from '../features/reports/render';
import { createReportContent, type ReportCharges } from '../features/reports/report-content';
import type { ReportRenderer } from '../features/reports/reports.service';
import { createServices, type ServiceOptions, type Services } from '../services';

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-11-21T12:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    set: (date: Date) => {
      now = date;
    },
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  } satisfies Clock & Record<string, unknown>;
}

/** The services' own hooks a test may hand in (a transport, the wake-ups of workers). */
type ServiceHooks = Pick<
  ServiceOptions,
  | 'mailTransport'
  | 'onMailQueued'
  | 'onReportQueued'
  | 'onSubscriptionQuantityChanged'
  | 'onAtlas14Pending'
  | 'onPastRainfallWanted'
>;

export interface TestAppOptions extends ServiceHooks {
  env?: Record<string, string>;
  clock?: Clock;
  /** Serve the web build in `env.WEB_DIST` too. */
  serveWeb?: boolean;
  jobQueues?: () => Promise<QueueCounts[]>;
  /** How report tasks draw their files; in place unless a test wants the render thread. */
  renderTask?: ReportRenderer;
  /**
   * On the embedded database, run PGlite in a database thread of its own, as `npm start` does:
   * each statement is then a message to that thread, so requests interleave as they do there.
   */
  databaseThread?: boolean;
  /** Receives the app's log lines (at LOG_LEVEL, silent unless `env` sets one). */
  logStream?: { write(line: string): void };
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: Database;
  close: () => Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set; otherwise in-memory PGlite, in this thread or its own. */
async function openTestDatabase(databaseThread: boolean): Promise<Database> {
  if (process.env.DATABASE_URL || !databaseThread) return openScratchDatabase(process.env.DATABASE_URL);
  const thread = await startDatabaseThread(undefined);
  const database = openDatabaseOverPort(thread.connect());
  return {
    ...database,
    close: async () => {
      await database.close();
      await thread.close();
    },
  };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // Photos and downloads go to a folder of the test's own, not the checkout's `data/` that `npm start` uses.
  const dataDir = options.env?.DATA_DIR ? null : await mkdtemp(path.join(tmpdir(), 'pluvio-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    TRIALS_PER_ADDRESS_PER_DAY: '1000',
    API_KEY_REQUESTS_PER_MINUTE: '10000',
    PUBLIC_URL: 'http://localhost:3000',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...options.env,
  });
  const database = await openTestDatabase(options.databaseThread ?? false);
  await migrateDatabase(database);
  const services = await createServices({
    config,
    database,
    clock: options.clock ?? { now: () => new Date() },
    mailTransport: options.mailTransport ?? null,
    onMailQueued: options.onMailQueued,
    onReportQueued: options.onReportQueued,
    onSubscriptionQuantityChanged: options.onSubscriptionQuantityChanged,
    onAtlas14Pending: options.onAtlas14Pending,
    onPastRainfallWanted: options.onPastRainfallWanted,
    jobQueues: options.jobQueues,
    // A thread per file would add half a second to every report test; one test covers the thread.
    renderTask: options.renderTask ?? renderReport,
  });
  const app = await buildApp(services, {
    serveWeb: options.serveWeb ?? false,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    services,
    database,
    close: async () => {
      await app.close();
      await database.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second API process on the test app's database: its own services and Fastify instance. */
export async function createSecondInstance(t: TestApp): Promise<Pick<TestApp, 'app' | 'close'>> {
  const { config, clock } = t.services;
  const services = await createServices({ config, database: t.database, clock, mailTransport: null });
  const app = await buildApp(services, { serveWeb: false, logger: false });
  await app.ready();
  return { app, close: () => app.close() };
}

/** What builds report documents, over the test app's services, at the clock's time. */
export function testReportContent(t: TestApp, clock: Clock, charges: ReportCharges) {
  return createReportContent({
    locations: t.services.locations,
    rainfall: t.services.rainfall,
    ingestion: t.services.ingestion,
    pastRainfall: t.services.pastRainfall,
    deliveryLog: t.services.deliveryLog,
    accounts: t.services.accounts,
    charges,
    stormEvents: t.services.stormEvents,
    inspections: t.services.inspections,
    timeZone: t.services.config.TIME_ZONE,
    clock,
  });
}

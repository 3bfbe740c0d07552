import fs from 'node:fs/promises';
import path from 'node:path';
import type { MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { broadcastChanges } from './change-broadcast';
import { PgliteOverPort } from './pglite-bridge';
import { PGLITE_OPTIONS } from './pglite-options';
import * as schema from './schema';
import { createTableChanges, type TableChanges, trackTableUse } from './table-changes';

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The database the app runs on: embedded PGlite in a folder, or a PostgreSQL server; `changes`
 * counts the writes made through `db` (and, on PostgreSQL, those of the other processes).
 */
export type Database =
  | {
      kind: 'pglite';
      db: AppDb;
      changes: TableChanges;
      /** PGlite in this thread, or in the database thread (`pglite-thread.ts`) reached over a port. */
      pglite: PGlite | PgliteOverPort;
      close: () => Promise<void>;
    }
  | {
      kind: 'postgres';
      db: AppDb;
      changes: TableChanges;
      pool: pg.Pool;
      connectionString: string;
      close: () => Promise<void>;
    };

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder for PGlite's files; omitted means in memory (tests). */
  dataDir?: string;
  /** In memory only: a dump of a PGlite data folder to start from instead of an empty one. */
  startFrom?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A connection dropped by the server (a restart) must not bring the process down: the pool
    // hears about idle ones, each client about itself while checked out (a transaction between
    // two statements, where no query is waiting to be told); the pool then connects anew.
    const lost = (error: Error) => console.error('database connection lost', error.message);
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    const db = drizzlePg(pool, { schema }) as unknown as AppDb;
    const changes = createTableChanges();
    trackTableUse(db, changes);
    const broadcast = broadcastChanges(pool, options.databaseUrl, changes);
    await broadcast.started;
    const close = async () => {
      await broadcast.close();
      await pool.end();
    };
    return { kind: 'postgres', db, changes, pool, connectionString: options.databaseUrl, close };
  }
  let pglite: PGlite;
  if (options.dataDir) {
    const folder = path.resolve(options.dataDir, 'pglite');
    await fs.mkdir(folder, { recursive: true });
    pglite = await PGlite.create(folder, PGLITE_OPTIONS);
  } else {
    pglite = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: options.startFrom });
  }
  const db = drizzlePglite(pglite, { schema }) as unknown as AppDb;
  const changes = createTableChanges();
  trackTableUse(db, changes);
  return { kind: 'pglite', db, changes, pglite, close: () => pglite.close() };
}

/**
 * The embedded database as a thread other than the database thread uses it: its statements go
 * over `port` to `pglite-thread.ts` (`shareChanges` tells the other threads what it wrote).
 */
export function openDatabaseOverPort(port: MessagePort): Database {
  const pglite = new PgliteOverPort(port);
  const db = drizzlePglite(pglite as unknown as PGlite, { schema }) as unknown as AppDb;
  const changes = createTableChanges();
  trackTableUse(db, changes);
  return { kind: 'pglite', db, changes, pglite, close: async () => pglite.close() };
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: AppDb, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

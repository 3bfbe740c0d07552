import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database the app runs on: embedded PGlite in a folder, or a PostgreSQL server. */
export type Database =
  | { kind: 'pglite'; db: AppDb; pglite: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: AppDb; pool: pg.Pool; connectionString: string; close: () => Promise<void> };

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder for PGlite's files; omitted means in memory (tests). */
  dataDir?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server must not bring the process down; the pool reconnects.
    pool.on('error', (error) => console.error('database connection lost', error.message));
    const db = drizzlePg(pool, { schema }) as unknown as AppDb;
    return { kind: 'postgres', db, pool, connectionString: options.databaseUrl, close: () => pool.end() };
  }
  let pglite: PGlite;
  if (options.dataDir) {
    const folder = path.resolve(options.dataDir, 'pglite');
    await fs.mkdir(folder, { recursive: true });
    pglite = await PGlite.create(folder);
  } else {
    pglite = await PGlite.create();
  }
  const db = drizzlePglite(pglite, { schema }) as unknown as AppDb;
  return { kind: 'pglite', db, pglite, close: () => pglite.close() };
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: AppDb, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

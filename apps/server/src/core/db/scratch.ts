import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from './client';

/**
 * A throw-away database for a test file or a benchmark: in-memory PGlite, or a new database on
 * the PostgreSQL server at `serverUrl`, dropped again by `close()`.
 */
export async function openScratchDatabase(serverUrl: string | undefined): Promise<Database> {
  if (!serverUrl) return openDatabase({});
  const name = `pluvio_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  } as Database;
}

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from './client';
import { migrateDatabase, migrationsFolder } from './migrate';

/**
 * A throw-away database for a test file or a benchmark: in-memory PGlite started from a migrated
 * copy, or a new database on the PostgreSQL server at `serverUrl`, dropped again by `close()`.
 */
export async function openScratchDatabase(serverUrl: string | undefined): Promise<Database> {
  if (!serverUrl) return openDatabase({ startFrom: await migratedPgliteCopy() });
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

/**
 * A dump of a freshly migrated PGlite, kept in the system's temp folder under the digest of the
 * migrations and PGlite's version: a new PGlite runs initdb (about 2 s a test file), loading the
 * dump takes about 0.3 s. The first test process to need it writes it; the others read it.
 */
async function migratedPgliteCopy(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `pluvio-pglite-${await migrationsDigest()}.tar`);
  const kept = await fs.readFile(file).catch(() => null);
  if (kept) return new Blob([kept]);
  const database = await openDatabase({});
  await migrateDatabase(database);
  if (database.kind !== 'pglite' || !(database.pglite instanceof PGlite)) throw new Error('expected PGlite');
  const dump = await database.pglite.dumpDataDir('none');
  await database.close();
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await fs.rename(partial, file);
  return dump;
}

async function migrationsDigest(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await pgliteVersion());
  const files = await fs.readdir(migrationsFolder, { recursive: true });
  for (const file of files.sort()) {
    const full = path.join(migrationsFolder, file);
    if ((await fs.stat(full)).isFile()) hash.update(file).update(await fs.readFile(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The installed PGlite's version (its package.json is not among the package's exports). */
async function pgliteVersion(): Promise<string> {
  let folder = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (path.basename(folder) !== 'pglite' && folder !== path.dirname(folder)) folder = path.dirname(folder);
  return JSON.parse(await fs.readFile(path.join(folder, 'package.json'), 'utf8')).version;
}

import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from './pglite-options';

/**
 * Creates the embedded database in an empty folder (PostgreSQL's initdb) and exits; run by
 * `initialiseFolder` in `pglite-thread.ts` as a process of its own.
 */
const [folder] = process.argv.slice(2);
if (!folder) throw new Error('usage: pglite-init.main.ts <folder>');
const pglite = await PGlite.create(folder, PGLITE_OPTIONS);
await pglite.close();

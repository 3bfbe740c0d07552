import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PGlite's start: PostgreSQL's shared buffers at 16 MB instead of 128 MB. They live in PGlite's
 * WebAssembly memory, which never shrinks, and filled as the demo data and its rainfall were
 * written: that memory stays at about 140 MB instead of 200 MB; the data files are still in the
 * system's file cache, and the read bench showed no change.
 */
export const PGLITE_OPTIONS: PGliteOptions = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
};

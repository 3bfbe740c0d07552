import { once } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { forkEntry, LONG_LIVED_THREAD_LIMITS, startThread } from '../lib/entry-points';

/**
 * The embedded database's own thread (`pglite-thread.main.ts`): PGlite's work (WASM, the same
 * thread as whatever calls it) never holds up the API's event loop. Each thread that uses the
 * database gets a port to it.
 */
export type ThreadMessage = { connect: MessagePort } | { close: true };

export const databaseFolder = (dataDir: string) => path.resolve(dataDir, 'pglite');

/**
 * Creates the database of a fresh data folder in a short-lived process. PGlite's initdb runs a
 * second PostgreSQL and initdb's own WebAssembly, about 430 MB that, done in the database thread,
 * stayed there until that thread's collector next ran (30 s or more later), during the demo seed
 * and the catch-up: most of a fresh start's peak memory.
 */
async function initialiseFolder(dataDir: string) {
  const folder = databaseFolder(dataDir);
  await fs.mkdir(folder, { recursive: true });
  const created = await fs.stat(path.join(folder, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (created) return;
  const child = forkEntry(new URL('./pglite-init.main.ts', import.meta.url), [folder]);
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`creating the embedded database in ${folder} failed (exit code ${code})`);
}

/** Starts the database thread on `dataDir` (in memory without one). */
export async function startDatabaseThread(dataDir: string | undefined) {
  if (dataDir) await initialiseFolder(dataDir);
  const thread = startThread(new URL('./pglite-thread.main.ts', import.meta.url), {
    workerData: { dataDir },
    resourceLimits: LONG_LIVED_THREAD_LIMITS,
  });
  await new Promise<void>((ready, failed) => {
    thread.once('message', () => ready());
    thread.once('error', failed);
  });
  return {
    /** A new port to the database for one thread. */
    connect(): MessagePort {
      const { port1, port2 } = new MessageChannel();
      thread.postMessage({ connect: port1 } satisfies ThreadMessage, [port1]);
      return port2;
    },
    /** Closes PGlite (its files complete on disk) and ends the thread. */
    async close() {
      const closed = new Promise((resolve) => thread.once('message', resolve));
      thread.postMessage({ close: true } satisfies ThreadMessage);
      await closed;
      await thread.terminate();
    },
  };
}

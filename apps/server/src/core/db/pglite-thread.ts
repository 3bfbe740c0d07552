import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MessageChannel, type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { LONG_LIVED_THREAD_LIMITS, startTsWorker } from '../lib/ts-worker';
import { servePglite } from './pglite-bridge';
import { PGLITE_OPTIONS } from './pglite-options';

/**
 * The embedded database's own thread: PGlite's work (WASM, the same thread as whatever calls it)
 * never holds up the API's event loop. Each thread that uses the database gets a port to it.
 */
type ThreadMessage = { connect: MessagePort } | { close: true };

const databaseFolder = (dataDir: string) => path.resolve(dataDir, 'pglite');

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
  const child = fork(new URL('./pglite-init.ts', import.meta.url), [folder], {
    execArgv: ['--import', 'tsx'],
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`creating the embedded database in ${folder} failed (exit code ${code})`);
}

async function runDatabaseThread(dataDir: string | undefined, parent: MessagePort) {
  const pglite = dataDir
    ? await PGlite.create(databaseFolder(dataDir), PGLITE_OPTIONS)
    : await PGlite.create(PGLITE_OPTIONS);
  parent.on('message', async (message: ThreadMessage) => {
    if ('connect' in message) return servePglite(pglite, message.connect);
    await pglite.close();
    parent.postMessage('closed');
    parent.close();
  });
  parent.postMessage('ready');
}

/** Starts the database thread on `dataDir` (in memory without one). */
export async function startDatabaseThread(dataDir: string | undefined) {
  if (dataDir) await initialiseFolder(dataDir);
  const thread = startTsWorker(new URL(import.meta.url), {
    workerData: { databaseThread: true, dataDir },
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

if (parentPort && workerData?.databaseThread === true) {
  await runDatabaseThread(workerData.dataDir, parentPort);
}

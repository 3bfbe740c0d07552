import fs from 'node:fs/promises';
import path from 'node:path';
import { MessageChannel, type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { startTsWorker } from '../lib/ts-worker';
import { servePglite } from './pglite-bridge';

/**
 * The embedded database's own thread: PGlite's work (WASM, the same thread as whatever calls it)
 * never holds up the API's event loop. Each thread that uses the database gets a port to it.
 */
type ThreadMessage = { connect: MessagePort } | { close: true };

async function runDatabaseThread(dataDir: string | undefined, parent: MessagePort) {
  let pglite: PGlite;
  if (dataDir) {
    const folder = path.resolve(dataDir, 'pglite');
    await fs.mkdir(folder, { recursive: true });
    pglite = await PGlite.create(folder);
  } else {
    pglite = await PGlite.create();
  }
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
  const thread = startTsWorker(new URL(import.meta.url), { workerData: { databaseThread: true, dataDir } });
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

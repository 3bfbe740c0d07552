import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { servePglite } from './pglite-bridge';
import { PGLITE_OPTIONS } from './pglite-options';
import { databaseFolder, type ThreadMessage } from './pglite-thread';

/** The database thread started by `startDatabaseThread`: PGlite on `dataDir` (in memory without one). */
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

await runDatabaseThread(workerData.dataDir, parentPort as MessagePort);

import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '../../config';
import { scheduleDemoStorm } from '../../demo/demo-storm';
import { allJobs, openRuntime } from '../../runtime';
import { type Database, openDatabase, openDatabaseOverPort } from '../db/client';
import { shareChanges } from '../db/table-changes';
import { registerJobs, startQueue } from './queue';
import type { Command, WorkerThreadData } from './worker-thread';

/** The job worker thread started by `startWorkerThread`: the queue's jobs and the scheduler. */
async function runJobWorker(data: WorkerThreadData, parent: MessagePort) {
  const config = loadConfig();
  let database: Database;
  if (data.embedded) {
    database = openDatabaseOverPort(data.embedded.database);
    shareChanges(database.changes, data.embedded.changes);
  } else {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL });
  }
  const { services, attachQueue } = await openRuntime(config, database);
  await scheduleDemoStorm(services);
  const boss = await startQueue(database, 'worker', (error) => console.error('job queue error', error));
  attachQueue(boss);
  await registerJobs(boss, allJobs(services), true);
  parent.on('message', async (command: Command) => {
    if (command !== 'stop') return;
    await boss.stop({ graceful: true, timeout: 10_000 });
    await database.close();
    parent.postMessage('stopped');
  });
  parent.postMessage('ready');
}

await runJobWorker(workerData as WorkerThreadData, parentPort as MessagePort);

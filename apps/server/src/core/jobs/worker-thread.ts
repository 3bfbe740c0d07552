import type { EventLoopUtilization } from 'node:perf_hooks';
import { MessageChannel, type MessagePort, parentPort, type Worker, workerData } from 'node:worker_threads';
import { loadConfig } from '../../config';
import { scheduleDemoStorm } from '../../demo/demo-storm';
import { allJobs, openRuntime } from '../../runtime';
import { type Database, openDatabase, openDatabaseOverPort } from '../db/client';
import { shareChanges, type TableChanges } from '../db/table-changes';
import { LONG_LIVED_THREAD_LIMITS, startTsWorker } from '../lib/ts-worker';
import { registerJobs, startQueue } from './queue';

/**
 * The job worker of `npm start` in a thread of its own, as `npm run worker` is a process of its
 * own: backfill, history fills, decoding, rendering and sending never hold up the API's event
 * loop. On the embedded database it reaches PGlite through the database thread and exchanges
 * counted writes with the API thread; on PostgreSQL it has its own pool, like a worker process.
 */
interface WorkerThreadData {
  jobWorkerThread: true;
  embedded?: { database: MessagePort; changes: MessagePort };
}

type Command = 'stop';

const RESTART_DELAY_MS = 5_000;
const STOP_TIMEOUT_MS = 15_000;

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

/** The API thread's side of the embedded database: a new port to the database thread, and its counted writes. */
export interface EmbeddedDatabase {
  connect: () => MessagePort;
  changes: TableChanges;
}

/**
 * Starts the job worker thread and keeps it running: a thread that dies is started again (the
 * leases of its jobs lapse and are taken up, as when a worker process dies).
 */
export async function startWorkerThread(embedded: EmbeddedDatabase | null) {
  let stopping = false;
  let thread: Worker;
  let unshare = () => {};

  function spawn(): Promise<void> {
    const data: WorkerThreadData = { jobWorkerThread: true };
    const transferList: MessagePort[] = [];
    if (embedded) {
      unshare();
      const changes = new MessageChannel();
      unshare = shareChanges(embedded.changes, changes.port1);
      data.embedded = { database: embedded.connect(), changes: changes.port2 };
      transferList.push(data.embedded.database, data.embedded.changes);
    }
    thread = startTsWorker(new URL(import.meta.url), {
      workerData: data,
      transferList,
      resourceLimits: LONG_LIVED_THREAD_LIMITS,
    });
    thread.on('error', (error) => console.error('job worker thread failed', error));
    thread.on('exit', (code) => {
      if (stopping) return;
      console.error(
        `job worker thread ended (exit code ${code}); starting it again in ${RESTART_DELAY_MS / 1000} s`,
      );
      setTimeout(
        () => spawn().catch((error) => console.error('job worker thread did not start', error)),
        RESTART_DELAY_MS,
      );
    });
    return new Promise<void>((ready, failed) => {
      thread.once('message', () => ready());
      thread.once('error', failed);
    });
  }

  await spawn();
  return {
    /** The thread's event loop utilisation (`performance.eventLoopUtilization`), since `since`. */
    eventLoopUtilization: (since?: EventLoopUtilization) => thread.performance.eventLoopUtilization(since),
    /** Lets running jobs finish (10 s at most), then ends the thread. */
    async stop() {
      stopping = true;
      const stopped = new Promise((resolve) => thread.once('message', resolve));
      thread.postMessage('stop' satisfies Command);
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS))]);
      await thread.terminate();
      unshare();
    },
  };
}

if (parentPort && workerData?.jobWorkerThread === true) {
  await runJobWorker(workerData as WorkerThreadData, parentPort);
}

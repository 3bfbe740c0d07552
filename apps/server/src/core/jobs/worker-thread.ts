import type { EventLoopUtilization } from 'node:perf_hooks';
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { shareChanges, type TableChanges } from '../db/table-changes';
import { LONG_LIVED_THREAD_LIMITS, startThread } from '../lib/entry-points';

/**
 * The job worker of `npm start` in a thread of its own (`worker-thread.main.ts`), as `npm run
 * worker` is a process of its own: backfill, history fills, decoding, rendering and sending never
 * hold up the API's event loop. On the embedded database it reaches PGlite through the database
 * thread and exchanges counted writes with the API thread; on PostgreSQL it has its own pool,
 * like a worker process.
 */
export interface WorkerThreadData {
  embedded?: { database: MessagePort; changes: MessagePort };
}

export type Command = 'stop';

const RESTART_DELAY_MS = 5_000;
const STOP_TIMEOUT_MS = 15_000;

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
    const data: WorkerThreadData = {};
    const transferList: MessagePort[] = [];
    if (embedded) {
      unshare();
      const changes = new MessageChannel();
      unshare = shareChanges(embedded.changes, changes.port1);
      data.embedded = { database: embedded.connect(), changes: changes.port2 };
      transferList.push(data.embedded.database, data.embedded.changes);
    }
    thread = startThread(new URL('./worker-thread.main.ts', import.meta.url), {
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

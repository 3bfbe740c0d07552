/**
 * The soak's Pluvio processes: API processes (`npm run serve`) and workers (`npm run worker`),
 * each started as a supervisor would, killed with SIGKILL and replaced on demand. Their output
 * goes to a log file each.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverNodeArgs } from './start-command';

const READY_TIMEOUT_MS = 120_000;

export type Role = 'serve' | 'worker';

export interface PluvioProcess {
  role: Role;
  name: string;
  /** The API's address; null for a worker. */
  url: string | null;
  child: ChildProcess;
  logFile: string;
  /** Seconds from spawn to ready (/readyz answered, or the worker's start line). */
  startSeconds: number;
  killed: boolean;
}

/** A process that ended by itself (not killed by the soak, not stopped at its end). */
export interface UnexpectedExit {
  process: PluvioProcess;
  code: number | null;
  signal: string | null;
  /** Date.now() of the exit. */
  at: number;
}

export interface Launcher {
  start(role: Role, name: string, port?: number): Promise<PluvioProcess>;
  /** SIGKILL, then waits until the process is gone. */
  kill(process: PluvioProcess): Promise<void>;
  /** SIGTERM to every process still running, SIGKILL after a few seconds. */
  stopAll(): Promise<void>;
  /** Every process started so far, killed ones included. */
  all(): readonly PluvioProcess[];
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitForApi(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API process at ${url} exited (${child.exitCode})`);
    const ready = await fetch(`${url}/readyz`)
      .then((answer) => answer.ok)
      .catch(() => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API process at ${url} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

function waitForLine(logFile: string, line: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (fs.readFileSync(logFile, 'utf8').includes(line)) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null || Date.now() > deadline) {
        clearInterval(timer);
        reject(new Error(`the worker (log ${logFile}) did not start: ${child.exitCode ?? 'timed out'}`));
      }
    }, 200);
  });
}

/**
 * Starts processes with `env` (the database, SMTP and limits) and logs in `logDir`. Node runs
 * the built server as `npm run serve` and `npm run worker` do, but not through npm, which would
 * run it in a child of its own: SIGKILL must reach the server, not a wrapper.
 */
export function createLauncher(
  env: Record<string, string>,
  logDir: string,
  onUnexpectedExit: (exit: UnexpectedExit) => void,
): Launcher {
  const processes: PluvioProcess[] = [];
  const nodeArgs = { serve: serverNodeArgs('serve'), worker: serverNodeArgs('worker') };
  let stopping = false;
  return {
    async start(role, name, port) {
      const logFile = path.join(logDir, `${name}.log`);
      const out = fs.openSync(logFile, 'a');
      const child = spawn(process.execPath, nodeArgs[role], {
        env: {
          ...process.env,
          ...env,
          ...(port !== undefined && { PORT: String(port) }),
          // A worker says it is ready in an info line, which a quieter level would hide.
          ...(role === 'worker' && { LOG_LEVEL: 'info' }),
        },
        stdio: ['ignore', out, out],
      });
      fs.closeSync(out);
      const url = role === 'serve' ? `http://127.0.0.1:${port}` : null;
      const spawnedAt = Date.now();
      const started: PluvioProcess = { role, name, url, child, logFile, startSeconds: 0, killed: false };
      processes.push(started);
      child.once('exit', (code, signal) => {
        if (!started.killed && !stopping)
          onUnexpectedExit({ process: started, code, signal, at: Date.now() });
      });
      if (url) await waitForApi(url, child);
      else await waitForLine(logFile, 'Pluvio worker running.', child);
      started.startSeconds = Math.round((Date.now() - spawnedAt) / 100) / 10;
      return started;
    },
    async kill(target) {
      target.killed = true;
      target.child.kill('SIGKILL');
      await exited(target.child);
    },
    async stopAll() {
      stopping = true;
      const running = processes.filter(({ child }) => child.exitCode === null && child.signalCode === null);
      for (const { child } of running) child.kill('SIGTERM');
      const forced = setTimeout(() => {
        for (const { child } of running) child.kill('SIGKILL');
      }, 15_000);
      await Promise.all(running.map(({ child }) => exited(child)));
      clearTimeout(forced);
    },
    all: () => processes,
  };
}

import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Where this app's code runs from: its TypeScript through tsx (tests, `npm run dev`, the CLI
 * commands) or the build in `dist/` (`npm start`, `serve`, `worker`: no tsx loader, a thread of
 * about 30 MB, beside each thread). A thread or process entry is a `*.main.ts` module; the build
 * makes each one `dist/<name>.main.js` beside `dist/main.js`, so a URL made from
 * `import.meta.url` names the same entry in both.
 */
const runsFromSource = import.meta.url.endsWith('.ts');

/** The server package's folder (`apps/server`): its `drizzle/` migrations, the web app beside it. */
export const SERVER_DIR = path.resolve(import.meta.dirname, runsFromSource ? '../../..' : '..');

function builtEntry(module: URL): URL {
  return runsFromSource ? module : new URL(module.href.replace(/\.ts$/, '.js'));
}

/**
 * A worker thread running a `*.main.ts` entry. From source, a worker thread starts without the
 * parent's loader, so the thread registers tsx first.
 */
export function startThread(module: URL, options: WorkerOptions = {}): Worker {
  if (!runsFromSource) return new Worker(builtEntry(module), options);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/** A child process running a `*.main.ts` entry with `args`. */
export function forkEntry(module: URL, args: string[]): ChildProcess {
  return fork(builtEntry(module), args, { execArgv: runsFromSource ? ['--import', 'tsx'] : [] });
}

/**
 * For the long-lived threads (the database's, the job worker's): a young generation of 8 MB
 * instead of V8's larger default. Short-lived objects are collected more often, in smaller steps,
 * and each thread's heap stays 25-40 MB smaller (a fresh start's peak: about 95 MB less).
 */
export const LONG_LIVED_THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 };

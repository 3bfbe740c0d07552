import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module of this app. The app runs through tsx with no build
 * step, and a worker thread starts without the parent's loader, so the thread registers tsx first.
 */
export function startTsWorker(module: URL, options: WorkerOptions = {}): Worker {
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * For the long-lived threads (the database's, the job worker's): a young generation of 8 MB
 * instead of V8's larger default. Short-lived objects are collected more often, in smaller steps,
 * and each thread's heap stays 25-40 MB smaller (a fresh start's peak: about 95 MB less).
 */
export const LONG_LIVED_THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 };

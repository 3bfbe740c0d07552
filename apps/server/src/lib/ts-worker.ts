import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module of this app. The app runs through tsx with no build
 * step, and a worker thread starts without the parent's loader, so the thread registers tsx first.
 */
export function startTsWorker(module: URL, options: WorkerOptions = {}): Worker {
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

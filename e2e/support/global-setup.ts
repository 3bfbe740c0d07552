import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeCensus } from './fake-census';

const repoRoot = path.resolve(import.meta.dirname, '../..');
let server: ChildProcess | undefined;
let dataDir: string | undefined;

async function waitUntilReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${url} not ready after ${timeoutMs} ms`);
}

/** An answer slower than this means the server's thread is held by other work. */
const PROMPT_MS = 1_000;

/**
 * Waits until the server has answered promptly for `quietMs` in a row. Soon after it is ready,
 * the worker's start-up catch-up of the last BACKFILL_DAYS runs on the embedded database in the
 * server's own thread and holds every request for half a minute or more on a busy machine:
 * longer than a page may take to load.
 */
async function waitUntilResponsive(url: string, quietMs: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    const asked = Date.now();
    await fetch(`${url}/readyz`).catch(() => undefined);
    const answered = Date.now();
    if (answered - asked > PROMPT_MS) quietSince = answered;
    else if (answered - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${url} still slow to answer after ${timeoutMs} ms`);
}

/**
 * Starts the real server once for the whole run, as `npm start` does: built web app, embedded
 * database in a fresh folder with the demo data, worker and scheduler.
 */
export default async function setup(project: TestProject) {
  const port = process.env.E2E_PORT ?? '3100';
  const baseUrl = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pluvio-e2e-'));
  const outputDir = path.join(repoRoot, 'e2e/output');
  fs.mkdirSync(outputDir, { recursive: true });
  const logFile = fs.openSync(path.join(outputDir, 'server.log'), 'w');
  const census = await startFakeCensus();
  server = spawn(process.execPath, ['apps/server/dist/main.js', 'start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      TRIALS_PER_ADDRESS_PER_DAY: '1000',
      SIGN_INS_PER_ADDRESS: '1000',
      SMTP_URL: '',
      // Tests talk only to this machine: no OpenStreetMap tiles, the state outlines alone.
      MAP_TILE_URL: 'none',
      // Address search answers from a stand-in for the Census geocoder on this machine.
      GEOCODER: 'census',
      GEOCODER_URL: census.url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', logFile, logFile],
  });
  project.provide('baseUrl', baseUrl);
  await waitUntilReady(baseUrl, 90_000);
  await waitUntilResponsive(baseUrl, 10_000, 180_000);
  return async () => {
    server?.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
    census.server.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

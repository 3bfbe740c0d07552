import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { readyMessage, startServer } from './server';

/**
 * `npm start` as a user runs it (the embedded database, demo data): the job worker and the
 * database each run in a thread of their own, so the API thread only answers requests.
 */
describe('npm start', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let dataDir: string;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pluvio-start-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      BACKFILL_DAYS: '4',
    });
    server = await startServer('start', config);
    const address = server.app?.server.address() as AddressInfo | undefined;
    baseUrl = `http://127.0.0.1:${address?.port}`;
    // Writing the demo data and starting two threads that load the app: slow on a busy machine.
  }, 240_000);
  afterAll(async () => {
    await server.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("catches up on the demo locations' rainfall in the job worker's thread while the API answers", async () => {
    const worker = server.workerThread;
    if (!worker) throw new Error('start runs a job worker thread');
    const apiSince = performance.eventLoopUtilization();
    const workerSince = worker.eventLoopUtilization();
    const answers: number[] = [];
    const caughtUp = async () => {
      for (const probe of ['/healthz', '/readyz']) answers.push((await fetch(`${baseUrl}${probe}`)).status);
      const status = await server.services.ingestion.ingestStatus();
      return status.pending === 0 && status.newest.length > 0;
    };
    await expect.poll(caughtUp, { timeout: 240_000, interval: 250 }).toBe(true);
    expect(new Set(answers)).toEqual(new Set([200]));
    const api = performance.eventLoopUtilization(apiSince);
    const jobs = worker.eventLoopUtilization(workerSince);
    // Fetching, sampling and storing four days of fields at every demo site kept the worker's
    // thread busy; the API thread only answered the probes above.
    expect(jobs.active).toBeGreaterThan(2 * api.active);
  }, 300_000);
});

describe('the ready line', () => {
  const config = loadConfig({ NODE_ENV: 'test', PORT: '8080', DATA_DIR: os.tmpdir() });

  it('gives the address (from PORT alone), the demo sign-ins and the mail viewer to whoever ran npm start', () => {
    const line = readyMessage('start', config, true);
    expect(line).toContain('Pluvio is ready on http://localhost:8080');
    expect(line).toContain('gold@pluvio.example');
    expect(line).toContain('password Rainfall#2026');
    expect(line).toContain('http://localhost:8080/admin/mail');
    expect(line).toContain('Rainfall of the last 35 days is being fetched');
  });

  it('names no demo sign-ins where there is no demo data', () => {
    const line = readyMessage('serve', config, false);
    expect(line).toBe('Pluvio is ready on http://localhost:8080');
  });
});

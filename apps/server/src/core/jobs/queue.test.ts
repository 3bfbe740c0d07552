import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { openScratchDatabase } from '../db/scratch';
import { registerJobs, startQueue } from './queue';

async function waitFor(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`job queue on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openScratchDatabase(process.env.DATABASE_URL);
    await migrateDatabase(database);
  });
  afterAll(() => database.close());

  // pg-boss hands each job to one worker and retries it when its completion fails (seen once
  // under the full suite's load on PostgreSQL); every handler is idempotent, so what matters is
  // that no job is lost and each one ends completed.
  it('hands every job to a worker, loses none, and keeps schedules', async () => {
    const handled: number[] = [];
    const job = {
      name: 'test.count',
      cron: '*/5 * * * *',
      sentOnDemand: true,
      handler: async (data: unknown) => {
        handled.push((data as { n: number }).n);
      },
    };
    // PGlite lives inside one process; PostgreSQL serves workers in several.
    const workerCount = database.kind === 'postgres' ? 2 : 1;
    const workers = [];
    for (let i = 0; i < workerCount; i++) {
      const boss = await startQueue(database, 'worker', (error) => {
        throw error;
      });
      await registerJobs(boss, [job], true);
      workers.push(boss);
    }
    const producer = workers[0];
    if (!producer) throw new Error('no worker');
    for (let n = 0; n < 20; n++) await producer.send(job.name, { n });
    // Twenty distinct jobs, not twenty calls: a retried job is a second call of the same one.
    await waitFor(() => new Set(handled).size >= 20);
    expect([...new Set(handled)].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    const completed = async () =>
      (await producer.findJobs<{ n?: number }>(job.name)).filter(
        (item) => item.data?.n !== undefined && item.state === 'completed',
      ).length;
    await expect.poll(completed, { timeout: 20_000, interval: 200 }).toBe(20);
    const schedules = await producer.getSchedules();
    expect(schedules.map((schedule) => schedule.name)).toContain('test.count');
    for (const boss of workers) await boss.stop({ graceful: true, timeout: 5000 });
  });

  it('retries a job whose worker died once its heartbeats stop, not at its 15-minute expiry', async () => {
    const handled: unknown[] = [];
    const job = {
      name: 'test.heartbeat',
      sentOnDemand: true,
      // pg-boss's shortest heartbeat; the retry comes at once here, after the leases in production.
      queue: { heartbeatSeconds: 10, retryDelay: 0 },
      handler: async (data: unknown) => {
        handled.push(data);
      },
    };
    const boss = await startQueue(
      database,
      'worker',
      (error) => {
        throw error;
      },
      { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1 },
    );
    await registerJobs(boss, [job], false);
    const id = await boss.send(job.name, { n: 1 });
    // A worker takes the job and dies: it neither finishes it nor sends a heartbeat again.
    const [taken] = await boss.fetch(job.name);
    expect(taken?.id).toBe(id);

    await registerJobs(boss, [job], true);
    await waitFor(() => handled.length > 0, 25_000);
    expect(handled).toEqual([{ n: 1 }]);
    const state = async () => (await boss.getJobById(job.name, id as string))?.state;
    await expect.poll(state, { timeout: 10_000, interval: 200 }).toBe('completed');
    await boss.stop({ graceful: true, timeout: 5000 });
  });
});

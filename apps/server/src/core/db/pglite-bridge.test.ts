import { MessageChannel } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueue } from '../jobs/queue';
import { type Database, openDatabaseOverPort, queryRows } from './client';
import { migrateDatabase } from './migrate';
import { startDatabaseThread } from './pglite-thread';
import { shareChanges } from './table-changes';

/** The embedded database as `npm start` runs it: PGlite in a thread, an API side and a worker side. */
describe('the embedded database in a thread of its own', () => {
  let thread: Awaited<ReturnType<typeof startDatabaseThread>>;
  let api: Database;
  let worker: Database;

  beforeAll(async () => {
    thread = await startDatabaseThread(undefined);
    api = openDatabaseOverPort(thread.connect());
    worker = openDatabaseOverPort(thread.connect());
    const changes = new MessageChannel();
    shareChanges(api.changes, changes.port1);
    shareChanges(worker.changes, changes.port2);
    await migrateDatabase(api);
    await api.db.execute(sql`create table bridge_notes (id integer primary key, note text, at timestamptz)`);
  });
  afterAll(async () => {
    await api.close();
    await worker.close();
    await thread.close();
  });

  const notes = (database: Database) =>
    queryRows<{ id: number; note: string }>(database.db, sql`select id, note from bridge_notes order by id`);

  it('shows one side what the other wrote, dates as PostgreSQL writes them', async () => {
    await worker.db.execute(sql`insert into bridge_notes values (1, 'first', '2026-11-21T12:00:00Z')`);
    expect(await notes(api)).toEqual([{ id: 1, note: 'first' }]);
    const [row] = await queryRows<{ at: string }>(api.db, sql`select at from bridge_notes where id = 1`);
    expect(row?.at).toBe('2026-11-21 12:00:00+00');
  });

  it("keeps a transaction's writes to itself until it commits, and the other side's statements out of it", async () => {
    let inside: () => void = () => undefined;
    let finish: () => void = () => undefined;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const transaction = worker.db.transaction(async (tx) => {
      await tx.execute(sql`insert into bridge_notes values (2, 'in a transaction', null)`);
      inside();
      await finished;
    });
    await entered;
    const read = notes(api);
    const outcome = await Promise.race([
      read.then(() => 'read'),
      new Promise((r) => setTimeout(r, 300, 'waited')),
    ]);
    expect(outcome).toBe('waited');
    finish();
    await transaction;
    expect((await read).map((row) => row.id)).toEqual([1, 2]);
  });

  it('rolls back a transaction that fails, and answers the error with its PostgreSQL code', async () => {
    const failing = worker.db.transaction(async (tx) => {
      await tx.execute(sql`insert into bridge_notes values (3, 'rolled back', null)`);
      await tx.execute(sql`insert into bridge_notes values (1, 'taken', null)`);
    });
    await expect(failing).rejects.toMatchObject({ cause: { code: '23505' } });
    expect((await notes(api)).map((row) => row.id)).toEqual([1, 2]);
  });

  it('rolls back what a thread that went away left open, and lets the others go on', async () => {
    const gone = openDatabaseOverPort(thread.connect());
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    void gone.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into bridge_notes values (4, 'never committed', null)`);
        entered();
        await new Promise(() => undefined);
      })
      .catch(() => undefined);
    await inside;
    await gone.close();
    expect((await notes(api)).map((row) => row.id)).toEqual([1, 2]);
  });

  it("counts the other side's writes, so kept reads on either side are renewed", async () => {
    const before = api.changes.changedAt(['bridge_notes', 'users']);
    await worker.db.execute(sql`update users set first_name = first_name where false`);
    await expect.poll(() => api.changes.changedAt(['users']) > before).toBe(true);
  });

  it('carries the job queue', async () => {
    const boss = await startQueue(worker, 'worker', (error) => {
      throw error;
    });
    await boss.createQueue('bridge.test');
    const id = await boss.send('bridge.test', { n: 1 });
    const [job] = await boss.fetch<{ n: number }>('bridge.test');
    expect(job?.id).toBe(id);
    expect(job?.data).toEqual({ n: 1 });
    await boss.stop({ graceful: false });
  });
});

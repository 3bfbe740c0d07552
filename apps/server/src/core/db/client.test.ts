import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from './client';
import { openScratchDatabase } from './scratch';

const serverUrl = process.env.DATABASE_URL;

/**
 * Found by `npm run soak`: PostgreSQL restarting (`pg_ctl restart -m fast`) ends every connection,
 * and one held by a transaction between two statements had no listener for that error, so the
 * whole process (a worker, with the jobs it was running) died.
 */
describe.skipIf(!serverUrl)('PostgreSQL connections ended by the server', () => {
  let database: Database;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await openScratchDatabase(serverUrl);
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    admin = new pg.Client({ connectionString: database.connectionString });
    await admin.connect();
  });

  afterAll(async () => {
    await admin.end();
    await database.close();
  });

  it('fails the transaction, not the process, when its connection ends between statements', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const transaction = database.db.transaction(async (tx) => {
        const [backend] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        // Idle in transaction, as a job is while it computes between two statements.
        await admin.query('select pg_terminate_backend($1)', [backend?.pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toThrow();
      expect(uncaught).toEqual([]);
      expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', record);
    }
  });
});

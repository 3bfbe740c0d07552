import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TableChanges } from './table-changes';

const CHANNEL = 'pluvio_table_changes';
const RECONNECT_MS = 1_000;

/**
 * Shares the table change counters of the processes on one PostgreSQL (API processes, workers):
 * each process's writes are sent with `NOTIFY` after they committed, and every other process
 * counts them on its `LISTEN` connection. Notifications missed while that connection is down
 * are made up for by counting every table as changed when it is back; the read cache's age
 * limit (`READ_CACHE_POSTGRES_TTL_MS`) bounds what a lost one could cost.
 */
export function broadcastChanges(pool: pg.Pool, connectionString: string, changes: TableChanges) {
  const origin = randomUUID();
  let pending: Set<string> | '*' | null = null;
  let listener: pg.Client | null = null;
  let closed = false;
  const dropped = new WeakSet<pg.Client>();

  // Writes of one tick go out as one notification.
  function send(): void {
    const tables = pending;
    pending = null;
    if (!tables || closed) return;
    const payload = JSON.stringify({ origin, tables: tables === '*' ? '*' : [...tables] });
    pool.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch(() => {
      // The other processes' age limit covers a notification that could not be sent.
    });
  }

  changes.onLocalBump((tables) => {
    if (pending === null) queueMicrotask(send);
    if (tables === '*' || pending === '*') pending = '*';
    else {
      pending ??= new Set();
      for (const table of tables) pending.add(table);
    }
  });

  function received(message: pg.Notification): void {
    try {
      const { origin: from, tables } = JSON.parse(message.payload ?? '') as {
        origin: string;
        tables: string[] | '*';
      };
      if (from !== origin) changes.bumpFromElsewhere(tables);
    } catch {
      changes.bumpFromElsewhere('*');
    }
  }

  async function listen(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString });
    client.on('notification', received);
    client.on('error', () => reconnect(client));
    client.on('end', () => reconnect(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      listener = client;
      // Whatever was written while no one listened is unknown.
      changes.bumpFromElsewhere('*');
    } catch {
      reconnect(client);
    }
  }

  function reconnect(client: pg.Client): void {
    if (dropped.has(client)) return;
    dropped.add(client);
    if (listener === client) listener = null;
    client.removeAllListeners();
    client.on('error', () => {});
    client.end().catch(() => {});
    if (!closed) setTimeout(() => void listen(), RECONNECT_MS).unref();
  }

  return {
    started: listen(),
    async close(): Promise<void> {
      closed = true;
      const client = listener;
      listener = null;
      if (client) {
        client.removeAllListeners();
        client.on('error', () => {});
        await client.end().catch(() => {});
      }
    },
  };
}

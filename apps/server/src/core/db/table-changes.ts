import type { MessagePort } from 'node:worker_threads';
import { getTableName, is, Table } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { type DrizzleSession, type QueryMetadata, queryMetadataOf, sessionOf } from './drizzle-session';
import * as schema from './schema';
import { noteReads, readTables, recordingReads } from './table-reads';

/**
 * Which tables were written, and when, as a counter per process: what lets a read be reused
 * until a table it came from changes (`read-cache.ts`). Every statement drizzle sends passes
 * through `trackTableUse`, so no repository can forget to report a write, and no kept read can
 * forget a table it read (`table-reads.ts`).
 */
export interface TableChanges {
  /** The counter now: a read made after this moment sees every write counted up to it. */
  now(): number;
  /** The newest change among `tables` (names), or of all tables at once. */
  changedAt(tables: Iterable<string>): number;
  /** Records writes to `tables`, with what their foreign keys cascade to; `'*'` is every table. */
  bump(tables: readonly string[] | '*'): void;
  /** Records writes another process reported (they were broadcast there already). */
  bumpFromElsewhere(tables: readonly string[] | '*'): void;
  /** Called after each local bump (the broadcast to other processes and threads listens here); returns the way to stop. */
  onLocalBump(listener: (tables: readonly string[] | '*') => void): () => void;
}

/** Words of SQL text that may write; a statement with none of them only reads. */
const WRITE_WORDS =
  /\b(insert|update|delete|truncate|merge|copy|create|alter|drop|call|do|refresh|grant)\b/gi;
/** Clauses with those words that write nothing of their own: row locks, an upsert's action. */
const NOT_WRITES = /\bfor\s+(no\s+key\s+)?(update|share)\b|\bdo\s+(nothing|update\s+set)\b/gi;
/** The table a plain `insert into`, `update` or `delete from` names (quoted or not). */
const WRITE_TARGET = /^(?:insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/i;

/** Tables whose rows a write to each table can change through `on delete/update cascade` or `set null`. */
export function cascadeTargets(tables: readonly PgTable[]): Map<string, string[]> {
  const direct = new Map<string, Set<string>>();
  for (const table of tables) {
    const child = getTableName(table);
    for (const key of getTableConfig(table).foreignKeys) {
      const actions = [key.onDelete, key.onUpdate];
      if (!actions.some((action) => action && action !== 'no action' && action !== 'restrict')) continue;
      const parent = getTableName(key.reference().foreignTable);
      direct.set(parent, (direct.get(parent) ?? new Set()).add(child));
    }
  }
  const reach = new Map<string, string[]>();
  for (const parent of direct.keys()) {
    const seen = new Set<string>();
    const queue = [parent];
    while (queue.length > 0) {
      for (const child of direct.get(queue.pop() as string) ?? []) {
        if (seen.has(child)) continue;
        seen.add(child);
        queue.push(child);
      }
    }
    reach.set(parent, [...seen]);
  }
  return reach;
}

const schemaTables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, Table),
);
const TABLE_NAMES = new Set(schemaTables.map((table) => getTableName(table)));

export function createTableChanges(cascades = cascadeTargets(schemaTables)): TableChanges {
  let counter = 0;
  let allChangedAt = 0;
  const changedAt = new Map<string, number>();
  const listeners: ((tables: readonly string[] | '*') => void)[] = [];

  function record(tables: readonly string[] | '*'): void {
    counter += 1;
    if (tables === '*') {
      allChangedAt = counter;
      return;
    }
    for (const table of tables) {
      changedAt.set(table, counter);
      for (const child of cascades.get(table) ?? []) changedAt.set(child, counter);
    }
  }

  return {
    now: () => counter,
    changedAt(tables) {
      let newest = allChangedAt;
      for (const table of tables) newest = Math.max(newest, changedAt.get(table) ?? 0);
      return newest;
    },
    bump(tables) {
      record(tables);
      for (const listener of listeners) listener(tables);
    },
    bumpFromElsewhere: record,
    onLocalBump(listener) {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  };
}

/**
 * The tables SQL text writes: each `insert into`, `update` and `delete from` (in CTEs too) must
 * name a table of the schema; any other writing word, or a name that is not a table (a
 * partition, a view), makes it every table.
 */
function rawWriteTargets(text: string): string[] | '*' | null {
  const targets: string[] = [];
  const words = text.replace(NOT_WRITES, ' ');
  for (const match of words.matchAll(WRITE_WORDS)) {
    const name = WRITE_TARGET.exec(words.slice(match.index))?.[1]?.toLowerCase();
    if (!name || !TABLE_NAMES.has(name)) return '*';
    targets.push(name);
  }
  return targets.length > 0 ? targets : null;
}

/**
 * The tables a statement writes: from drizzle's own description of an insert, update or delete
 * it built, or from SQL text sent with `db.execute`; `'*'` when they are not known; null for a
 * read.
 */
export function writtenTables(query: { sql: string }, metadata: QueryMetadata | undefined) {
  if (metadata) return metadata.type === 'select' || metadata.tables.length === 0 ? null : metadata.tables;
  return rawWriteTargets(query.sql);
}

/**
 * Exchanges counted writes with another thread of this process over `port`, as the NOTIFY
 * broadcast does between processes: both threads' kept reads see the other's writes at once.
 * Returns the way to stop.
 */
export function shareChanges(changes: TableChanges, port: MessagePort): () => void {
  const stopSending = changes.onLocalBump((tables) => port.postMessage(tables));
  port.on('message', (tables: readonly string[] | '*') => changes.bumpFromElsewhere(tables));
  port.unref();
  return () => {
    stopSending();
    port.close();
  };
}

/**
 * Reports each write of the session's statements to `onWrite` once the statement is done, and
 * the tables each statement reads to the load recording them, if any.
 */
function hookStatements(session: DrizzleSession, onWrite: (tables: readonly string[] | '*') => void): void {
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = (query, ...rest) => {
    if (recordingReads()) noteReads(readTables(query.sql, TABLE_NAMES));
    const prepared = prepare(query, ...rest);
    const written = writtenTables(query, queryMetadataOf(rest));
    if (!written) return prepared;
    const { execute, all } = prepared;
    prepared.execute = (...args) => execute.apply(prepared, args).finally(() => onWrite(written));
    if (all) prepared.all = (...args) => all.apply(prepared, args).finally(() => onWrite(written));
    return prepared;
  };
}

/**
 * Notes the tables each statement through `db` reads (`table-reads.ts`), and counts every write
 * in `changes`: a statement on its own once it has run
 * (committed), a transaction's statements once the transaction has ended, committed or rolled
 * back. Never earlier: a read between a write and its commit must not be kept as the new state.
 */
export function trackTableUse(db: object, changes: TableChanges): void {
  const root = sessionOf(db);
  hookStatements(root, (tables) => changes.bump(tables));
  const transaction = root.transaction.bind(root);
  root.transaction = async (run, config) => {
    const written = new Set<string>();
    let everything = false;
    try {
      return await transaction((tx) => {
        // Each transaction has a session of its own (a pool client, or PGlite's transaction).
        hookStatements(tx.session, (tables) => {
          if (tables === '*') everything = true;
          else for (const table of tables) written.add(table);
        });
        return run(tx);
      }, config);
    } finally {
      if (everything) changes.bump('*');
      else if (written.size > 0) changes.bump([...written]);
    }
  };
}

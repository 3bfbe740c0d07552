import type { Database } from './client';
import type { TableChanges } from './table-changes';
import { noteReads, recordingReads, recordReads, type TableSet } from './table-reads';

/**
 * Reads kept in memory until a table they came from is written (`table-changes.ts`). The tables
 * are those the load's statements read, recorded as they run (`table-reads.ts`), with those of
 * kept reads it used. Services built on a transaction get `noReadCache`: they must see their
 * own transaction, never a copy.
 */
export interface ReadCache {
  /**
   * `load()`'s answer for `key`, made again once a table it read was written after it started.
   * The answer is shared between callers: never change it.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export const noReadCache: ReadCache = { read: (_key, load) => load() };

interface Entry {
  /** The change counter before the load began: the entry holds while no table changed after it. */
  since: number;
  storedAt: number;
  value: Promise<unknown>;
  /** The tables the load read; null until it has finished (meanwhile any write makes it stale). */
  reads: TableSet | null;
  /** What it counts against `maxBytes` once loaded (0 before). */
  bytes: number;
}

export interface ReadCacheOptions {
  /** Entries older than this are loaded again (PostgreSQL: writes of other processes arrive late). */
  maxAgeMs: number;
  maxEntries?: number;
  /**
   * With `sizeOf`: the most the loaded entries may weigh, their keys' length and `sizeOf(value)`
   * summed; the oldest go first once it is passed.
   */
  maxBytes?: number;
  sizeOf?: (value: unknown) => number;
  /**
   * With it, a key's value is kept only from the key's second read among about this many keys
   * last read (a doorkeeper): a value asked for once is made and not kept, so one-off answers
   * neither cost the keeping nor push out those asked for again.
   */
  doorkeeperKeys?: number;
  /** Milliseconds of a monotonic clock (tests hand in their own). */
  now?: () => number;
}

/** FNV-1a of the key's UTF-16 code units: what the doorkeeper remembers of a key (a clash only keeps a value). */
function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  return hash;
}

/** Whether a key was read before among about `size` keys last read: two generations of hashes, the older dropped in turn. */
function createDoorkeeper(size: number) {
  let current = new Set<number>();
  let previous = new Set<number>();
  return {
    seenBefore(key: string): boolean {
      const hash = keyHash(key);
      if (current.has(hash) || previous.has(hash)) return true;
      current.add(hash);
      if (current.size >= size) {
        previous = current;
        current = new Set();
      }
      return false;
    },
  };
}

/** What a cache may keep. */
export type ReadCacheBounds = Pick<ReadCacheOptions, 'maxEntries' | 'maxBytes' | 'sizeOf' | 'doorkeeperKeys'>;

export function createReadCache(changes: TableChanges, options: ReadCacheOptions): ReadCache {
  const {
    maxAgeMs,
    maxEntries = 10_000,
    maxBytes = Number.POSITIVE_INFINITY,
    sizeOf,
    doorkeeperKeys,
    now = () => performance.now(),
  } = options;
  const entries = new Map<string, Entry>();
  const doorkeeper = doorkeeperKeys ? createDoorkeeper(doorkeeperKeys) : null;
  let bytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  }

  /**
   * Counts a loaded entry's size, then drops the oldest entries while the cache weighs too much;
   * an entry larger than the whole limit is not kept (it would push out everything else).
   */
  function weigh(key: string, entry: Entry, value: unknown) {
    if (!sizeOf || entries.get(key) !== entry) return;
    const size = key.length + sizeOf(value);
    if (size > maxBytes) {
      remove(key);
      return;
    }
    entry.bytes = size;
    bytes += size;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  function lastChangeOf(reads: TableSet | null): number {
    return reads === null || reads === '*' ? changes.now() : changes.changedAt(reads);
  }

  function fresh(entry: Entry | undefined): entry is Entry {
    return (
      entry !== undefined && lastChangeOf(entry.reads) <= entry.since && now() - entry.storedAt < maxAgeMs
    );
  }

  /** A kept answer counts as read by the load using it, if one is recording: its tables are noted once it is there. */
  function reuse<T>(entry: Entry): Promise<T> {
    if (!recordingReads()) return entry.value as Promise<T>;
    return (entry.value as Promise<T>).then((value) => {
      noteReads(entry.reads ?? '*');
      return value;
    });
  }

  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (fresh(entry)) return reuse(entry);
      if (!entry && doorkeeper && !doorkeeper.seenBefore(key)) return load();
      // Read before the load runs: a write counted during the load makes the entry stale.
      const since = changes.now();
      const stored: Entry = { since, storedAt: now(), value: Promise.resolve(), bytes: 0, reads: null };
      // Callers that miss together share one load (its promise is the entry).
      const value = recordReads(load).then(({ value, reads }) => {
        stored.reads = reads;
        return value;
      });
      stored.value = value;
      // The oldest stored goes first when full; a key stored again moves to the end.
      remove(key);
      if (entries.size >= maxEntries) remove(entries.keys().next().value as string);
      entries.set(key, stored);
      value.then(
        (loaded) => weigh(key, stored, loaded),
        () => {
          if (entries.get(key) === stored) remove(key);
        },
      );
      return value;
    },
  };
}

/**
 * How long a kept read is used on PostgreSQL: other processes' writes arrive by `NOTIFY` within
 * milliseconds; this bounds what a lost notification could cost.
 */
export const POSTGRES_MAX_AGE_MS = 5_000;

/**
 * A read cache of a database, bounded as `bounds` say (a number of entries, or bytes with the
 * size of a value); on PGlite every write is made in this process and counted, so nothing needs
 * an age limit there.
 */
export function readCacheOf(database: Database, bounds: ReadCacheBounds): ReadCache {
  const maxAgeMs = database.kind === 'postgres' ? POSTGRES_MAX_AGE_MS : Number.POSITIVE_INFINITY;
  return createReadCache(database.changes, { maxAgeMs, ...bounds });
}

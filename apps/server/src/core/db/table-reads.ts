import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which tables a load read, recorded from the statements it sent (`table-changes.ts` hooks
 * them): a kept read (`read-cache.ts`) then lasts until one of exactly those tables is written,
 * with no list written by hand to forget a new join in.
 */

/** Table names, or `'*'`: every table (a statement whose tables were not known). */
export type TableSet = ReadonlySet<string> | '*';

interface Recording {
  tables: Set<string>;
  everything: boolean;
}

const recording = new AsyncLocalStorage<Recording>();

/** Whether a load is recording what it reads here (reading SQL text costs only then). */
export function recordingReads(): boolean {
  return recording.getStore() !== undefined;
}

/** Adds `tables` to what the running load has read; outside a load it does nothing. */
export function noteReads(tables: Iterable<string> | '*'): void {
  const current = recording.getStore();
  if (!current) return;
  if (tables === '*') current.everything = true;
  else for (const table of tables) current.tables.add(table);
}

/** Runs `load` and answers what it read; the tables count as read by the enclosing load too. */
export async function recordReads<T>(load: () => Promise<T>): Promise<{ value: T; reads: TableSet }> {
  const current: Recording = { tables: new Set(), everything: false };
  const value = await recording.run(current, load);
  const reads = current.everything ? '*' : current.tables;
  noteReads(reads);
  return { value, reads };
}

/** `name` between optional double quotes, after an optional `public.`. */
const NAME = String.raw`(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?`;
/** What follows `from` or `join`: a subquery, or a name and perhaps the `(` of a function call. */
const SOURCE = new RegExp(String.raw`\b(?:from|join)\s+(?:lateral\s+)?(?:\(|${NAME}\s*(\()?)`, 'gi');
/** The names a `with` clause defines: read like tables, but they are the statement's own. */
const CTE = new RegExp(
  String.raw`(?:\bwith(?:\s+recursive)?|,)\s*${NAME}\s*(?:\([^)]*\)\s*)?as\s*(?:not\s+)?(?:materialized\s*)?\(`,
  'gi',
);
/** A comma after a source's name (and alias) names another source: `from a, b`. */
const COMMA_JOIN = new RegExp(String.raw`\bfrom\s+${NAME}(?:\s+(?:as\s+)?"?[a-z_][a-z0-9_]*"?)?\s*,`, 'i');
/** `from` that does not name a source: inside extract() or trim(), and IS [NOT] DISTINCT FROM. */
const NOT_SOURCES = /\bextract\s*\(\s*\w+\s+from\b|\bdistinct\s+from\b|\btrim\s*\([^()]*?\bfrom\b/gi;
const STRING_LITERALS = /'(?:[^']|'')*'/g;

/**
 * The tables SQL text reads: each name after `from` or `join` that is one of `tables`; `'*'`
 * when a source is neither a table, a function, a subquery nor one of the statement's own
 * `with` names (a view, a partition), or when sources are listed with commas.
 */
export function readTables(text: string, tables: ReadonlySet<string>): string[] | '*' {
  const sql = text.replace(STRING_LITERALS, "''").replace(NOT_SOURCES, ' ');
  if (COMMA_JOIN.test(sql)) return '*';
  const own = new Set([...sql.matchAll(CTE)].map((match) => match[1]?.toLowerCase()));
  const read = new Set<string>();
  for (const [, name, call] of sql.matchAll(SOURCE)) {
    if (!name || call) continue;
    const table = name.toLowerCase();
    if (tables.has(table)) read.add(table);
    else if (!own.has(table)) return '*';
  }
  return [...read];
}

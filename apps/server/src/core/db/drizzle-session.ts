/**
 * The drizzle internals the write counter (`table-changes.ts`) hooks, named here and nowhere
 * else; `drizzle-session.test.ts` fails when a drizzle upgrade changes them.
 */

/** What drizzle tells about a query it built itself: its kind and the tables it names. */
export interface QueryMetadata {
  type: 'select' | 'insert' | 'update' | 'delete';
  tables: string[];
}

/** A prepared statement: running it sends the statement. */
export interface PreparedStatement {
  execute(...args: unknown[]): Promise<unknown>;
  all?(...args: unknown[]): Promise<unknown>;
}

/** drizzle's session: every statement of a database or transaction object is prepared here. */
export interface DrizzleSession {
  prepareQuery(query: { sql: string }, ...rest: unknown[]): PreparedStatement;
  transaction(run: (tx: { session: DrizzleSession }) => Promise<unknown>, config?: unknown): Promise<unknown>;
}

/** The session behind a drizzle database or transaction object. */
export function sessionOf(db: object): DrizzleSession {
  return (db as { session: DrizzleSession }).session;
}

/** The metadata `prepareQuery` receives after the query (its fifth argument after the query), if any. */
export function queryMetadataOf(rest: readonly unknown[]): QueryMetadata | undefined {
  return rest[4] as QueryMetadata | undefined;
}

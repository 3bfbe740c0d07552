import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DrizzleSession, type QueryMetadata, queryMetadataOf, sessionOf } from './drizzle-session';

const gauges = pgTable('gauges', { id: integer('id').notNull() });

/** Records what every statement of `session` was prepared with. */
function recordPrepared(session: DrizzleSession) {
  const seen: { sql: string; metadata: QueryMetadata | undefined }[] = [];
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = (query, ...rest) => {
    seen.push({ sql: query.sql, metadata: queryMetadataOf(rest) });
    return prepare(query, ...rest);
  };
  return seen;
}

/** What the write counter relies on in drizzle; a drizzle upgrade that changes it fails here first. */
describe('the drizzle session the write counter hooks', () => {
  const pglite = new PGlite();
  const db = drizzle(pglite);

  beforeAll(() => db.execute(sql`create table gauges (id integer not null)`));
  afterAll(() => pglite.close());

  it('prepares each statement of the database object, with the kind and tables of a built query', async () => {
    const seen = recordPrepared(sessionOf(db));
    await db.insert(gauges).values({ id: 1 });
    await db.update(gauges).set({ id: 2 });
    await db.select().from(gauges);
    await db.execute(sql`delete from gauges`);
    // Only "a read or a write" and the tables are relied on: drizzle labels its updates 'insert'.
    const described = seen.map(
      ({ metadata }) => metadata && { reads: metadata.type === 'select', tables: metadata.tables },
    );
    expect(described).toEqual([
      { reads: false, tables: ['gauges'] },
      { reads: false, tables: ['gauges'] },
      { reads: true, tables: ['gauges'] },
      undefined,
    ]);
    expect(seen.at(-1)?.sql).toBe('delete from gauges');
  });

  it('runs a transaction through the session, handing it a session of its own', async () => {
    const inside: QueryMetadata[] = [];
    const session = sessionOf(db);
    const transaction = session.transaction.bind(session);
    session.transaction = (run, config) =>
      transaction((tx) => {
        const prepare = tx.session.prepareQuery.bind(tx.session);
        tx.session.prepareQuery = (query, ...rest) => {
          const metadata = queryMetadataOf(rest);
          if (metadata) inside.push(metadata);
          return prepare(query, ...rest);
        };
        return run(tx);
      }, config);
    await db.transaction(async (tx) => {
      await tx.insert(gauges).values({ id: 3 });
    });
    expect(inside).toEqual([{ type: 'insert', tables: ['gauges'] }]);
  });
});

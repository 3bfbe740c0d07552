/**
 * How long a location import and a bulk delete hold the embedded database (issue 24): PGlite is
 * one connection, so the longest single statement or transaction of the request is how long every
 * other request (and /readyz) waits. Through the API on in-memory PGlite: a 5,000-row import (its
 * preview first), then a bulk delete of those 5,000 locations, each with BENCH_HISTORY_DAYS (35,
 * the backfill window) days of rainfall, one hour and quarter in five wet (their rows go with them
 * by cascade). Prints the request's time, how many
 * statements and transactions it ran, and their median and longest hold; nothing passes or fails.
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { monthsCovering } from '../apps/server/src/features/rainfall/intervals';
import { createRainfallRepository } from '../apps/server/src/features/rainfall/rainfall.repository';
import { bearer, buildOwnedClient, generatedRows, login } from '../apps/server/src/test/factories';
import { createTestApp } from '../apps/server/src/test/test-app';

const ROWS = 5000;
const HISTORY_DAYS = Number(process.env.BENCH_HISTORY_DAYS ?? 35);
const NOW = new Date('2026-07-31T12:00:00Z');

/** Times every top-level statement and transaction of `pglite` since `reset()`: the longest and the median. */
function holdTimer(pglite: PGlite) {
  let holds: number[] = [];
  const timed =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      try {
        return await run(...args);
      } finally {
        holds.push(performance.now() - started);
      }
    };
  pglite.query = timed(pglite.query.bind(pglite)) as typeof pglite.query;
  pglite.exec = timed(pglite.exec.bind(pglite)) as typeof pglite.exec;
  pglite.transaction = timed(pglite.transaction.bind(pglite)) as typeof pglite.transaction;
  return {
    reset: () => {
      holds = [];
    },
    figures: () => {
      const sorted = holds.toSorted((a, b) => a - b);
      return {
        holds: sorted.length,
        median_hold_ms: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
        longest_hold_ms: Math.round(sorted.at(-1) ?? 0),
      };
    },
  };
}

/** A wet hour in five and a wet quarter in five over the last week, at each of the account's locations. */
async function addRainfall(t: Awaited<ReturnType<typeof createTestApp>>, clientId: number) {
  const repository = createRainfallRepository(t.database.db);
  const start = new Date(NOW.getTime() - HISTORY_DAYS * 86_400_000);
  for (const product of ['15m', '1h'] as const) {
    await repository.ensurePartitions(product, monthsCovering(start, NOW));
  }
  const sourceId = await repository.sourceId('simulator');
  for (const [table, step] of [
    ['rainfall_hourly', '1 hour'],
    ['rainfall_15m', '15 minutes'],
  ] as const) {
    await t.database.db.execute(sql`
      insert into ${sql.raw(table)} (location_id, ends_at, amount, pass, source_id)
      select l.id, g, 0.1, 2, ${sourceId}
        from locations l, generate_series(${start.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz, ${step}::interval) g
       where l.client_id = ${clientId} and (l.id + extract(epoch from g)::bigint / 900) % 5 = 0`);
  }
}

async function main() {
  const t = await createTestApp({ clock: { now: () => NOW } });
  if (t.database.kind !== 'pglite') throw new Error('this benchmark measures the embedded database');
  const hold = holdTimer(t.database.pglite as PGlite);
  const { user, client } = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
  const { token } = await login(t.app, user.email);
  const post = async (url: string, payload: Record<string, unknown>) => {
    hold.reset();
    const started = performance.now();
    const response = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return { request_ms: Math.round(performance.now() - started), ...hold.figures() };
  };

  const rows = generatedRows(ROWS);
  const figures: Record<string, Awaited<ReturnType<typeof post>>> = {};
  figures[`import preview, ${ROWS} rows`] = await post('/api/locations/import', { rows, preview: true });
  figures[`import, ${ROWS} rows`] = await post('/api/locations/import', { rows });
  await addRainfall(t, client.id);
  const ids = await t.services.locations.allIdsInClient(client.id);
  figures[`bulk delete, ${ids.length} locations with ${HISTORY_DAYS} days of rain`] = await post(
    '/api/locations/bulk-delete',
    { ids },
  );
  console.table(figures);
  await t.close();
}

await main();

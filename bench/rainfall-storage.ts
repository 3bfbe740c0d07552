import { sql } from 'drizzle-orm';
import type { openScratchDatabase } from '../apps/server/src/core/db/scratch';
import type { IngestReport } from '../apps/server/src/features/rainfall/ingestion.service';
import { monthsCovering } from '../apps/server/src/features/rainfall/intervals';
import { createSources } from '../apps/server/src/features/sources';
import type { Services } from '../apps/server/src/services';
import { saveResults } from './save-results';
import { type Execute, openScratchServices } from './scratch-services';

const LOCATIONS = Number(process.env.BENCH_LOCATIONS ?? 100_000);
const HISTORY_DAYS = Number(process.env.BENCH_HISTORY_DAYS ?? 7);
/** A July evening: summer storms over the Southeast and Plains. */
const HOUR_END = new Date('2026-07-31T23:00:00Z');
const HOUR = 3_600_000;
const READ_REPEATS = 15;

export interface IngestionRow {
  database: string;
  step: string;
  fields: number;
  values: number;
  wet_rows: number;
  seconds: number;
  values_per_second: number;
  wet_rows_per_second: number;
}

export interface ReadRow {
  database: string;
  read: string;
  median_ms: number;
  p90_ms: number;
}

export interface StorageRow {
  database: string;
  table: string;
  rows: number;
  bytes_per_row: number;
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Deterministic spread over the contiguous US: 25-49 N, 124-67 W. */
async function insertLocations(execute: Execute) {
  await execute(sql`insert into clients (account_name) values ('Benchmark')`);
  await execute(sql`
    insert into locations (client_id, name, latitude, longitude, data_start_date)
    select (select max(id) from clients), 'Bench ' || g,
           25 + 24 * ((g * 7919) % 10007) / 10007.0, -124 + 57 * ((g * 104729) % 10009) / 10009.0, '2026-01-01'
      from generate_series(1::bigint, ${LOCATIONS}) as g`);
}

async function benchDatabase(databaseUrl: string | undefined) {
  const label = databaseUrl ? 'postgres' : 'pglite';
  const { clock, config, database, services, execute, repository } = await openScratchServices(
    databaseUrl,
    new Date(HOUR_END.getTime() + HOUR + 5 * 60_000),
  );

  await insertLocations(execute);
  const historyStart = new Date(HOUR_END.getTime() - HOUR - HISTORY_DAYS * 24 * HOUR);
  const threeYearsBack = new Date(Date.UTC(HOUR_END.getUTCFullYear() - 3, HOUR_END.getUTCMonth(), 1));
  for (const product of ['15m', '1h'] as const) {
    await repository.ensurePartitions(product, monthsCovering(threeYearsBack, HOUR_END));
  }
  const sourceId = await repository.sourceId('simulator');
  const historyStarted = performance.now();
  await fillHistory(execute, sourceId, historyStart, new Date(HOUR_END.getTime() - HOUR));
  console.log(
    `${label}: ${HISTORY_DAYS} days of history for ${LOCATIONS} locations in ${round((performance.now() - historyStarted) / 1000)} s`,
  );

  const ingestion: IngestionRow[] = [];
  const points = await services.locations.allPoints();
  const timed = async (
    step: string,
    fields: number,
    run: () => Promise<Pick<IngestReport, 'rows'> | number>,
  ) => {
    const started = performance.now();
    const outcome = await run();
    const seconds = (performance.now() - started) / 1000;
    const values = fields * points.length;
    const wetRows = typeof outcome === 'number' ? outcome : outcome.rows;
    ingestion.push({
      database: label,
      step,
      fields,
      values,
      wet_rows: wetRows,
      seconds: round(seconds, 2),
      values_per_second: Math.round(values / seconds),
      wet_rows_per_second: Math.round(wetRows / seconds),
    });
  };

  // The simulator alone (a fresh instance, nothing cached), to tell sampling from storing.
  const simulator = createSources(config).precipitation;
  await timed('sampling only: 4 quarters + Pass 1 (simulator, no database)', 5, async () => {
    let wet = 0;
    for (let back = 3; back >= 0; back--) {
      const field = await simulator.field('15m', new Date(HOUR_END.getTime() - back * 15 * 60_000), 1);
      wet += field?.sample(points).filter((value) => (value ?? 0) > 0).length ?? 0;
    }
    const hourly = await simulator.field('1h', HOUR_END, 1);
    return wet + (hourly?.sample(points).filter((value) => (value ?? 0) > 0).length ?? 0);
  });
  const hourRange = [new Date(HOUR_END.getTime() - HOUR), HOUR_END] as const;
  await timed('ingest: 4 quarters + Pass 1', 5, () => services.ingestion.ingestRange(...hourRange));
  clock.current = new Date(HOUR_END.getTime() + 2 * HOUR + 5 * 60_000);
  await timed('ingest: Pass 2 replacing Pass 1', 1, () => services.ingestion.ingestRange(...hourRange));
  await timed('ingest again, forced: nothing changes', 6, () =>
    services.ingestion.ingestRange(...hourRange, true),
  );

  const reads = await benchReads(
    label,
    services,
    points.map((point) => point.id),
  );
  const storage = await storageFigures(label, database.db);
  await database.close();
  return { ingestion, reads, storage };
}

/** Set-based synthetic history: about 7% of hours and 4% of quarters wet, as in the simulator's climate. */
export async function fillHistory(execute: Execute, sourceId: number, from: Date, to: Date) {
  for (let day = from.getTime(); day < to.getTime(); day += 24 * HOUR) {
    const [start, end] = [
      new Date(day + HOUR).toISOString(),
      new Date(Math.min(day + 24 * HOUR, to.getTime())).toISOString(),
    ];
    await execute(sql`
      insert into rainfall_hourly (location_id, ends_at, amount, pass, source_id)
      select l.id, h, (1 + (l.id * 13 + extract(epoch from h)::bigint / 3600 * 7) % 60) / 100.0, 2, ${sourceId}
        from locations l cross join generate_series(${start}::timestamptz, ${end}::timestamptz, interval '1 hour') as h
       where (l.id * 31 + extract(epoch from h)::bigint / 3600 * 17) % 100 < 7`);
    await execute(sql`
      insert into rainfall_15m (location_id, ends_at, amount, pass, source_id)
      select l.id, q, (1 + (l.id * 11 + extract(epoch from q)::bigint / 900 * 5) % 30) / 100.0, 1, ${sourceId}
        from locations l
        cross join generate_series(${start}::timestamptz - interval '45 minutes', ${end}::timestamptz, interval '15 minutes') as q
       where (l.id * 29 + extract(epoch from q)::bigint / 900 * 13) % 100 < 4`);
  }
}

async function timeRead(run: () => Promise<unknown>) {
  await run();
  await run();
  const times: number[] = [];
  for (let i = 0; i < READ_REPEATS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    median_ms: round(times[Math.floor(times.length / 2)] ?? 0),
    p90_ms: round(times[Math.floor(times.length * 0.9)] ?? 0),
  };
}

async function benchReads(label: string, services: Services, ids: number[]): Promise<ReadRow[]> {
  const { rainfall } = services;
  const page = ids.filter((_, index) => index % Math.floor(ids.length / 250) === 0).slice(0, 250);
  const one = page[100] ?? 1;
  const reads: [string, () => Promise<unknown>][] = [
    ['24-hour totals, 250 locations', () => rainfall.trailing24h(page, HOUR_END)],
    [`24-hour totals, all ${ids.length} locations`, () => rainfall.trailing24h(ids, HOUR_END)],
    [
      'hourly series, 1 location, 3 days',
      () => rainfall.series('1h', one, new Date(HOUR_END.getTime() - 71 * HOUR), HOUR_END),
    ],
    [
      '15-minute series, 1 location, 12 hours',
      () => rainfall.series('15m', one, new Date(HOUR_END.getTime() - 12 * HOUR + 15 * 60_000), HOUR_END),
    ],
    ['daily totals, 250 locations, 3 days', () => rainfall.dailyTotals(page, '2026-07-29', '2026-07-31')],
  ];
  const rows: ReadRow[] = [];
  for (const [read, run] of reads) rows.push({ database: label, read, ...(await timeRead(run)) });
  return rows;
}

async function storageFigures(label: string, db: Awaited<ReturnType<typeof openScratchDatabase>>['db']) {
  const rows: StorageRow[] = [];
  for (const table of ['rainfall_hourly', 'rainfall_15m']) {
    const result = (await db.execute(sql`
      select count(*)::int as rows,
             (select sum(pg_total_relation_size(inhrelid))::float8 from pg_inherits where inhparent = ${table}::regclass) as bytes
        from ${sql.raw(table)}`)) as unknown as { rows: { rows: number; bytes: number }[] };
    const figures = result.rows[0];
    if (figures)
      rows.push({
        database: label,
        table,
        rows: figures.rows,
        bytes_per_row: round(figures.bytes / figures.rows),
      });
  }
  return rows;
}

/** Runs on PGlite, and on PostgreSQL when DATABASE_URL is set; prints the tables and saves them. */
export async function benchRainfallStorage(databaseUrl: string | undefined) {
  const runs = [await benchDatabase(undefined)];
  if (databaseUrl) runs.push(await benchDatabase(databaseUrl));
  const ingestion = runs.flatMap((run) => run.ingestion);
  const reads = runs.flatMap((run) => run.reads);
  const storage = runs.flatMap((run) => run.storage);
  console.table(ingestion);
  console.table(reads);
  console.table(storage);
  const settings = { locations: LOCATIONS, history_days: HISTORY_DAYS, hour_end: HOUR_END.toISOString() };
  saveResults('rainfall-storage', { ...settings, ingestion, reads, storage });
}

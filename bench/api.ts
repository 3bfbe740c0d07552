/**
 * The read API beside its goals (issue 18): requests per second and p99 of the hot routes at 10
 * and 50 connections, each as a share of a trivial route measured in the same run, on PGlite and
 * (with DATABASE_URL) PostgreSQL. Runs alone with `npm run bench:api`; BENCH_DATABASES
 * (`pglite,postgres`) and BENCH_ROUTES (words of the route names) pick a part, BENCH_SECONDS sets
 * the time per measurement. Each route is called 250 times, not counted, before it is measured
 * (warm: every `hourly_data` id once). Figures are printed and saved to bench/results/api.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import type { Services } from '../apps/server/src/services';
import { openDemoServices } from './demo-app';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTION_COUNTS = [10, 50] as const;
const BENCH_LOCATIONS = 250;
const HISTORY_DAYS = 3;
const DAY = 24 * 3_600_000;
/** The goals of issue 18: a share of the trivial route, and p99 by connection count. */
const GOAL_SHARE = 0.25;
const GOAL_P99_MS: Record<number, number> = { 10: 50, 50: 200 };
const TRIVIAL = 'trivial route (ceiling)';
/** Measured for the record, without a goal: argon2id makes sign-in slow by design. */
const NO_GOAL = new Set([TRIVIAL, 'POST /auth/jwt/login (argon2id)']);

export interface ApiRow {
  database: string;
  route: string;
  connections: number;
  'req/s': number;
  '% of trivial': string;
  'goal %': string;
  'p50 ms': number;
  'p99 ms': number;
  'goal p99 ms': number | string;
  errors: number;
  met: string;
}

interface Measured {
  route: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, connections: number, options: Partial<autocannon.Options>) {
  const result = await autocannon({ url, connections, duration: DURATION_SECONDS, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * Gives the silver demo account 250 more sites along the Gulf and Atlantic coasts and ingests
 * the last three days of simulator rainfall for every location. Returns the 250 new ids. The
 * gold account keeps its 4 sites for `GET /api/locations`.
 */
async function addBenchLocations(services: Services): Promise<number[]> {
  const clientId = (await services.users.findByEmail('silver@pluvio.example'))?.primaryClientId;
  if (!clientId) throw new Error('the demo seed has no silver account');
  const rows = await services.locations.createMany(
    Array.from({ length: BENCH_LOCATIONS }, (_, index) => ({
      clientId,
      name: `Bench site ${index + 1}`,
      latitude: 26 + (index % 25) * 0.4,
      longitude: -97.5 + Math.floor(index / 25) * 1.6,
      h24Threshold: 0.5,
      rapidrainThreshold: 0.25,
      dataStartDate: '2026-01-01',
    })),
  );
  const now = services.clock.now();
  await services.ingestion.ingestRange(new Date(now.getTime() - HISTORY_DAYS * DAY), now);
  return rows.map((row) => row.id);
}

async function signIn(address: string, email: string): Promise<string> {
  const login = await fetch(`${address}/auth/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: 'Rainfall#2026' }),
  });
  return ((await login.json()) as { access_token: string }).access_token;
}

const bearer = async (address: string, email: string) => ({
  authorization: `Bearer ${await signIn(address, email)}`,
});

/** The routes measured, each with its autocannon options. */
async function routesOf(address: string, benchIds: number[]) {
  const silver = await bearer(address, 'silver@pluvio.example');
  let next = 0;
  return [
    { route: TRIVIAL, path: '/bench/trivial', options: {} },
    {
      route: 'GET /users/me',
      path: '/users/me',
      options: { headers: await bearer(address, 'multi@pluvio.example') },
    },
    {
      route: 'GET /api/locations (4 locations)',
      path: '/api/locations',
      options: { headers: await bearer(address, 'gold@pluvio.example') },
    },
    {
      route: `POST /api/locations/24h_data (${BENCH_LOCATIONS} ids)`,
      path: '/api/locations/24h_data',
      options: {
        method: 'POST' as const,
        headers: { ...silver, 'content-type': 'application/json' },
        body: JSON.stringify(benchIds),
      },
    },
    {
      route: `GET /api/locations/{id}/hourly_data (${HISTORY_DAYS} days)`,
      path: '/api/locations',
      options: {
        headers: silver,
        requests: [
          {
            setupRequest: (request: autocannon.Request) => {
              next = (next + 1) % benchIds.length;
              return {
                ...request,
                path: `/api/locations/${benchIds[next]}/hourly_data?days=${HISTORY_DAYS}`,
              };
            },
          },
        ],
      },
    },
    {
      route: 'POST /auth/jwt/login (argon2id)',
      path: '/auth/jwt/login',
      options: {
        method: 'POST' as const,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=gold%40pluvio.example&password=Rainfall%232026',
      },
    },
  ];
}

function wanted(route: string): boolean {
  const words = process.env.BENCH_ROUTES?.split(',').map((word) => word.trim().toLowerCase());
  return route === TRIVIAL || !words || words.some((word) => route.toLowerCase().includes(word));
}

async function benchDatabase(label: string, databaseUrl: string | undefined): Promise<ApiRow[]> {
  // Sign-in is measured at 50 connections from one address: no per-address limit here.
  const { database, services } = await openDemoServices(databaseUrl, { SIGN_INS_PER_ADDRESS: '1000000' });
  const benchIds = await addBenchLocations(services);
  const app = await buildApp(services, { serveWeb: false, logger: false });
  app.get('/bench/trivial', async () => ({ ok: true }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const measured: Measured[] = [];
  try {
    for (const { route, path: urlPath, options } of await routesOf(address, benchIds)) {
      if (!wanted(route)) continue;
      // Not counted: one pass that fills what the server keeps (every hourly_data id once).
      await autocannon({ url: `${address}${urlPath}`, connections: 10, amount: BENCH_LOCATIONS, ...options });
      for (const connections of CONNECTION_COUNTS) {
        const figures = await measure(`${address}${urlPath}`, connections, options);
        measured.push({ route, connections, ...figures });
      }
    }
  } finally {
    await app.close();
    await database.close();
  }
  return measured.map((row) => beside(label, row, measured));
}

/** A measurement beside its goals and the trivial route's rate at the same connection count. */
function beside(label: string, row: Measured, all: Measured[]): ApiRow {
  const trivial = all.find((other) => other.route === TRIVIAL && other.connections === row.connections);
  const share = trivial ? row.requestsPerSecond / trivial.requestsPerSecond : 0;
  const goalP99 = GOAL_P99_MS[row.connections] ?? 0;
  const hasGoal = !NO_GOAL.has(row.route);
  const met = share >= GOAL_SHARE && row.p99 < goalP99 && row.errors === 0;
  return {
    database: label,
    route: row.route,
    connections: row.connections,
    'req/s': row.requestsPerSecond,
    '% of trivial': `${(share * 100).toFixed(1)} %`,
    'goal %': hasGoal ? `>= ${GOAL_SHARE * 100} %` : '',
    'p50 ms': row.p50,
    'p99 ms': row.p99,
    'goal p99 ms': hasGoal ? `< ${goalP99}` : '',
    errors: row.errors,
    met: hasGoal ? (met ? 'yes' : 'NO') : '',
  };
}

function databasesWanted(): { label: string; url: string | undefined }[] {
  const names = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim());
  const databases: { label: string; url: string | undefined }[] = [];
  if (names.includes('pglite')) databases.push({ label: 'pglite', url: undefined });
  if (names.includes('postgres') && process.env.DATABASE_URL)
    databases.push({ label: 'postgres', url: process.env.DATABASE_URL });
  return databases;
}

/** Measures the read API on each database wanted, prints the table and saves it. */
export async function benchApi(): Promise<ApiRow[]> {
  const rows: ApiRow[] = [];
  for (const { label, url } of databasesWanted()) rows.push(...(await benchDatabase(label, url)));
  console.table(rows);
  const outFile = path.join(import.meta.dirname, 'results', 'api.json');
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const saved = { measured_at: new Date().toISOString(), duration_seconds: DURATION_SECONDS, rows };
  fs.writeFileSync(outFile, `${JSON.stringify(saved, null, 2)}\n`);
  console.log(`saved ${path.relative(process.cwd(), outFile)}`);
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await benchApi();

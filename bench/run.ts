/**
 * Benchmarks: requests per second and latency of the hot API paths (sign-in, the current user,
 * the rainfall data calls for a 250-location account), each beside a trivial route measured in
 * the same run as this machine's ceiling; then rainfall storage at scale, the alert rules and the
 * daily report at scale, report files (PDF, XLSX, CSV, HTML) of 100 and 1,000 locations, and the
 * dashboard in Chromium with a 10,000-location account (with Lighthouse), and the MRMS decoder
 * beside ecCodes. Figures are printed
 * as tables and saved under bench/results/; nothing here passes or fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import type { createServices } from '../apps/server/src/services';
import { benchDashboard } from './dashboard';
import { openDemoServices } from './demo-app';
import { benchMrms } from './mrms';
import { benchNotifications } from './notifications';
import { benchRainfallStorage } from './rainfall-storage';
import { benchReports } from './reports';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const BENCH_LOCATIONS = 250;
const HISTORY_DAYS = 3;
const DAY = 24 * 3_600_000;

interface Row {
  database: string;
  route: string;
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
}

async function measure(url: string, options: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, ...options });
  return {
    requests_per_second: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

type Services = Awaited<ReturnType<typeof createServices>>;

/**
 * Gives the gold demo account 250 more sites along the Gulf and Atlantic coasts and ingests
 * the last three days of simulator rainfall for every location. Returns the 250 new ids.
 */
async function addBenchLocations(services: Services): Promise<number[]> {
  const clientId = (await services.users.findByEmail('gold@pluvio.example'))?.primaryClientId;
  if (!clientId) throw new Error('the demo seed has no gold account');
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

async function benchDatabase(databaseUrl: string | undefined): Promise<Row[]> {
  const label = databaseUrl ? 'postgres' : 'pglite';
  const { database, services } = await openDemoServices(databaseUrl);
  const benchIds = await addBenchLocations(services);
  const app = await buildApp(services, { serveWeb: false, logger: false });
  app.get('/bench/trivial', async () => ({ ok: true }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await signIn(address, 'multi@pluvio.example');
  const goldHeaders = { authorization: `Bearer ${await signIn(address, 'gold@pluvio.example')}` };

  const rows: Row[] = [];
  const run = async (route: string, urlPath: string, options: Partial<autocannon.Options> = {}) => {
    rows.push({ database: label, route, ...(await measure(`${address}${urlPath}`, options)) });
  };
  await run('trivial route (ceiling)', '/bench/trivial');
  await run('GET /users/me', '/users/me', { headers: { authorization: `Bearer ${token}` } });
  await run('POST /auth/jwt/login', '/auth/jwt/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'username=gold%40pluvio.example&password=Rainfall%232026',
  });
  await run(`POST /api/locations/24h_data (${BENCH_LOCATIONS} ids)`, '/api/locations/24h_data', {
    method: 'POST',
    headers: { ...goldHeaders, 'content-type': 'application/json' },
    body: JSON.stringify(benchIds),
  });
  let next = 0;
  await run('GET /api/locations/{id}/hourly_data (3 days)', '/api/locations', {
    headers: goldHeaders,
    requests: [
      {
        setupRequest: (request) => {
          next = (next + 1) % benchIds.length;
          return { ...request, path: `/api/locations/${benchIds[next]}/hourly_data?days=3` };
        },
      },
    ],
  });
  await app.close();
  await database.close();
  return rows;
}

const rows = await benchDatabase(undefined);
if (process.env.DATABASE_URL) rows.push(...(await benchDatabase(process.env.DATABASE_URL)));
console.table(rows);
const outFile = path.join(import.meta.dirname, 'results', 'api.json');
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(
  outFile,
  `${JSON.stringify({ measured_at: new Date().toISOString(), duration_seconds: DURATION_SECONDS, connections: CONNECTIONS, rows }, null, 2)}\n`,
);
console.log(`saved ${path.relative(process.cwd(), outFile)}`);

await benchRainfallStorage(process.env.DATABASE_URL);

await benchNotifications(process.env.DATABASE_URL);

await benchReports();

await benchMrms();

await benchDashboard();

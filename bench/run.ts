/**
 * Benchmarks: requests per second and latency of the foundation's hot paths, each beside a
 * trivial route measured in the same run as this machine's ceiling. Figures are printed as a
 * table and saved under bench/results/; nothing here passes or fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { openScratchDatabase } from '../apps/server/src/db/scratch';
import { seedDemoData } from '../apps/server/src/demo/seed';
import { createServices } from '../apps/server/src/services';
import { benchRainfallStorage } from './rainfall-storage';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

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

async function benchDatabase(databaseUrl: string | undefined): Promise<Row[]> {
  const label = databaseUrl ? 'postgres' : 'pglite';
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    DATABASE_URL: databaseUrl,
  });
  const database = await openScratchDatabase(databaseUrl);
  await migrateDatabase(database);
  const services = await createServices({
    config,
    database,
    clock: { now: () => new Date() },
    mailTransport: null,
  });
  await seedDemoData(services);
  const app = await buildApp(services, { serveWeb: false, logger: false });
  app.get('/bench/trivial', async () => ({ ok: true }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/auth/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'username=multi%40pluvio.example&password=Rainfall%232026',
  });
  const { access_token: token } = (await login.json()) as { access_token: string };

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
  await app.close();
  await database.close();
  return rows;
}

const rows = await benchDatabase(undefined);
if (process.env.DATABASE_URL) rows.push(...(await benchDatabase(process.env.DATABASE_URL)));
console.table(rows);
const outFile = path.join(import.meta.dirname, 'results', 'foundation.json');
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(
  outFile,
  `${JSON.stringify({ measured_at: new Date().toISOString(), duration_seconds: DURATION_SECONDS, connections: CONNECTIONS, rows }, null, 2)}\n`,
);
console.log(`saved ${path.relative(process.cwd(), outFile)}`);

await benchRainfallStorage(process.env.DATABASE_URL);

/**
 * No stall (issue 24): `npm start` on a fresh data folder, as a user runs it, with /healthz and
 * /readyz (which reads the database) sampled every 100 ms from the first answer, through the
 * start's catch-up, an import of 250 locations (and their history fills), and a 31-day PDF of all
 * of them. Prints each probe's answer times per phase beside the goal (never over 250 ms) and the
 * server's peak RSS; saves bench/results/stall.json. Nothing here passes or fails.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { saveResults } from './save-results';
import { serverNodeArgs } from './start-command';

const ROOT = path.resolve(import.meta.dirname, '..');
const GOAL_MS = 250;
const SAMPLE_EVERY_MS = 100;
const PROBES = ['/healthz', '/readyz'] as const;
const IMPORTED = 250;
const PHASE_LIMIT_MS = 240_000;
const PASSWORD = 'Rainfall#2026';

type Probe = (typeof PROBES)[number];
interface Sample {
  phase: string;
  probe: Probe;
  ms: number;
  ok: boolean;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, serverNodeArgs('start'), {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The server's peak resident memory (VmHWM), in MB. */
async function peakRssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Samples both probes every 100 ms, labelled with the phase under way, until stopped. */
function sampler(base: string) {
  const samples: Sample[] = [];
  let phase = 'start';
  let running = true;
  const probe = async (name: Probe) => {
    const started = performance.now();
    const ok = await fetch(`${base}${name}`, { signal: AbortSignal.timeout(30_000) })
      .then((response) => response.ok)
      .catch(() => false);
    samples.push({ phase, probe: name, ms: performance.now() - started, ok });
  };
  const loop = (async () => {
    while (running) {
      await Promise.all([Promise.all(PROBES.map(probe)), sleep(SAMPLE_EVERY_MS)]);
    }
  })();
  return {
    samples,
    setPhase: (next: string) => {
      phase = next;
    },
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

async function waitFor(what: string, check: () => Promise<boolean>, limitMs = PHASE_LIMIT_MS) {
  const deadline = Date.now() + limitMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not done in ${limitMs / 1000} s`);
    await sleep(500);
  }
}

async function api(base: string, token: string, url: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${url}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/auth/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: PASSWORD }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** 250 sites spread over Texas, as a CSV import sends them. */
function importRows() {
  return Array.from({ length: IMPORTED }, (_, index) => ({
    row: index + 2,
    name: `Stall site ${index + 1}`,
    latitude: 29 + (index % 25) * 0.2,
    longitude: -104 + Math.floor(index / 25) * 0.8,
    h24_threshold: 1,
    rapidrain_threshold: 0.25,
  }));
}

/** A calendar date of the product time zone, `days` from today. */
const productDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

function summarise(samples: Sample[]) {
  const phases = [...new Set(samples.map((sample) => sample.phase))];
  return phases.flatMap((phase) =>
    PROBES.map((probe) => {
      const times = samples.filter((s) => s.phase === phase && s.probe === probe).map((s) => s.ms);
      const failed = samples.filter((s) => s.phase === phase && s.probe === probe && !s.ok).length;
      const worst = Math.max(...times);
      return {
        phase,
        probe,
        samples: times.length,
        failed,
        p50_ms: Math.round(percentile(times, 0.5)),
        p99_ms: Math.round(percentile(times, 0.99)),
        max_ms: Math.round(worst),
        goal: `max <= ${GOAL_MS} ms: ${worst <= GOAL_MS && failed === 0 ? 'met' : 'missed'}`,
      };
    }),
  );
}

export async function benchStall() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pluvio-stall-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, dataDir);
  try {
    await waitFor('first /healthz answer', async () => (await fetch(`${base}/healthz`)).ok);
    const probes = sampler(base);
    const admin = await signIn(base, 'admin@pluvio.example');
    const ingestStatus = async () =>
      (await api(base, admin, '/api/services/ingest_status')) as {
        pending: number;
        history_fills_pending: number;
      };
    const caughtUp = async () => (await ingestStatus()).pending === 0;
    await waitFor('catch-up', caughtUp);

    probes.setPhase(`import ${IMPORTED} locations + history fills`);
    const owner = await signIn(base, 'silver@pluvio.example');
    await api(base, owner, '/api/locations/import', {
      method: 'POST',
      body: JSON.stringify({ rows: importRows() }),
    });
    await waitFor('history fills', async () => (await ingestStatus()).history_fills_pending === 0);

    probes.setPhase(`31-day PDF of ${IMPORTED + 3} locations`);
    const locations = (await api(base, owner, '/api/locations?limit=1000')) as
      | { id: number }[]
      | { items: { id: number }[] };
    const ids = (Array.isArray(locations) ? locations : locations.items).map((location) => location.id);
    const period = `${productDate(-31)}/${productDate(-1)}`;
    const task = (await api(base, owner, `/api/reports/data_by_date_range/${period}`, {
      method: 'POST',
      body: JSON.stringify({ email_format: 'pdf', email_list: ['silver@pluvio.example'], locations: ids }),
    })) as { task_id: string };
    await waitFor('the PDF', async () => {
      const state = (await api(base, owner, `/api/tasks/${task.task_id}`)) as { status: string };
      if (state.status === 'failed') throw new Error('the report task failed');
      return state.status === 'done';
    });
    await probes.stop();
    const rows = summarise(probes.samples);
    const rssMb = await peakRssMb(server.pid ?? 0);
    console.log(
      `\nNo stall: /healthz and /readyz every ${SAMPLE_EVERY_MS} ms (load average ${os.loadavg()[0]?.toFixed(1)})`,
    );
    console.table(rows);
    console.log(`Peak RSS of npm start: ${rssMb} MB (goal < 400 MB)`);
    saveResults('stall', { rows, peak_rss_mb: rssMb });
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStall();

/**
 * The soak (issue 24): `npm run soak` runs Pluvio for 10 minutes on a PostgreSQL cluster of its
 * own with 2 API processes and 2 workers, at 50 connections of mixed reads, writes, sign-ins,
 * small imports and e-mailed report tasks; mid-run it kills a worker (SIGKILL), restarts
 * PostgreSQL (`pg_ctl restart -m fast`) and kills an API process (SIGKILL), starting replacements
 * as a supervisor would. E-mail goes to an SMTP server inside this process, which counts what it
 * receives by Message-ID. At the end it waits (bounded) for the queues to drain and prints the
 * figures beside their goals; they are saved to bench/results/soak.json. Nothing passes or fails.
 *
 * `--minutes N` (or SOAK_MINUTES) shortens the run, `--connections N` (SOAK_CONNECTIONS) the
 * load; SOAK_DRAIN_SECONDS bounds the wait at the end (300), SOAK_SMTP_DELAY_MS is the SMTP
 * server's time per message (200, a provider's), SOAK_BACKFILL_DAYS the rainfall history the
 * workers ingest at start (3). SOAK_PG_BIN names the folder of initdb and pg_ctl when they are
 * not in /usr/lib/postgresql/<version>/bin.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpServer } from '../apps/server/src/test/smtp-server';
import { type Cluster, findPostgresBin, freePort, SoakSetupError, startCluster } from './soak-cluster';
import { disrupt, seconds, sleep, superviseCrashes, untilTrue } from './soak-disruptions';
import { messageIdOf, openWork, type ReceivedMail } from './soak-figures';
import { createLauncher, type Launcher, type UnexpectedExit } from './soak-processes';
import { report } from './soak-report';
import { RATES, settings } from './soak-settings';
import { ApiPool, personaOf, type RequestRecord, runTraffic, type TrafficOptions } from './soak-traffic';

const DEMO_USERS = [
  'gold@pluvio.example',
  'silver@pluvio.example',
  'bronze@pluvio.example',
  'trial@pluvio.example',
  'multi@pluvio.example',
];
const MAIL_FROM = 'Pluvio <no-reply@pluvio.example>';

function runToEnd(
  command: string,
  args: string[],
  env: Record<string, string>,
  logFile: string,
): Promise<void> {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed; see ${logFile}`)),
    ),
  );
}

/** Waits until no e-mail waits to be sent and no report task to run, at most `drainMs`. */
async function drain(url: string, drainMs: number): Promise<{ drained: boolean; seconds: number }> {
  const started = Date.now();
  const drained = await untilTrue(
    async () => {
      const open = await openWork(url);
      return open.mail === 0 && open.tasks === 0;
    },
    drainMs,
    2_000,
  );
  // A last message may still be between the worker and the sink.
  await sleep(2_000);
  return { drained, seconds: Math.round((Date.now() - started) / 1000) };
}

async function soak(): Promise<void> {
  const options = settings();
  findPostgresBin();
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pluvio-soak-logs-'));
  const received: ReceivedMail[] = [];
  const smtp = await startSmtpServer({ onMessage: () => sleep(options.smtpDelayMs) });
  let cluster: Cluster | null = null;
  let launcher: Launcher | null = null;
  const cleanUp = async () => {
    await launcher?.stopAll();
    cluster?.remove();
    await smtp.close();
  };
  const onSignal = () => {
    console.log('\nstopping: processes, PostgreSQL cluster');
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Should the soak itself fail, its processes and cluster go with it.
  const onExit = () => {
    for (const { child } of launcher?.all() ?? []) child.kill('SIGKILL');
    cluster?.remove();
  };
  process.once('exit', onExit);
  try {
    console.log(
      `soak: ${options.durationMs / 60_000} min, ${options.connections} connections; logs in ${logDir}`,
    );
    cluster = await startCluster();
    const apiPorts = [await freePort(3600, 3699)];
    apiPorts.push(await freePort(3600, 3699, apiPorts));
    const env = {
      DATABASE_URL: cluster.url,
      SMTP_URL: smtp.url,
      MAIL_FROM,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${apiPorts[0]}`,
      LOG_LEVEL: 'warn',
      // As bench/demo-app.ts: every sign-in of the soak comes from one address.
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      TRIALS_PER_ADDRESS_PER_DAY: '1000000',
      SIGN_INS_PER_ADDRESS: '1000000',
      // The soak's few accounts ask for reports and invite contacts far faster than a customer does.
      REPORT_TASKS_PER_HOUR: '1000000',
      REPORT_EMAILS_PER_HOUR: '1000000',
      CONTACT_EMAILS_PER_DAY: '1000000',
      MAP_TILE_URL: 'none',
      BACKFILL_DAYS: options.backfillDays,
      SEED_DEMO: 'false',
    };
    console.log(`PostgreSQL on port ${cluster.port}; seeding the demo data`);
    await runToEnd(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '..', 'apps/server/src/main.ts'), 'seed'],
      env,
      path.join(logDir, 'seed.log'),
    );
    const crashes: UnexpectedExit[] = [];
    let supervise: (exit: UnexpectedExit) => void = () => {};
    launcher = createLauncher(env, logDir, (exit) => {
      crashes.push(exit);
      supervise(exit);
    });
    const workers = [await launcher.start('worker', 'worker-1'), await launcher.start('worker', 'worker-2')];
    const apis = [
      await launcher.start('serve', 'api-1', apiPorts[0]),
      await launcher.start('serve', 'api-2', apiPorts[1]),
    ];
    const pool = new ApiPool(apis.map((api) => api.url as string));
    const records: RequestRecord[] = [];
    const traffic: TrafficOptions = { pool, t0: Date.now(), records, personas: new Map() };
    for (const email of DEMO_USERS) await personaOf(traffic, email);
    supervise = superviseCrashes({ cluster, launcher, pool, traffic, apis, apiPorts, workers });
    const mailBefore = smtp.received.length;
    traffic.t0 = Date.now();
    console.log(`load running on ${pool.urls.join(' and ')}`);
    let loadSeconds = 0;
    const load = runTraffic(traffic, options.connections, traffic.t0 + options.durationMs, RATES).then(() => {
      loadSeconds = (Date.now() - traffic.t0) / 1000;
      console.log(`load stopped after ${loadSeconds.toFixed(0)} s`);
    });
    const [disruptions] = await Promise.all([
      disrupt({ cluster, launcher, pool, traffic, apis, apiPorts, workers }, options.durationMs),
      load,
    ]);
    console.log('waiting for the queues to drain');
    const drained = await drain(cluster.url, options.drainMs);
    for (const [index, mail] of smtp.received.entries())
      received.push({ messageId: messageIdOf(mail.raw), at: index });
    await report({
      options,
      cluster,
      records,
      disruptions,
      received,
      drained,
      loadSeconds,
      mailBeforeLoad: mailBefore,
      processes: launcher.all(),
      crashes: crashes.map(({ process: ended, code, signal, at }) => ({
        process: ended.name,
        exit: signal ?? code,
        at_s: seconds(at - traffic.t0),
      })),
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('exit', onExit);
    await cleanUp();
  }
}

soak().catch((error) => {
  console.error(error instanceof SoakSetupError ? error.message : error);
  process.exitCode = 1;
});

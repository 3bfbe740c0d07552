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
import { parseArgs } from 'node:util';
import { startSmtpServer } from '../apps/server/src/test/smtp-server';
import { type Cluster, findPostgresBin, freePort, SoakSetupError, startCluster } from './soak-cluster';
import {
  type InFlight,
  inFlight,
  mailFigures,
  messageIdOf,
  openWork,
  openWorkDetails,
  type ReceivedMail,
  requestFigures,
  resumedFigures,
  routeRows,
  runningTasks,
  taskFigures,
  type Window,
} from './soak-figures';
import { createLauncher, type Launcher, type PluvioProcess, type UnexpectedExit } from './soak-processes';
import {
  ApiPool,
  personaOf,
  type RequestRecord,
  reportTask,
  runTraffic,
  type TrafficOptions,
} from './soak-traffic';

const DEMO_USERS = [
  'gold@pluvio.example',
  'silver@pluvio.example',
  'bronze@pluvio.example',
  'trial@pluvio.example',
  'multi@pluvio.example',
];
const RATES = { writesPerSecond: 4, signInsPerSecond: 2, importsPerSecond: 0.2, reportsPerSecond: 0.4 };
/** Errors this long after PostgreSQL answers again still belong to its restart (pools reconnecting). */
const RESTART_GRACE_MS = 5_000;
/** Report tasks queued just before the worker is killed, so each worker is running one. */
const TASKS_BEFORE_KILL = 4;
const MAIL_FROM = 'Pluvio <no-reply@pluvio.example>';

function settings() {
  const { values } = parseArgs({
    options: { minutes: { type: 'string' }, connections: { type: 'string' } },
  });
  const minutes = Number(values.minutes ?? process.env.SOAK_MINUTES ?? 10);
  const connections = Number(values.connections ?? process.env.SOAK_CONNECTIONS ?? 50);
  if (!(minutes > 0) || !(connections >= 1))
    throw new SoakSetupError('--minutes and --connections must be positive');
  return {
    durationMs: minutes * 60_000,
    connections: Math.floor(connections),
    drainMs: Number(process.env.SOAK_DRAIN_SECONDS ?? 300) * 1000,
    smtpDelayMs: Number(process.env.SOAK_SMTP_DELAY_MS ?? 200),
    backfillDays: process.env.SOAK_BACKFILL_DAYS ?? '3',
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function untilTrue(check: () => Promise<boolean>, timeoutMs: number, everyMs = 500): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await sleep(everyMs);
  }
  return false;
}

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

interface Disruptions {
  windows: Window[];
  events: { event: string; at_s: number; lasted_s: number }[];
  atWorkerKill: InFlight;
  inFlightMailKeys: Set<string>;
}

interface SoakContext {
  cluster: Cluster;
  launcher: Launcher;
  pool: ApiPool;
  traffic: TrafficOptions;
  apis: PluvioProcess[];
  apiPorts: number[];
  workers: PluvioProcess[];
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/**
 * SIGKILL to worker-1 while each worker runs a report task (a few long ones are queued first),
 * then its replacement, as a supervisor would start it.
 */
async function killWorker(context: SoakContext, result: Disruptions, since: () => number): Promise<void> {
  const { cluster, launcher, traffic } = context;
  for (let i = 0; i < TASKS_BEFORE_KILL; i += 1) await reportTask(traffic, i, 31);
  await untilTrue(async () => (await runningTasks(cluster.url)) >= 2, 15_000, 100);
  result.atWorkerKill = await inFlight(cluster.url);
  for (const row of result.atWorkerKill.outbox) result.inFlightMailKeys.add(row.key);
  const killed = since();
  await launcher.kill(context.workers[0] as PluvioProcess);
  console.log(`${seconds(killed)} s: worker-1 killed; starting worker-1b`);
  context.workers[0] = await launcher.start('worker', 'worker-1b');
  result.events.push({
    event: 'worker killed -> replacement running',
    at_s: seconds(killed),
    lasted_s: seconds(since() - killed),
  });
}

/** `pg_ctl restart -m fast`; its window lasts until the database answers, and a few seconds more. */
async function restartDatabase(
  context: SoakContext,
  result: Disruptions,
  since: () => number,
): Promise<void> {
  const { cluster, traffic } = context;
  for (const row of (await inFlight(cluster.url)).outbox) result.inFlightMailKeys.add(row.key);
  console.log(`${seconds(since())} s: restarting PostgreSQL`);
  const { stoppedAt, answeringAt } = await cluster.restart();
  const window = { from: stoppedAt - traffic.t0, to: answeringAt - traffic.t0 + RESTART_GRACE_MS };
  result.windows.push({ label: 'PostgreSQL restart', ...window });
  result.events.push({
    event: 'PostgreSQL stopped -> answering',
    at_s: seconds(window.from),
    lasted_s: seconds(answeringAt - stoppedAt),
  });
}

/**
 * SIGKILL to api-2. The balancer sends new requests to api-1 from that moment until the
 * replacement answers /readyz; requests api-2 was answering when it died fail inside its window.
 */
async function killApi(context: SoakContext, result: Disruptions, since: () => number): Promise<void> {
  const { launcher, pool } = context;
  const slot = 1;
  pool.up[slot] = false;
  const killed = since();
  await launcher.kill(context.apis[slot] as PluvioProcess);
  console.log(`${seconds(killed)} s: api-2 killed; starting api-2b`);
  context.apis[slot] = await launcher.start('serve', 'api-2b', context.apiPorts[slot]);
  pool.up[slot] = true;
  result.windows.push({ label: 'API process killed', from: killed, to: since(), api: slot });
  result.events.push({
    event: 'API killed -> replacement ready',
    at_s: seconds(killed),
    lasted_s: seconds(since() - killed),
  });
}

/**
 * The three disruptions, at a quarter, 45 % and 65 % of the run, each on time whatever the
 * previous one's replacement takes to start; resolves when every replacement is up.
 */
async function disrupt(context: SoakContext, durationMs: number): Promise<Disruptions> {
  const since = () => Date.now() - context.traffic.t0;
  const result: Disruptions = {
    windows: [],
    events: [],
    atWorkerKill: { reportTasks: [], outbox: [], jobs: [] },
    inFlightMailKeys: new Set(),
  };
  const steps = [
    { share: 0.25, run: killWorker },
    { share: 0.45, run: restartDatabase },
    { share: 0.65, run: killApi },
  ];
  const running: Promise<void>[] = [];
  for (const { share, run } of steps) {
    await sleep(Math.max(0, durationMs * share - since()));
    running.push(run(context, result, since));
  }
  await Promise.all(running);
  return result;
}

/**
 * A process that dies by itself is started again as a supervisor would (an API's slot gets no
 * requests meanwhile); its death is a finding, and its errors count outside every window.
 */
function superviseCrashes(context: SoakContext) {
  return ({ process: ended }: UnexpectedExit) => {
    const since = seconds(Date.now() - context.traffic.t0);
    console.log(`${since} s: ${ended.name} DIED BY ITSELF (see ${ended.logFile}); starting it again`);
    const name = `${ended.name}-restarted`;
    if (ended.role === 'worker') {
      const index = context.workers.indexOf(ended);
      void context.launcher
        .start('worker', name)
        .then((started) => {
          if (index !== -1) context.workers[index] = started;
        })
        .catch((error) => console.error(`${name} did not start:`, error));
      return;
    }
    const slot = context.apis.indexOf(ended);
    if (slot === -1) return;
    context.pool.up[slot] = false;
    void context.launcher
      .start('serve', name, context.apiPorts[slot])
      .then((started) => {
        context.apis[slot] = started;
        context.pool.up[slot] = true;
      })
      .catch((error) => console.error(`${name} did not start:`, error));
  };
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

function errorLogLines(processes: readonly PluvioProcess[]) {
  return processes.map(({ name, logFile }) => {
    const lines = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n') : [];
    const errors = lines.filter(
      (line) => /"level":(50|60)/.test(line) || /^\s*(Error|error|job queue error)/.test(line),
    );
    return { process: name, 'error lines': errors.length, first: errors[0]?.slice(0, 160) ?? '' };
  });
}

const yes = (met: boolean) => (met ? 'yes' : 'NO');

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

async function report(run: {
  options: ReturnType<typeof settings>;
  cluster: Cluster;
  records: RequestRecord[];
  disruptions: Disruptions;
  received: ReceivedMail[];
  drained: { drained: boolean; seconds: number };
  loadSeconds: number;
  mailBeforeLoad: number;
  processes: readonly PluvioProcess[];
  crashes: { process: string; exit: string | number | null; at_s: number }[];
}): Promise<void> {
  const { cluster, records, disruptions } = run;
  const requests = requestFigures(records, disruptions.windows);
  const mail = await mailFigures(cluster.url, run.received, disruptions.inFlightMailKeys);
  const resumed = await resumedFigures(cluster.url, disruptions.atWorkerKill);
  const tasks = await taskFigures(cluster.url);
  const summary = [
    { figure: 'requests', value: requests.requests, goal: '', met: '' },
    {
      figure: 'requests per second',
      value: Math.round(requests.requests / run.loadSeconds),
      goal: '',
      met: '',
    },
    {
      figure: 'errors outside the windows',
      value: requests.errorsOutside,
      goal: '0',
      met: yes(requests.errorsOutside === 0),
    },
    ...Object.entries(requests.errorsByWindow).map(([label, count]) => ({
      figure: `errors in window: ${label}`,
      value: count,
      goal: '',
      met: '',
    })),
    {
      figure: 'processes that died by themselves (started again)',
      value: run.crashes.map((crash) => `${crash.process} at ${crash.at_s} s`).join(', ') || 0,
      goal: '0',
      met: yes(run.crashes.length === 0),
    },
    {
      figure: 'latency p50 / p99 / max, ms',
      value: `${requests.p50} / ${requests.p99} / ${requests.max}`,
      goal: '',
      met: '',
    },
    { figure: 'e-mails queued (outbox, not held)', value: mail.queued, goal: '', met: '' },
    {
      figure: 'e-mails received by SMTP (distinct Message-IDs)',
      value: mail.uniqueReceived,
      goal: `= ${mail.queued}`,
      met: yes(mail.uniqueReceived === mail.queued),
    },
    { figure: 'e-mails never received', value: mail.lost, goal: '0', met: yes(mail.lost === 0) },
    {
      figure: 'duplicates (same Message-ID again)',
      value: `${mail.duplicates} (${mail.duplicatesResent} resent after a takeover, ${mail.duplicatesInFlight} seen sending at a kill or restart)`,
      goal: '0',
      met: yes(mail.duplicates === 0),
    },
    {
      figure: 'received without an outbox row',
      value: mail.unknown,
      goal: '0',
      met: yes(mail.unknown === 0),
    },
    {
      figure: `report tasks running at the worker kill (${resumed.tasksInFlight}): resumed by another claim / done by their own / failed or open`,
      value: `${resumed.tasksResumed} / ${resumed.tasksDoneByFirstClaim} / ${resumed.tasksFailed + resumed.tasksOpen}`,
      goal: 'none failed or open',
      met: yes(resumed.tasksFailed + resumed.tasksOpen === 0),
    },
    {
      figure: `e-mails being sent at the worker kill (${resumed.mailInFlight}): resumed by another claim / sent by their own / not sent`,
      value: `${resumed.mailResumed} / ${resumed.mailSentByFirstClaim} / ${resumed.mailOpen}`,
      goal: 'none not sent',
      met: yes(resumed.mailOpen === 0),
    },
    {
      figure: 'pg-boss jobs active at the kill: retried+completed / completed / open',
      value: `${resumed.jobsRetriedCompleted} / ${resumed.jobsCompleted} / ${resumed.jobsOpen.length} of ${resumed.jobsInFlight}`,
      goal: '',
      met: '',
    },
    {
      figure: 'report tasks by status',
      value: JSON.stringify(tasks.byStatus),
      goal: 'none failed',
      met: yes(!tasks.byStatus.failed),
    },
    { figure: 'report tasks done after more than one claim', value: tasks.reclaimedDone, goal: '', met: '' },
    { figure: 'e-mails sent after more than one claim', value: mail.reclaimed, goal: '', met: '' },
    {
      figure: 'queues drained',
      value: `${yes(run.drained.drained)} after ${run.drained.seconds} s`,
      goal: `within ${run.options.drainMs / 1000} s`,
      met: yes(run.drained.drained),
    },
  ];
  console.log('\nDisruptions (seconds since the load started):');
  console.table(disruptions.events);
  console.log('Routes:');
  const routes = routeRows(records, disruptions.windows);
  console.table(routes);
  const logs = errorLogLines(run.processes);
  console.log("Error lines in the processes' logs:");
  console.table(logs);
  if (requests.outsideSamples.length > 0) {
    console.log('Errors outside the windows (first 10):');
    console.table(requests.outsideSamples);
  }
  if (resumed.jobsOpen.length > 0) {
    const open = new Map<string, number>();
    for (const job of resumed.jobsOpen)
      open.set(`${job.name} ${job.state}`, (open.get(`${job.name} ${job.state}`) ?? 0) + 1);
    console.log('pg-boss jobs active at the kill and still open:', Object.fromEntries(open));
  }
  if (!run.drained.drained) {
    const open = await openWorkDetails(cluster.url);
    console.log('Still open when the drain gave up:');
    console.table(open.tasks);
    console.table(open.mail);
    console.table(open.jobs);
  }
  console.log('Processes:');
  console.table(
    run.processes.map(({ name, role, startSeconds, killed }) => ({
      name,
      role,
      'start s': startSeconds,
      killed,
    })),
  );
  console.log(
    `Soak, ${run.options.durationMs / 60_000} min, ${run.options.connections} connections, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}:`,
  );
  console.table(summary);
  const outFile = path.join(import.meta.dirname, 'results', 'soak.json');
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const saved = {
    measured_at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, load_average: os.loadavg() },
    settings: { ...run.options, rates: RATES },
    disruptions: disruptions.events,
    windows: disruptions.windows,
    summary,
    routes,
    mail: { ...mail, received_before_load: run.mailBeforeLoad },
    resumed,
    tasks,
    logs,
    errors_outside_windows: requests.outsideSamples,
    crashes: run.crashes,
  };
  fs.writeFileSync(outFile, `${JSON.stringify(saved, null, 2)}\n`);
  console.log(`saved ${path.relative(process.cwd(), outFile)}`);
}

soak().catch((error) => {
  console.error(error instanceof SoakSetupError ? error.message : error);
  process.exitCode = 1;
});

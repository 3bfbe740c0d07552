import type { Cluster } from './soak-cluster';
import { type InFlight, inFlight, runningTasks, type Window } from './soak-figures';
import type { Launcher, PluvioProcess, UnexpectedExit } from './soak-processes';
import { type ApiPool, reportTask, type TrafficOptions } from './soak-traffic';

/**
 * The soak's disruptions (a worker killed, PostgreSQL restarted, an API process killed) at set
 * shares of the run, and the supervisor that starts a process again when it dies by itself.
 */

/** Errors this long after PostgreSQL answers again still belong to its restart (pools reconnecting). */
const RESTART_GRACE_MS = 5_000;
/** Report tasks queued just before the worker is killed, so each worker is running one. */
const TASKS_BEFORE_KILL = 4;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function untilTrue(
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 500,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await sleep(everyMs);
  }
  return false;
}

export interface Disruptions {
  windows: Window[];
  events: { event: string; at_s: number; lasted_s: number }[];
  atWorkerKill: InFlight;
  inFlightMailKeys: Set<string>;
}

export interface SoakContext {
  cluster: Cluster;
  launcher: Launcher;
  pool: ApiPool;
  traffic: TrafficOptions;
  apis: PluvioProcess[];
  apiPorts: number[];
  workers: PluvioProcess[];
}

export const seconds = (ms: number) => Math.round(ms / 100) / 10;

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
export async function disrupt(context: SoakContext, durationMs: number): Promise<Disruptions> {
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
export function superviseCrashes(context: SoakContext) {
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

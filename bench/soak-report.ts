import fs from 'node:fs';
import os from 'node:os';
import { machine, saveResults } from './save-results';
import type { Cluster } from './soak-cluster';
import type { Disruptions } from './soak-disruptions';
import {
  mailFigures,
  openWorkDetails,
  type ReceivedMail,
  requestFigures,
  resumedFigures,
  routeRows,
  taskFigures,
} from './soak-figures';
import type { PluvioProcess } from './soak-processes';
import { RATES, type SoakSettings } from './soak-settings';
import type { RequestRecord } from './soak-traffic';

/** The soak's figures beside their goals, printed and saved to bench/results/soak.json. */

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

export async function report(run: {
  options: SoakSettings;
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
  saveResults('soak', {
    machine: { ...machine(), load_average: os.loadavg() },
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
  });
}

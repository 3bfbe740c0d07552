import { parseArgs } from 'node:util';
import { SoakSetupError } from './soak-cluster';

/** What the soak is asked to do: its length and load from the command line or the environment, and its rates. */

export const RATES = {
  writesPerSecond: 4,
  signInsPerSecond: 2,
  importsPerSecond: 0.2,
  reportsPerSecond: 0.4,
};

export function settings() {
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

export type SoakSettings = ReturnType<typeof settings>;

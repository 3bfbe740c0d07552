import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { productDate } from '../../core/lib/time';
import {
  type Decision,
  decide,
  HOURLY_KINDS,
  QUARTER_KINDS,
  thresholdReached,
  watchesFor,
} from './alert-rules';
import {
  createAlertsRepository,
  type EventChange,
  type IntervalEnd,
  type NewAlert,
} from './alerts.repository';

/** Intervals read per batch. */
const INTERVALS_PER_BATCH = 500;
/**
 * A run takes batches until none is due or this much (wall) time has passed; the next run, a
 * minute later, carries on. A fresh install's 35 days are thus evaluated in a minute or two, not
 * one batch a minute, and the latest hours (which may still be news) come soon after start.
 */
const RUN_BUDGET_MS = 45_000;
/**
 * An alert about rain that ended longer ago than this is history, not news: the start-up
 * backfill and a worker back from a long stop record what fired without sending it.
 */
export const NOTIFY_WITHIN_MS = 3 * 3_600_000;

export interface AlertEvaluationOptions {
  clock: Clock;
  timeZone: string;
}

export interface EvaluationReport {
  intervals: number;
  alerts: number;
}

interface Outcome {
  alerts: NewAlert[];
  opened: EventChange[];
  closed: EventChange[];
}

/**
 * The rules engine (issue 6 point 1): each stored interval is evaluated once, in time order, on
 * the first data to arrive (D3); events are kept per location and kind (D17).
 */
export function createAlertEvaluationService(db: AppDb, options: AlertEvaluationOptions) {
  const { clock, timeZone } = options;
  const repository = createAlertsRepository(db);

  /** What one interval does to every location with rain or an open event. */
  async function outcomeOf(tx: AppDb, interval: IntervalEnd, now: Date): Promise<Outcome> {
    const txRepository = createAlertsRepository(tx);
    const kinds = interval.product === '1h' ? HOURLY_KINDS : QUARTER_KINDS;
    const [readings, open] = await Promise.all([
      txRepository.readings(interval, kinds, productDate(now, timeZone)),
      txRepository.openEvents(kinds),
    ]);
    const notified = now.getTime() - interval.endsAt.getTime() <= NOTIFY_WITHIN_MS;
    const outcome: Outcome = { alerts: [], opened: [], closed: [] };
    for (const reading of readings) {
      const watches = watchesFor(reading, interval.product);
      for (const kind of kinds) {
        const watch = watches.find((candidate) => candidate.kind === kind);
        const event = open.get(`${reading.locationId} ${kind}`);
        const decision: Decision = decide(watch, event);
        if (decision.action === 'none') continue;
        const change = {
          locationId: reading.locationId,
          kind,
          startedAt: event?.startedAt ?? interval.endsAt,
          recurrenceYears: decision.action === 'close' ? 0 : decision.recurrenceYears,
        };
        if (decision.action === 'close') {
          outcome.closed.push(change);
          continue;
        }
        outcome.opened.push(change);
        if (watch && decision.alert) {
          outcome.alerts.push({
            clientId: reading.clientId,
            locationId: reading.locationId,
            kind,
            eventStartedAt: change.startedAt,
            recurrenceYears: change.recurrenceYears,
            firedAt: interval.endsAt,
            value: watch.value,
            threshold: thresholdReached(watch, change.recurrenceYears),
            notified,
          });
        }
      }
    }
    return outcome;
  }

  /** Evaluates one interval in its own transaction; a late interval (older than one evaluated) only gets its mark. */
  async function evaluate(interval: IntervalEnd): Promise<number> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const txRepository = createAlertsRepository(tx);
      const state = await txRepository.lockForEvaluation(interval);
      if (state.done) return 0;
      if (state.newest && state.newest >= interval.endsAt) {
        await txRepository.markEvaluated(interval, now, 0);
        return 0;
      }
      const outcome = await outcomeOf(tx, interval, now);
      await txRepository.saveEvents(outcome.opened, outcome.closed);
      const alerts = await txRepository.insertAlerts(outcome.alerts);
      await txRepository.markEvaluated(interval, now, alerts);
      return alerts;
    });
  }

  return {
    /** Runs the rules for every stored interval not yet evaluated, oldest first. */
    async evaluateDue(): Promise<EvaluationReport> {
      const report: EvaluationReport = { intervals: 0, alerts: 0 };
      const deadline = Date.now() + RUN_BUDGET_MS;
      for (;;) {
        const due = await repository.dueIntervals(INTERVALS_PER_BATCH);
        for (const interval of due) {
          report.alerts += await evaluate(interval);
          report.intervals += 1;
        }
        if (due.length < INTERVALS_PER_BATCH || Date.now() >= deadline) return report;
      }
    },
  };
}

export type AlertEvaluationService = ReturnType<typeof createAlertEvaluationService>;

import {
  deliveryState,
  deliveryTally,
  minutesLate,
  nextHourDueAt,
  type PassHealth,
  passState,
  type SystemHealth,
} from '@pluvio/shared/system-health';
import type { Clock } from '../../core/lib/clock';
import { productDate, productDay } from '../../core/lib/time';
import type { DeliveryLogService } from '../notifications';
import type { IngestionService, PassFacts } from '../rainfall';

export interface SystemHealthDeps {
  deliveryLog: Pick<DeliveryLogService, 'counts'>;
  ingestion: Pick<IngestionService, 'passHealth'>;
  clock: Clock;
  /** The zone whose day the page covers (D2). */
  timeZone: string;
}

function presentPass(facts: PassFacts, now: Date): PassHealth {
  const due = facts.newestHour ? nextHourDueAt(facts.newestHour, facts.pass) : null;
  const shown = {
    pass: facts.pass,
    newest_hour: facts.newestHour?.toISOString() ?? null,
    arrived_at: facts.arrivedAt?.toISOString() ?? null,
    next_due_at: due?.toISOString() ?? null,
    minutes_late: due ? minutesLate(due, now) : 0,
    failed: facts.failed,
    retried: facts.retried,
  };
  return { ...shown, ...passState(shown) };
}

/** The system health page (issue 16 point 1): today's messages and the state of the rainfall data. */
export function createSystemHealthService(deps: SystemHealthDeps) {
  const { deliveryLog, ingestion, clock, timeZone } = deps;
  async function channel(name: 'email' | 'sms', date: string) {
    const tally = deliveryTally(await deliveryLog.counts(name, date, date));
    return { ...tally, ...deliveryState(tally) };
  }

  return {
    async today(): Promise<SystemHealth> {
      const now = clock.now();
      const date = productDate(now, timeZone);
      const day = productDay(date, timeZone);
      const [emails, sms, passes] = await Promise.all([
        channel('email', date),
        channel('sms', date),
        ingestion.passHealth(day.start, day.end),
      ]);
      return {
        date,
        checked_at: now.toISOString(),
        emails,
        sms,
        passes: passes.map((facts) => presentPass(facts, now)),
      };
    },
  };
}

export type SystemHealthService = ReturnType<typeof createSystemHealthService>;

import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { productDate } from '../../core/lib/time';
import type { EmailToQueue, OutboxService } from '../notifications';
import { trialEndedEmail, trialEndingEmail } from './billing.emails';
import { createBillingRepository, type TrialNearEnd, type TrialReminder } from './billing.repository';

export interface TrialNoticesOptions {
  clock: Clock;
  timeZone: string;
  publicUrl: string;
  outboxIn: (tx: AppDb) => Pick<OutboxService, 'enqueueEmail'>;
  onMailQueued?: () => Promise<void>;
}

/**
 * The reminder due for a trial `daysLeft` days from its end: a week before, a day before, and
 * after it ended. A run missed for a few days still sends the one due, never an earlier one.
 */
function reminderFor(daysLeft: number): TrialReminder | null {
  if (daysLeft >= 2 && daysLeft <= 7) return 'ends_in_7_days';
  if (daysLeft >= 0 && daysLeft <= 1) return 'ends_in_1_day';
  return daysLeft < 0 ? 'ended' : null;
}

/** The trial's countdown by e-mail to its owner (D9), each reminder exactly once. */
export function createTrialNoticesService(db: AppDb, options: TrialNoticesOptions) {
  const repository = createBillingRepository(db);

  function emailOf(trial: TrialNearEnd, reminder: TrialReminder): EmailToQueue {
    const owner = { email: trial.email, firstName: trial.first_name };
    const upgradeUrl = `${options.publicUrl}/upgrade?client_id=${trial.client_id}`;
    return reminder === 'ended'
      ? trialEndedEmail(owner, trial.account_name, upgradeUrl)
      : trialEndingEmail(owner, trial.account_name, trial.trial_end_date, upgradeUrl);
  }

  /** The reminder is marked sent in the transaction that queues its e-mail: both or neither. */
  async function send(trial: TrialNearEnd, reminder: TrialReminder): Promise<boolean> {
    return db.transaction(async (tx) => {
      if (!(await createBillingRepository(tx).recordReminder(trial.client_id, reminder))) return false;
      await options.outboxIn(tx).enqueueEmail(emailOf(trial, reminder));
      return true;
    });
  }

  return {
    /** The daily job: every trial near its end gets the reminder due today, once. Answers how many. */
    async sendDue(): Promise<number> {
      const today = productDate(options.clock.now(), options.timeZone);
      let sent = 0;
      for (const trial of await repository.trialsNearEnd(today)) {
        const reminder = reminderFor(trial.days_left);
        if (reminder && (await send(trial, reminder))) sent += 1;
      }
      if (sent > 0) await options.onMailQueued?.();
      return sent;
    },
  };
}

export type TrialNoticesService = ReturnType<typeof createTrialNoticesService>;

import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { billingEvents, billingReceipts, trialReminders } from '../../core/tables/billing';

export const TRIAL_REMINDERS = ['ends_in_7_days', 'ends_in_1_day', 'ended'] as const;
export type TrialReminder = (typeof TRIAL_REMINDERS)[number];

/** A trial near its end, with its owner's address and the days left (negative once ended). */
export interface TrialNearEnd {
  client_id: number;
  account_name: string;
  trial_end_date: string;
  days_left: number;
  email: string;
  first_name: string;
}

/** How far around its end date a trial is looked at: a worker down for days still catches up. */
const TRIAL_WINDOW_DAYS = 7;

export function createBillingRepository(db: AppDb) {
  return {
    /** Marks a webhook event handled; false when it was already (a repeat delivery). */
    async recordEvent(id: string, type: string): Promise<boolean> {
      const rows = await db
        .insert(billingEvents)
        .values({ id, type })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      return rows.length === 1;
    },
    /** Marks a payment's receipt queued; false when it was already (a repeated event or confirm). */
    async recordReceipt(paymentId: string, clientId: number): Promise<boolean> {
      const rows = await db
        .insert(billingReceipts)
        .values({ paymentId, clientId })
        .onConflictDoNothing()
        .returning({ paymentId: billingReceipts.paymentId });
      return rows.length === 1;
    },
    /** Marks a trial reminder sent; false when it was already. */
    async recordReminder(clientId: number, reminder: TrialReminder): Promise<boolean> {
      const rows = await db
        .insert(trialReminders)
        .values({ clientId, reminder })
        .onConflictDoNothing()
        .returning({ clientId: trialReminders.clientId });
      return rows.length === 1;
    },
    /**
     * Active trial accounts ending within a week of `today` either way, with their owner. Reads
     * accounts and users: which owner to remind is this feature's question.
     */
    async trialsNearEnd(today: string): Promise<TrialNearEnd[]> {
      return queryRows<TrialNearEnd>(
        db,
        sql`
        select c.id as client_id, c.account_name, to_char(c.trial_end_date, 'YYYY-MM-DD') as trial_end_date,
               (c.trial_end_date - ${today}::date)::integer as days_left, u.email, u.first_name
          from clients c join users u on u.id = c.owner_user_id
         where c.is_trial_account and c.status = 'active' and u.is_active
           and c.trial_end_date between ${today}::date - ${TRIAL_WINDOW_DAYS}::integer
                                    and ${today}::date + ${TRIAL_WINDOW_DAYS}::integer
         order by c.id`,
      );
    },
  };
}

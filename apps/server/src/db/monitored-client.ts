import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether the account aliased `client` is watched on `today` (YYYY-MM-DD, product time zone):
 * active, not a trial whose end date has passed (D9: it keeps sign-in and data, but its
 * monitoring notifications stop), and not past the grace period of a failed payment (issue 15:
 * it then pauses like an ended trial until a payment goes through).
 */
export function monitoredClient(client: SQL, today: string): SQL {
  return sql`(${client}.status = 'active'
    and not (${client}.is_trial_account and ${client}.trial_end_date < ${today}::date)
    and not coalesce(${client}.payment_grace_end_date < ${today}::date, false))`;
}

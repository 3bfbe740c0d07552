import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether the account aliased `client` is watched on `today` (YYYY-MM-DD, product time zone):
 * active, and not a trial whose end date has passed (D9: it keeps sign-in and data, but its
 * monitoring notifications stop).
 */
export function monitoredClient(client: SQL, today: string): SQL {
  return sql`(${client}.status = 'active' and not (${client}.is_trial_account and ${client}.trial_end_date < ${today}::date))`;
}

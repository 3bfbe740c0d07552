import { type SQL, sql } from 'drizzle-orm';
import { clients } from '../tables/accounts';

/**
 * Whether the account aliased `client` is watched on `today` (YYYY-MM-DD, product time zone):
 * active, not a trial whose end date has passed (D9: it keeps sign-in and data, but its
 * monitoring notifications stop), and not past the grace period of a failed payment (issue 15:
 * it then pauses like an ended trial until a payment goes through), and not a trial whose owner has
 * not verified their e-mail address yet (issue 25: anyone can start a trial with any address; its
 * messages wait until the address is shown to be theirs, while a payment identifies a paid one).
 */
export function monitoredClient(client: SQL, today: string): SQL {
  return sql`(${client}.status = 'active'
    and not (${client}.is_trial_account and ${client}.trial_end_date < ${today}::date)
    and not (${client}.is_trial_account and exists (
      select 1 from users owner where owner.id = ${client}.owner_user_id and not owner.is_verified))
    and not coalesce(${client}.payment_grace_end_date < ${today}::date, false)
    and not coalesce(${client}.subscription_ends_on < ${today}::date, false))`;
}

/** A watched account of the `clients` table (above) with a location: whom the daily and monthly reports are for. */
export function reportedClient(today: string): SQL {
  return sql`(${monitoredClient(sql`${clients}`, today)}
    and exists (select 1 from locations l where l.client_id = ${clients.id}))`;
}

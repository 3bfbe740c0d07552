import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { reportedClient } from '../../core/db/monitored-client';
import { pgArray } from '../../core/db/pg-array';
import { type ClientRow, clients } from '../../core/tables/accounts';
import { type UserRow, users } from '../../core/tables/users';

/** An account with a monthly report still to send, and its owner (the report is drawn as the owner sees it). */
export interface DueAccount {
  client: ClientRow;
  owner: UserRow;
}

/** Someone whose monthly report of an account is to go out, and the locations it covers for them. */
export interface MonthlyRecipient {
  clientId: number;
  /** As stored; `key` is the address in lower case, as the decided-once table keys it. */
  address: string;
  key: string;
  locationIds: number[];
}

const notSent = (clientId: unknown, month: string, address: unknown) =>
  sql`not exists (select 1 from monthly_reports r
                   where r.client_id = ${clientId} and r.month = ${month}::date and r.recipient = lower(${address}))`;

/** A contact who asked for the monthly report and can be reached by e-mail, with locations assigned. */
const ASKING_CONTACT = sql`k.monthly_report_on and k.status = 'active' and k.email_notification
  and k.email is not null and exists (select 1 from contact_locations cl where cl.contact_id = k.id)`;

/** Who gets an account's monthly report: the owner with the account's switch on, and the contacts who asked. */
export function createMonthlyReportRepository(db: AppDb) {
  return {
    /**
     * Monitored accounts with an owner, a location and a recipient whose report of `month` is not
     * sent yet, after `afterId` in id order: a run walks the accounts once, so one that fails to
     * render is left for the next run instead of being retried forever.
     */
    async dueAccounts(month: string, today: string, afterId: number, limit: number): Promise<DueAccount[]> {
      const ownerDue = sql`(${clients.monthlyReportOn} and ${notSent(clients.id, month, users.email)})`;
      const contactDue = sql`exists (select 1 from contacts k where k.client_id = ${clients.id}
        and ${ASKING_CONTACT} and ${notSent(clients.id, month, sql`k.email`)})`;
      return db
        .select({ client: clients, owner: users })
        .from(clients)
        .innerJoin(users, eq(users.id, clients.ownerUserId))
        .where(and(gt(clients.id, afterId), reportedClient(today), sql`(${ownerDue} or ${contactDue})`))
        .orderBy(asc(clients.id))
        .limit(limit);
    },

    /**
     * The accounts' recipients whose report of `month` is not sent yet, each location list in name
     * order; an address both owner and contact is one recipient covering both sets.
     */
    async pendingRecipients(accounts: readonly DueAccount[], month: string): Promise<MonthlyRecipient[]> {
      const clientIds = pgArray(accounts.map((account) => account.client.id));
      const rows = await queryRows<{ client_id: number; address: string; location_ids: number[] }>(
        db,
        sql`
        with wanted as (
          select c.id as client_id, u.email as address, l.id as location_id, l.name
            from clients c join users u on u.id = c.owner_user_id join locations l on l.client_id = c.id
           where c.id = any(${clientIds}::int[]) and c.monthly_report_on
          union
          select k.client_id, k.email, l.id, l.name
            from contacts k join contact_locations cl on cl.contact_id = k.id join locations l on l.id = cl.location_id
           where k.client_id = any(${clientIds}::int[]) and ${ASKING_CONTACT}
        )
        select client_id, min(address) as address, array_agg(location_id order by name, location_id) as location_ids
          from wanted
         where ${notSent(sql`client_id`, month, sql`address`)}
         group by client_id, lower(address)
         order by client_id, lower(address)`,
      );
      return rows.map((row) => ({
        clientId: row.client_id,
        address: row.address,
        key: row.address.toLowerCase(),
        locationIds: [...new Set(row.location_ids)],
      }));
    },

    /**
     * Marks a recipient's report of `month` sent; answers whether this call marked it. Run in the
     * transaction that queues the e-mail: a second worker waits on the key, then skips.
     */
    async claim(recipient: MonthlyRecipient, month: string, now: Date): Promise<boolean> {
      const rows = await queryRows<{ client_id: number }>(
        db,
        sql`insert into monthly_reports (client_id, month, recipient, sent_at)
            values (${recipient.clientId}, ${month}::date, ${recipient.key}, ${now.toISOString()}::timestamptz)
            on conflict do nothing
            returning client_id`,
      );
      return rows.length > 0;
    },
  };
}

export type MonthlyReportRepository = ReturnType<typeof createMonthlyReportRepository>;

import type { Atlas14Threshold } from '@pluvio/shared/locations';
import type { TierNumber } from '@pluvio/shared/tiers';
import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { monitoredClient } from '../../core/db/monitored-client';
import { pgArray } from '../../core/db/pg-array';
import { levelOfAccount } from '../../core/lib/account-level';
import type { ProductDay } from '../../core/lib/time';
import type { NotifiableContact } from '../notifications';

/** An account whose report for the day is still to make, with its report settings. */
export interface DueAccount {
  id: number;
  accountName: string;
  /** The account's level (a trial is Gold, D9). */
  level: TierNumber;
  ownerEmail: string | null;
  combineLocations: boolean;
  suppressZero: boolean;
  onlyNonZero: boolean;
  sortByRainfall: boolean;
}

export interface AccountLocation {
  id: number;
  clientId: number;
  name: string;
  threshold: number;
  atlas14: Atlas14Threshold | null;
}

/** A contact of the account with a location assigned, as the notification rule reads it. */
export interface ReportContact extends NotifiableContact {
  clientId: number;
  locationIds: number[];
}

/** Reports due and their recipients: accounts, users, contacts and assignments joined in one query for speed. */
export function createDailyReportRepository(db: AppDb) {
  return {
    /** Monitored accounts with the daily report on, at least one location, and no report made on `reportDate`. */
    async dueAccounts(reportDate: string, limit: number): Promise<DueAccount[]> {
      const rows = await queryRows<{
        id: number;
        account_name: string;
        tier: string;
        is_trial_account: boolean;
        owner_email: string | null;
        daily_report_combine_locations: boolean;
        daily_report_suppress_zero: boolean;
        only_show_locations_with_non_zero: boolean;
        sort_by_rainfall: boolean;
      }>(
        db,
        sql`
        select c.id, c.account_name, c.tier, c.is_trial_account, u.email as owner_email, c.daily_report_combine_locations,
               c.daily_report_suppress_zero, c.only_show_locations_with_non_zero, c.sort_by_rainfall
          from clients c left join users u on u.id = c.owner_user_id
         where c.daily_report_on and ${monitoredClient(sql`c`, reportDate)}
           and exists (select 1 from locations l where l.client_id = c.id)
           and not exists (select 1 from daily_reports r where r.client_id = c.id and r.report_date = ${reportDate})
         order by c.id
         limit ${limit}`,
      );
      return rows.map((row) => ({
        id: row.id,
        accountName: row.account_name,
        level: levelOfAccount({ tier: row.tier, isTrialAccount: row.is_trial_account }),
        ownerEmail: row.owner_email,
        combineLocations: row.daily_report_combine_locations,
        suppressZero: row.daily_report_suppress_zero,
        onlyNonZero: row.only_show_locations_with_non_zero,
        sortByRainfall: row.sort_by_rainfall,
      }));
    },

    async locationsOf(clientIds: readonly number[]): Promise<AccountLocation[]> {
      const rows = await queryRows<{
        id: number;
        client_id: number;
        name: string;
        h24_threshold: number;
        atlas14_threshold: Atlas14Threshold | null;
      }>(
        db,
        sql`select id, client_id, name, h24_threshold, atlas14_threshold from locations
             where client_id = any(${pgArray(clientIds)}::int[])`,
      );
      return rows.map((row) => ({
        id: row.id,
        clientId: row.client_id,
        name: row.name,
        threshold: row.h24_threshold,
        atlas14: row.atlas14_threshold,
      }));
    },

    /** The contacts with locations assigned, with their report flags; the notification rule picks who asked. */
    async contactsOf(clientIds: readonly number[]): Promise<ReportContact[]> {
      const rows = await queryRows<{
        client_id: number;
        status: string;
        email: string | null;
        phone: string | null;
        email_notification: boolean;
        sms_notification: boolean;
        daily_report_on: boolean;
        daily_report_on_sms: boolean;
        location_ids: number[];
      }>(
        db,
        sql`
        select ct.client_id, ct.status, ct.email, ct.phone, ct.email_notification, ct.sms_notification,
               ct.daily_report_on, ct.daily_report_on_sms, array_agg(cl.location_id) as location_ids
          from contacts ct join contact_locations cl on cl.contact_id = ct.id
         where ct.client_id = any(${pgArray(clientIds)}::int[])
         group by ct.id`,
      );
      return rows.map((row) => ({
        clientId: row.client_id,
        status: row.status,
        email: row.email,
        phone: row.phone,
        emailNotification: row.email_notification,
        smsNotification: row.sms_notification,
        flags: { daily_report_on: row.daily_report_on, daily_report_on_sms: row.daily_report_on_sms },
        locationIds: row.location_ids,
      }));
    },

    /** How many of the day's hours have their rainfall stored (any pass), and how many are still being fetched. */
    async dayProgress(day: ProductDay): Promise<{ stored: number; inProgress: number }> {
      const [row] = await queryRows<{ stored: number; in_progress: number }>(
        db,
        sql`
        with hours as (
          select ends_at, bool_or(status = 'done') as done, bool_or(status in ('pending', 'processing')) as open
            from ingest_intervals
           where product = '1h' and ends_at > ${day.start.toISOString()} and ends_at <= ${day.end.toISOString()}
           group by ends_at
        )
        select count(*) filter (where done)::int as stored,
               count(*) filter (where open and not done)::int as in_progress
          from hours`,
      );
      return { stored: row?.stored ?? 0, inProgress: row?.in_progress ?? 0 };
    },

    /**
     * Marks the accounts' reports as made; answers the accounts no other worker marked first.
     * Run in the transaction that queues the messages: a second worker waits on the key, then skips.
     */
    async claim(reportDate: string, made: readonly { clientId: number; messages: number }[], now: Date) {
      if (made.length === 0) return new Set<number>();
      const rows = await queryRows<{ client_id: number }>(
        db,
        sql`
        insert into daily_reports (client_id, report_date, made_at, messages)
        select client_id, ${reportDate}::date, ${now.toISOString()}::timestamptz, messages
          from unnest(${pgArray(made.map((entry) => entry.clientId))}::int[],
                      ${pgArray(made.map((entry) => entry.messages))}::int[]) as m(client_id, messages)
        on conflict do nothing
        returning client_id`,
      );
      return new Set(rows.map((row) => row.client_id));
    },
  };
}

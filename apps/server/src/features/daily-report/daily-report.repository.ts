import type { Atlas14Threshold } from '@pluvio/shared/locations';
import type { TierNumber } from '@pluvio/shared/tiers';
import { type AnyColumn, and, eq, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { reportedClient } from '../../core/db/monitored-client';
import { pgArray } from '../../core/db/pg-array';
import { levelOfAccount } from '../../core/lib/account-level';
import type { ProductDay } from '../../core/lib/time';
import { clients } from '../../core/tables/accounts';
import { contactLocations } from '../../core/tables/assignments';
import { contacts } from '../../core/tables/contacts';
import { locations } from '../../core/tables/locations';
import { users } from '../../core/tables/users';
import type { NotifiableContact } from '../notifications';
import type { ReportSettings } from './daily-report-content';

/** An account whose report for the day is still to make, with its report settings. */
export interface DueAccount {
  id: number;
  /** The account's level (a trial is Gold, D9). */
  level: TierNumber;
  ownerEmail: string | null;
  /** The account's own settings; whether Atlas 14 shows follows from its level. */
  settings: Omit<ReportSettings, 'showAtlas14'>;
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

const ofClients = (column: AnyColumn, clientIds: readonly number[]) =>
  sql`${column} = any(${pgArray(clientIds)}::int[])`;

/** Reports due and their recipients: accounts, users, contacts and assignments joined in one query for speed. */
export function createDailyReportRepository(db: AppDb) {
  return {
    /** Monitored accounts with the daily report on, at least one location, and no report made on `reportDate`. */
    async dueAccounts(reportDate: string, limit: number): Promise<DueAccount[]> {
      const rows = await db
        .select({
          id: clients.id,
          tier: clients.tier,
          isTrialAccount: clients.isTrialAccount,
          ownerEmail: users.email,
          settings: {
            accountName: clients.accountName,
            combineLocations: clients.dailyReportCombineLocations,
            suppressZero: clients.dailyReportSuppressZero,
            onlyNonZero: clients.onlyShowLocationsWithNonZero,
            sortByRainfall: clients.sortByRainfall,
          },
        })
        .from(clients)
        .leftJoin(users, eq(users.id, clients.ownerUserId))
        .where(
          and(
            eq(clients.dailyReportOn, true),
            reportedClient(reportDate),
            sql`not exists (select 1 from daily_reports r where r.client_id = ${clients.id} and r.report_date = ${reportDate})`,
          ),
        )
        .orderBy(clients.id)
        .limit(limit);
      return rows.map(({ tier, isTrialAccount, ...account }) => ({
        ...account,
        level: levelOfAccount({ tier, isTrialAccount }),
      }));
    },

    async locationsOf(clientIds: readonly number[]): Promise<AccountLocation[]> {
      return db
        .select({
          id: locations.id,
          clientId: locations.clientId,
          name: locations.name,
          threshold: locations.h24Threshold,
          atlas14: locations.atlas14Threshold,
        })
        .from(locations)
        .where(ofClients(locations.clientId, clientIds));
    },

    /** The contacts with locations assigned, with their report flags; the notification rule picks who asked. */
    async contactsOf(clientIds: readonly number[]): Promise<ReportContact[]> {
      return db
        .select({
          clientId: contacts.clientId,
          status: contacts.status,
          email: contacts.email,
          phone: contacts.phone,
          emailNotification: contacts.emailNotification,
          smsNotification: contacts.smsNotification,
          flags: { daily_report_on: contacts.dailyReportOn, daily_report_on_sms: contacts.dailyReportOnSms },
          locationIds: sql<number[]>`array_agg(${contactLocations.locationId})`,
        })
        .from(contacts)
        .innerJoin(contactLocations, eq(contactLocations.contactId, contacts.id))
        .where(ofClients(contacts.clientId, clientIds))
        .groupBy(contacts.id);
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

import { levelAllows } from '@pluvio/shared/gates';
import { recordAccountEvents } from '../../core/account-events';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { productDate, productDay, productHour } from '../../core/lib/time';
import type { EmailToQueue, OutboxBatchQueue, SmsToQueue } from '../notifications';
import { contactChannels, type Notice } from '../notifications';
import type { RainfallService } from '../rainfall';
import {
  type AccountLocation,
  createDailyReportRepository,
  type DueAccount,
  type ReportContact,
} from './daily-report.repository';
import {
  composeReportEmail,
  composeReportSms,
  type ReportDay,
  type ReportLocation,
  type ReportSettings,
  reportGroups,
} from './daily-report-content';

/** The report goes out at 06:00 on the product time zone's clock (D2)... */
export const REPORT_HOUR = 6;
/** ...or, while yesterday's rainfall is incomplete, when it is, but by 09:00 at the latest... */
const LATEST_HOUR = 9;
/** ...or by noon while missing hours are still being fetched (a fresh install's catch-up). */
const LATEST_HOUR_WHILE_FETCHING = 12;
/** Accounts whose reports are made and queued in one transaction. */
const ACCOUNTS_PER_BATCH = 200;
const KIND = 'daily_report';
const DAILY_REPORT: Notice = { type: 'daily_report_on', repeat: false };

export interface DailyReportOptions {
  clock: Clock;
  timeZone: string;
  publicUrl: string;
  rainfall: RainfallService;
  /** The outbox writing in `db`, so the report's mark and its messages commit together. */
  outboxIn: (db: AppDb) => OutboxBatchQueue;
  onQueued?: () => Promise<void>;
}

/** Someone who gets the report, and the locations it covers for them. */
interface ReportRecipient {
  channel: 'email' | 'sms';
  address: string;
  locationIds: Set<number>;
}

interface AccountReport {
  clientId: number;
  emails: EmailToQueue[];
  texts: SmsToQueue[];
  /** The `daily_report.sent` webhook event's data. */
  summary: Record<string, unknown>;
}

/** Locations at or over their threshold named in a `daily_report.sent` event, at most. */
const EVENT_LOCATIONS_MAX = 100;

/** What a webhook hears of a day's report: the day, its size, the locations at or over their threshold. */
function reportSummary(date: string, locations: readonly ReportLocation[]): Record<string, unknown> {
  const over = locations.filter((location) => location.total >= location.threshold);
  return {
    date,
    location_count: locations.length,
    above_threshold: over.slice(0, EVENT_LOCATIONS_MAX).map((location) => ({
      location_id: location.id,
      location_name: location.name,
      total: location.total,
      threshold: location.threshold,
    })),
  };
}

export interface DailyReportRun {
  accounts: number;
  messages: number;
}

function settingsOf(account: DueAccount): ReportSettings {
  return { ...account.settings, showAtlas14: levelAllows(account.level, 'atlas14') };
}

/**
 * The owner (by e-mail, every location) and each contact by the channels it asked for (its
 * assigned locations); one address that is both gets one message covering both sets.
 */
function recipientsOf(
  account: DueAccount,
  locations: readonly AccountLocation[],
  contacts: readonly ReportContact[],
) {
  const recipients = new Map<string, ReportRecipient>();
  const add = (channel: ReportRecipient['channel'], address: string, locationIds: readonly number[]) => {
    const key = `${channel} ${address.toLowerCase()}`;
    const recipient = recipients.get(key) ?? { channel, address, locationIds: new Set<number>() };
    for (const id of locationIds) recipient.locationIds.add(id);
    recipients.set(key, recipient);
  };
  if (account.ownerEmail)
    add(
      'email',
      account.ownerEmail,
      locations.map((location) => location.id),
    );
  for (const contact of contacts) {
    for (const { channel, address } of contactChannels(contact, DAILY_REPORT)) {
      add(channel, address, contact.locationIds);
    }
  }
  return [...recipients.values()];
}

/**
 * The 6 am daily report (issue 6 point 2): per account, yesterday's totals for its locations
 * with thresholds and Atlas 14 context, to the owner and the contacts who asked for it. Each
 * account's report is marked made in the transaction that queues its messages, so it goes out
 * once however many workers run; one missed at 06:00 goes out later the same day, never the next.
 * While yesterday's rainfall is not all stored the report waits for it, up to a limit.
 */
export function createDailyReportService(db: AppDb, options: DailyReportOptions) {
  const { clock, timeZone } = options;
  const repository = createDailyReportRepository(db);

  async function reportsOf(accounts: readonly DueAccount[], day: ReportDay): Promise<AccountReport[]> {
    const clientIds = accounts.map((account) => account.id);
    const [locations, contacts] = await Promise.all([
      repository.locationsOf(clientIds),
      repository.contactsOf(clientIds),
    ]);
    const totals = await options.rainfall.dailyTotals(
      locations.map((location) => location.id),
      day.date,
      day.date,
    );
    const reportLocations = new Map<number, ReportLocation>(
      locations.map((location) => [
        location.id,
        { ...location, total: totals.get(location.id)?.[0]?.total ?? 0 },
      ]),
    );
    return accounts.map((account) => {
      const own = locations.filter((location) => location.clientId === account.id);
      const ownContacts = contacts.filter((contact) => contact.clientId === account.id);
      const settings = settingsOf(account);
      const ownTotals = own.flatMap((location) => reportLocations.get(location.id) ?? []);
      const report: AccountReport = {
        clientId: account.id,
        emails: [],
        texts: [],
        summary: reportSummary(day.date, ownTotals),
      };
      for (const recipient of recipientsOf(account, own, ownContacts)) {
        const covered = [...recipient.locationIds].flatMap((id) => reportLocations.get(id) ?? []);
        for (const group of reportGroups(covered, settings)) {
          if (recipient.channel === 'sms') {
            report.texts.push({
              to: recipient.address,
              kind: KIND,
              text: composeReportSms(group, settings, day),
            });
          } else {
            report.emails.push({
              to: recipient.address,
              kind: KIND,
              ...composeReportEmail(group, settings, day),
            });
          }
        }
      }
      return report;
    });
  }

  /** Queues the reports of the accounts this worker claims first; answers how many messages. */
  async function queue(reportDate: string, reports: readonly AccountReport[]): Promise<number> {
    const queued = await db.transaction(async (tx) => {
      const claimed = await createDailyReportRepository(tx).claim(
        reportDate,
        reports.map((report) => ({
          clientId: report.clientId,
          messages: report.emails.length + report.texts.length,
        })),
        clock.now(),
      );
      const mine = reports.filter((report) => claimed.has(report.clientId));
      const outbox = options.outboxIn(tx);
      const emails = await outbox.enqueueEmails(mine.flatMap((report) => report.emails));
      const texts = await outbox.enqueueSmsMessages(mine.flatMap((report) => report.texts));
      const sent = mine.map((report) => ({
        clientId: report.clientId,
        type: 'daily_report.sent' as const,
        data: { ...report.summary, messages: report.emails.length + report.texts.length },
      }));
      await recordAccountEvents(tx, sent, clock.now());
      return emails.length + texts.length;
    });
    if (queued > 0) await options.onQueued?.();
    return queued;
  }

  async function reportDay(now: Date) {
    const yesterday = productDate(now, timeZone, -1);
    const day = productDay(yesterday, timeZone);
    const progress = await repository.dayProgress(day);
    const report: ReportDay = {
      date: yesterday,
      timeZone,
      publicUrl: options.publicUrl,
      hoursAvailable: progress.stored,
      hoursInDay: Math.round((day.end.getTime() - day.start.getTime()) / 3_600_000),
    };
    return { report, inProgress: progress.inProgress };
  }

  /** Whether to send now: the data is complete, or waiting longer would not help the reader. */
  function readyToSend(now: Date, day: ReportDay, inProgress: number): boolean {
    if (day.hoursAvailable >= day.hoursInDay) return true;
    const hour = productHour(now, timeZone);
    return hour >= LATEST_HOUR_WHILE_FETCHING || (hour >= LATEST_HOUR && inProgress === 0);
  }

  return {
    /** From 06:00 on, makes and queues today's report for every account that has none yet. */
    async sendDue(): Promise<DailyReportRun> {
      const now = clock.now();
      const run: DailyReportRun = { accounts: 0, messages: 0 };
      if (productHour(now, timeZone) < REPORT_HOUR) return run;
      const today = productDate(now, timeZone);
      let due = await repository.dueAccounts(today, ACCOUNTS_PER_BATCH);
      if (due.length === 0) return run;
      const { report: day, inProgress } = await reportDay(now);
      if (!readyToSend(now, day, inProgress)) return run;
      while (due.length > 0) {
        run.messages += await queue(today, await reportsOf(due, day));
        run.accounts += due.length;
        due = await repository.dueAccounts(today, ACCOUNTS_PER_BATCH);
      }
      return run;
    },
  };
}

export type DailyReportService = ReturnType<typeof createDailyReportService>;

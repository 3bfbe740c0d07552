import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/core/db/client';
import { monthsCovering } from '../apps/server/src/features/rainfall/intervals';
import { fillHistory } from './rainfall-storage';
import { saveResults } from './save-results';
import { type Execute, openScratchServices } from './scratch-services';

const ALERT_LOCATIONS = Number(process.env.BENCH_ALERT_LOCATIONS ?? 100_000);
const REPORT_CONTACTS = Number(process.env.BENCH_REPORT_CONTACTS ?? 10_000);
const LOCATIONS_PER_ACCOUNT = 100;
const CONTACTS_PER_ACCOUNT = 10;
const HOUR = 3_600_000;
/** A July evening: the rules' interval; the report runs at 06:00 EDT the next morning. */
const HOUR_END = new Date('2026-07-31T23:00:00Z');
const REPORT_AT = new Date('2026-08-01T10:00:00Z');
const ATLAS14 = JSON.stringify({
  '1h': [0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.2, 1.3],
  '24h': [0.8, 1, 1.2, 1.4, 1.6, 1.8, 2, 2.2, 2.4, 2.6],
});

export interface NotificationRow {
  database: string;
  step: string;
  seconds: number;
  figures: string;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

async function openBench(databaseUrl: string | undefined, now: Date) {
  const { clock, database, services, execute, repository } = await openScratchServices(databaseUrl, now);
  for (const product of ['15m', '1h'] as const) {
    await repository.ensurePartitions(product, monthsCovering(new Date('2026-07-01T00:00:00Z'), REPORT_AT));
  }
  return { clock, database, services, execute, sourceId: await repository.sourceId('simulator') };
}

/**
 * Accounts of `perAccount` locations each, a third each bronze, silver and gold with every
 * alert on, and `contacts` contacts per account (e-mail and phone) assigned to `assigned` of
 * its locations.
 */
async function insertAccounts(
  execute: Execute,
  locations: number,
  perAccount: number,
  contacts: number,
  assigned: number,
) {
  const accounts = Math.ceil(locations / perAccount);
  await execute(sql`
    insert into clients (account_name, tier, atlas14_on, atlas14_24h_on, atlas14_1h_on, rapidrain_on, exceed24h_on)
    select 'Bench ' || g, (array['bronze', 'silver', 'gold'])[1 + g % 3], true, true, true, true, true
      from generate_series(1, ${accounts}) as g`);
  await execute(sql`
    insert into locations (client_id, name, latitude, longitude, data_start_date, h24_threshold, atlas14_threshold)
    select c.id, 'Site ' || g, 25 + 24 * ((g * 7919) % 10007) / 10007.0, -124 + 57 * ((g * 104729) % 10009) / 10009.0,
           '2026-01-01', 0.5, ${ATLAS14}::jsonb
      from generate_series(0::bigint, ${locations - 1}) as g
      join (select id, row_number() over (order by id) - 1 as n from clients) c on c.n = g / ${perAccount}`);
  await execute(sql`
    insert into contacts (client_id, name, email, phone)
    select c.id, 'Contact ' || c.id || '-' || k, 'contact' || c.id || '-' || k || '@bench.example',
           '713555' || lpad(((c.id * ${contacts} + k) % 10000)::text, 4, '0')
      from clients c cross join generate_series(1, ${contacts}) as k`);
  await execute(sql`
    insert into contact_locations (contact_id, location_id)
    select ct.id, l.id from contacts ct
      join lateral (select id from locations where client_id = ct.client_id order by id
                    offset (ct.id % ${Math.max(1, perAccount - assigned + 1)}) limit ${assigned}) l on true`);
}

/** Marks every hour and quarter ending in (from, to] as stored, as the ingestion would. */
async function markStored(execute: Execute, from: Date, to: Date) {
  await execute(sql`
    insert into ingest_intervals (product, ends_at, pass, status, finished_at)
    select product, ends_at, 2, 'done', now()
      from (select '1h' as product, generate_series(${new Date(from.getTime() + HOUR).toISOString()}::timestamptz,
                                                     ${to.toISOString()}::timestamptz, interval '1 hour') as ends_at
            union all
            select '15m', generate_series(${new Date(from.getTime() + HOUR / 4).toISOString()}::timestamptz,
                                          ${to.toISOString()}::timestamptz, interval '15 minutes')) i
    on conflict do nothing`);
}

async function timed<T>(run: () => Promise<T>) {
  const started = performance.now();
  const outcome = await run();
  return { outcome, seconds: round((performance.now() - started) / 1000) };
}

async function benchAlertRules(databaseUrl: string | undefined): Promise<NotificationRow[]> {
  const label = databaseUrl ? 'postgres' : 'pglite';
  const bench = await openBench(databaseUrl, new Date(HOUR_END.getTime() + 5 * 60_000));
  const { execute, services } = bench;
  await insertAccounts(execute, ALERT_LOCATIONS, LOCATIONS_PER_ACCOUNT, 2, LOCATIONS_PER_ACCOUNT);
  await fillHistory(execute, bench.sourceId, new Date(HOUR_END.getTime() - 26 * HOUR), HOUR_END);
  // The hour before is evaluated first (untimed), so events are open as they would be.
  await markStored(execute, new Date(HOUR_END.getTime() - 26 * HOUR), new Date(HOUR_END.getTime() - HOUR));
  await execute(sql`insert into alert_evaluations (product, ends_at, evaluated_at)
                    select product, ends_at, now() from ingest_intervals where ends_at <= ${new Date(HOUR_END.getTime() - 2 * HOUR).toISOString()}
                    on conflict do nothing`);
  await services.alerts.evaluateDue();
  await execute(sql`update alerts set dispatched_at = now()`);

  await markStored(execute, new Date(HOUR_END.getTime() - HOUR), HOUR_END);
  const rules = await timed(() => services.alerts.evaluateDue());
  const dispatch = await timed(async () => {
    let messages = 0;
    for (let queued = -1; queued !== 0; messages += queued) queued = await services.alerts.dispatchPending();
    return messages;
  });
  await bench.database.close();
  return [
    {
      database: label,
      step: `alert rules, ${ALERT_LOCATIONS.toLocaleString('en-US')} locations, one hour + 4 quarters`,
      seconds: rules.seconds,
      figures: `${rules.outcome.intervals} intervals, ${rules.outcome.alerts} alerts`,
    },
    {
      database: label,
      step: 'alert messages queued (2 contacts per account, e-mail + SMS)',
      seconds: dispatch.seconds,
      figures: `${dispatch.outcome} messages, ${Math.round(dispatch.outcome / dispatch.seconds)}/s`,
    },
  ];
}

async function benchDailyReport(databaseUrl: string | undefined): Promise<NotificationRow> {
  const label = databaseUrl ? 'postgres' : 'pglite';
  const bench = await openBench(databaseUrl, REPORT_AT);
  const { execute, services } = bench;
  const accounts = Math.ceil(REPORT_CONTACTS / CONTACTS_PER_ACCOUNT);
  await insertAccounts(execute, accounts * 10, 10, CONTACTS_PER_ACCOUNT, 5);
  const dayStart = new Date('2026-07-31T04:00:00Z');
  await fillHistory(
    execute,
    bench.sourceId,
    new Date(dayStart.getTime() - HOUR),
    new Date(dayStart.getTime() + 24 * HOUR),
  );
  await markStored(execute, dayStart, new Date(dayStart.getTime() + 24 * HOUR));
  const report = await timed(() => services.dailyReport.sendDue());
  const [queued] = await queryRows<{ emails: number; texts: number }>(
    bench.database.db,
    sql`select count(*) filter (where channel = 'email')::int as emails, count(*) filter (where channel = 'sms')::int as texts
          from outbox where kind = 'daily_report'`,
  );
  await bench.database.close();
  const messages = report.outcome.messages;
  return {
    database: label,
    step: `daily report, ${REPORT_CONTACTS.toLocaleString('en-US')} contacts in ${accounts} accounts`,
    seconds: report.seconds,
    figures: `${queued?.emails} e-mails + ${queued?.texts} SMS, ${Math.round(messages / report.seconds)}/s`,
  };
}

/** Runs on PGlite, and on PostgreSQL when DATABASE_URL is set; prints the table and saves it. */
export async function benchNotifications(databaseUrl: string | undefined) {
  const rows: NotificationRow[] = [];
  for (const url of databaseUrl ? [undefined, databaseUrl] : [undefined]) {
    rows.push(...(await benchAlertRules(url)), await benchDailyReport(url));
  }
  console.table(rows);
  saveResults('notifications', { alert_locations: ALERT_LOCATIONS, report_contacts: REPORT_CONTACTS, rows });
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { productDays } from '../../core/lib/time';
import { atlas14Table } from '../../test/atlas14';
import { buildOwnedClient, setClientColumns } from '../../test/factories';
import { scriptedIngestion } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { createOutboxService } from '../notifications/outbox.service';
import { createDailyReportService } from './daily-report.service';

const TIME_ZONE = 'America/New_York';
const at = (iso: string) => new Date(iso);
const ATLAS = atlas14Table([0.5, 0.6, 3, 3.5, 4.2, 4.8, 5.4, 6, 6.9, 7.6]);

interface Message {
  channel: string;
  recipient: string;
  subject: string | null;
  text_body: string;
}

/** Each test has its own accounts and latitudes; every account with a location gets a report each day. */
describe('the 6 am daily report', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { TIME_ZONE } });
  });
  afterAll(() => t.close());

  async function account(tier: 'bronze' | 'silver' | 'gold', sites: [string, number][], settings = {}) {
    const { user: owner, client } = await buildOwnedClient(t.services, undefined, { tier });
    await setClientColumns(t.database.db, client.id, settings);
    const locations = await t.services.locations.createMany(
      sites.map(([name, latitude]) => ({
        clientId: client.id,
        name,
        latitude,
        longitude: -95,
        h24Threshold: 0.5,
        atlas14Threshold: ATLAS,
      })),
    );
    return { owner, client, locations };
  }

  /** Stores every hour of `date` (product time zone): `perHour(latitude)` inches each hour. */
  async function rainOn(date: string, perHour: (latitude: number) => number) {
    const [day] = productDays(date, date, TIME_ZONE);
    if (!day) throw new Error(date);
    const script = (key: { product: string }, point: { latitude: number }) =>
      key.product === '1h' ? perHour(point.latitude) : 0;
    const ingestion = scriptedIngestion(t, clock, script, 3);
    clock.set(new Date(day.end.getTime() + 3 * 3_600_000));
    await ingestion.ingestRange(day.start, day.end);
  }

  async function reportsTo(...recipients: string[]): Promise<Message[]> {
    return queryRows<Message>(
      t.database.db,
      sql`select channel, recipient, subject, text_body from outbox
           where kind = 'daily_report' and recipient = any(${`{${recipients.join(',')}}`}::text[])
           order by id`,
    );
  }

  async function sendAt(iso: string) {
    clock.set(at(iso));
    return t.services.dailyReport.sendDue();
  }

  it('goes out at 06:00 ET, not before, to the owner and to the contacts by their flags, and only once', async () => {
    const { owner, client, locations } = await account('silver', [
      ['Houston 30.01', 30.01],
      ['Galveston 30.02', 30.02],
      ['Beaumont 30.03', 30.03],
    ]);
    const [houston, , beaumont] = locations.map((location) => location.id);
    const contact = async (name: string, phone: string, locationIds: number[], flags = {}) => {
      const created = await t.services.contacts.create({
        clientId: client.id,
        name,
        email: `${name}@example.com`,
        phone,
      });
      for (const [column, value] of Object.entries(flags)) {
        await t.database.db.execute(
          sql`update contacts set ${sql.raw(column)} = ${value} where id = ${created.id}`,
        );
      }
      await t.services.assignments.assignLocations(client.id, created.id, locationIds);
      return `${name}@example.com`;
    };
    const everything = await contact('dr-all', '713-555-0201', [houston as number, beaumont as number]);
    const smsOnly = await contact('dr-sms', '713-555-0202', [houston as number], { daily_report_on: false });
    const switchedOff = await contact('dr-off', '713-555-0203', [houston as number], {
      email_notification: false,
      sms_notification: false,
    });
    const unassigned = await contact('dr-none', '713-555-0204', []);
    await rainOn('2026-11-20', (latitude) => ({ 30.01: 0.1, 30.02: 0.01 })[latitude] ?? 0);
    const everyone = [
      owner.email,
      everything,
      smsOnly,
      switchedOff,
      unassigned,
      '+17135550201',
      '+17135550202',
    ];

    await sendAt('2026-11-21T10:59:00Z');
    expect(await reportsTo(...everyone)).toEqual([]);

    await sendAt('2026-11-21T11:00:00Z');
    const messages = await reportsTo(...everyone);
    expect(messages.map((message) => [message.channel, message.recipient])).toEqual([
      ['email', owner.email],
      ['email', everything],
      ['sms', '+17135550201'],
      ['sms', '+17135550202'],
    ]);
    const [toOwner, toContact, text] = messages;
    expect(toOwner?.subject).toBe(`Pluvio daily rainfall report: ${client.accountName}, Fri, Nov 20`);
    expect(toOwner?.text_body).toContain(
      `Rainfall at the locations of ${client.accountName} on Friday, November 20, 2026, midnight to midnight Eastern Time.`,
    );
    expect(toOwner?.text_body).toContain(
      'Houston 30.01: 2.40 in (threshold 0.50 in, over threshold; NOAA Atlas 14 24-hour: 2-year exceeded)',
    );
    expect(toOwner?.text_body).toContain(
      'Galveston 30.02: 0.24 in (threshold 0.50 in, under threshold; NOAA Atlas 14 24-hour: below 1-year (0.50 in))',
    );
    expect(toOwner?.text_body).toContain('1 location with no rainfall is not listed.');
    expect(toOwner?.text_body.indexOf('Houston')).toBeLessThan(toOwner?.text_body.indexOf('Galveston') ?? 0);
    expect(toOwner?.text_body).not.toContain('hours of rainfall data had been processed');
    expect(toContact?.text_body).not.toContain('Galveston');
    expect(text?.text_body).toBe(
      `Pluvio rainfall Fri, Nov 20, ${client.accountName}: Houston 30.01 2.40 in (over 0.50). http://localhost:3000/dashboard`,
    );

    // Two workers at once, a later run, and a restarted scheduler send nothing more.
    const restarted = createDailyReportService(t.database.db, {
      clock,
      timeZone: TIME_ZONE,
      publicUrl: 'http://localhost:3000',
      rainfall: t.services.rainfall,
      outboxIn: (tx) =>
        createOutboxService(tx, { mailTransport: null, smsTransport: null, mailFrom: 'a@b.c', clock }),
    });
    await Promise.all([
      t.services.dailyReport.sendDue(),
      t.services.dailyReport.sendDue(),
      restarted.sendDue(),
    ]);
    await sendAt('2026-11-21T23:59:00Z');
    expect(await reportsTo(...everyone)).toHaveLength(4);
  });

  it('follows the account settings: one message per location, dry ones listed by name, zero reports suppressed', async () => {
    const { owner } = await account(
      'bronze',
      [
        ['Zeta 30.11', 30.11],
        ['Alpha 30.12', 30.12],
        ['Dry 30.13', 30.13],
      ],
      {
        daily_report_combine_locations: false,
        sort_by_rainfall: false,
        only_show_locations_with_non_zero: false,
        daily_report_suppress_zero: true,
      },
    );
    const { owner: listsDry } = await account('bronze', [['Dry only 30.14', 30.14]], {
      daily_report_suppress_zero: false,
      only_show_locations_with_non_zero: false,
    });
    const { owner: off } = await account('gold', [['Off 30.11', 30.11]], { daily_report_on: false });
    const { owner: endedTrial } = await account('gold', [['Trial 30.11', 30.11]], {
      is_trial_account: true,
      trial_end_date: '2026-11-01',
    });
    // Issue 25: a trial's messages wait until its owner has verified their address.
    const { owner: unverifiedTrial } = await account('gold', [['Unverified 30.11', 30.11]], {
      is_trial_account: true,
      trial_end_date: '2026-12-01',
    });
    await t.database.db.execute(sql`update users set is_verified = false where id = ${unverifiedTrial.id}`);
    const { owner: verifiedTrial } = await account('gold', [['Verified 30.11', 30.11]], {
      is_trial_account: true,
      trial_end_date: '2026-12-01',
    });
    // Issue 15: a failed payment's grace period ended the day before: paused like an ended trial.
    const { owner: unpaid } = await account('gold', [['Unpaid 30.11', 30.11]], {
      last_payment_status: 'failed',
      payment_grace_end_date: '2026-11-22',
    });
    const { owner: inGrace } = await account('gold', [['Grace 30.11', 30.11]], {
      last_payment_status: 'failed',
      payment_grace_end_date: '2026-11-23',
    });
    await rainOn('2026-11-22', (latitude) => ({ 30.11: 0.05, 30.12: 0.02 })[latitude] ?? 0);
    await sendAt('2026-11-23T11:30:00Z');
    expect(await reportsTo(inGrace.email)).toHaveLength(1);
    expect(await reportsTo(verifiedTrial.email)).toHaveLength(1);
    expect(await reportsTo(unverifiedTrial.email)).toEqual([]);

    const messages = await reportsTo(owner.email);
    expect(messages.map((message) => message.subject)).toEqual([
      'Pluvio daily rainfall report: Alpha 30.12, Sun, Nov 22',
      'Pluvio daily rainfall report: Zeta 30.11, Sun, Nov 22',
    ]);
    expect(messages[0]?.text_body).toContain('Alpha 30.12: 0.48 in (threshold 0.50 in, under threshold)');
    expect(messages[0]?.text_body).not.toContain('Atlas');
    const [dry] = await reportsTo(listsDry.email);
    expect(dry?.text_body).toContain('Dry only 30.14: 0.00 in (threshold 0.50 in, under threshold)');
    expect(await reportsTo(off.email, endedTrial.email, unpaid.email)).toEqual([]);
  });

  it('covers the 23 and 25 hours of daylight-saving days, at 06:00 EDT and EST', async () => {
    const { owner } = await account('bronze', [['DST 30.21', 30.21]]);
    await rainOn('2026-03-08', (latitude) => (latitude === 30.21 ? 0.01 : 0));
    await rainOn('2026-11-01', (latitude) => (latitude === 30.21 ? 0.01 : 0));

    await sendAt('2026-03-09T09:59:00Z');
    expect(await reportsTo(owner.email)).toEqual([]);
    await sendAt('2026-03-09T10:00:00Z');
    await sendAt('2026-11-02T10:59:00Z');
    expect(await reportsTo(owner.email)).toHaveLength(1);
    await sendAt('2026-11-02T11:00:00Z');

    const [spring, autumn] = await reportsTo(owner.email);
    expect(spring?.text_body).toContain('on Sunday, March 8, 2026');
    expect(spring?.text_body).toContain('DST 30.21: 0.23 in');
    expect(autumn?.text_body).toContain('on Sunday, November 1, 2026');
    expect(autumn?.text_body).toContain('DST 30.21: 0.25 in');
  });

  it('waits for missing hours until 09:00, or noon while they are being fetched, then says what it lacked', async () => {
    const { owner } = await account('bronze', [['Late 30.31', 30.31]]);
    await rainOn('2026-12-01', (latitude) => (latitude === 30.31 ? 0.1 : 0));
    const lastHours = sql`product = '1h' and ends_at > '2026-12-02T02:00:00Z' and ends_at <= '2026-12-02T05:00:00Z'`;
    await t.database.db.execute(sql`update ingest_intervals set status = 'pending' where ${lastHours}`);

    await sendAt('2026-12-02T11:00:00Z');
    await sendAt('2026-12-02T14:30:00Z');
    expect(await reportsTo(owner.email)).toEqual([]);

    await t.database.db.execute(sql`update ingest_intervals set status = 'failed' where ${lastHours}`);
    await sendAt('2026-12-02T14:31:00Z');
    const [late] = await reportsTo(owner.email);
    expect(late?.subject).toBe('Pluvio daily rainfall report: Late 30.31, Tue, Dec 1');
    expect(late?.text_body).toContain(
      "Only 21 of the day's 24 hours of rainfall data had been processed when this report was made; the totals may rise.",
    );
  });

  it('goes out after a missed 06:00 later the same day, and never on a later day', async () => {
    const { owner } = await account('bronze', [['Missed 30.41', 30.41]]);
    for (const date of ['2026-12-05', '2026-12-06', '2026-12-07']) {
      await rainOn(date, (latitude) => (latitude === 30.41 ? 0.1 : 0));
    }
    await sendAt('2026-12-06T22:00:00Z');
    // Down all of Dec 7: that day's report (about Dec 6) is not sent on Dec 8.
    await sendAt('2026-12-08T11:00:00Z');
    const reports = await reportsTo(owner.email);
    expect(reports.map((report) => report.subject)).toEqual([
      'Pluvio daily rainfall report: Missed 30.41, Sat, Dec 5',
      'Pluvio daily rainfall report: Missed 30.41, Mon, Dec 7',
    ]);
  });
});

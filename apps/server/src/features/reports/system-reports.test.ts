import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountAccess } from '../../core/access';
import { bearer, buildUser, login } from '../../test/factories';
import { ingestionFrom, scriptedSource } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp, testReportContent } from '../../test/test-app';
import type { ReportCharges } from './report-content';
import type { ReportDocument, ReportSubject } from './report-document';

const NOW = new Date('2026-11-21T14:05:00Z');

/** The fee record as the reports feature keeps it, in memory: dollars per account and day. */
function memoryCharges(entries: { clientId: number; date: string; dollars: number }[]): ReportCharges {
  return {
    async totalsByAccount(from, to) {
      const totals = new Map<number, number>();
      for (const entry of entries) {
        if ((from && entry.date < from) || (to && entry.date > to)) continue;
        totals.set(entry.clientId, (totals.get(entry.clientId) ?? 0) + entry.dollars);
      }
      return totals;
    },
  };
}

describe('system report content', () => {
  let t: TestApp;
  const clock = manualClock(NOW);
  let access: AccountAccess;
  let adminToken: string;
  const clientIds: Record<string, number> = {};

  async function message(channel: 'sms' | 'email', recipient: string, status: string, queuedAt: string) {
    await t.database.db.execute(sql`
      insert into outbox (channel, kind, recipient, subject, text_body, status, idempotency_key, created_at, sent_at, last_error)
      values (${channel}, 'alert', ${recipient}, ${channel === 'email' ? `About ${recipient}` : null}, 'Rain', ${status},
              ${`${recipient}-${status}`}, ${queuedAt}::timestamptz,
              ${status === 'queued' || status === 'held' ? null : queuedAt}::timestamptz,
              ${status === 'failed' ? 'Unreachable handset' : null})`);
  }

  async function account(name: string, values: Record<string, unknown>, locations: number) {
    const client = await t.services.accounts.createClient({
      accountName: name,
      ownerUserId: null,
      ...values,
    });
    clientIds[name] = client.id;
    await t.services.locations.createMany(
      Array.from({ length: locations }, (_, index) => ({
        clientId: client.id,
        name: `${name} ${index}`,
        latitude: 30,
        longitude: -90,
      })),
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    adminToken = (await login(t.app, admin.email)).token;
    await account('Admin Home', { tier: 'gold', accountType: 'free' }, 0);
    access = await t.services.accounts.accessFor(admin, clientIds['Admin Home']);
    // 2026-11-20 in New York; the last text is on the 19th, outside the reports' days.
    const statuses = ['failed', 'delivered', 'sent', 'queued', 'held', 'sending'];
    for (const [index, status] of statuses.entries()) {
      await message('sms', `+1512555010${index}`, status, `2026-11-20T${10 + index}:00:00Z`);
    }
    await message('sms', '+15125550199', 'failed', '2026-11-20T04:00:00Z');
    await message('email', 'a@example.com', 'failed', '2026-11-20T12:00:00Z');
    await message('email', 'b@example.com', 'sent', '2026-11-21T01:00:00Z');

    await account('Gold Seven', { tier: 'gold', accountType: 'paid', lastPaymentStatus: 'paid' }, 7);
    await account('Silver None', { tier: 'silver', accountType: 'paid', lastPaymentStatus: 'unpaid' }, 0);
    await account(
      'Bronze Failed',
      { tier: 'bronze', accountType: 'paid', lastPaymentStatus: 'failed', invoiceDay: 12 },
      5,
    );
    await account('Trial Gold', { tier: 'gold', accountType: 'trial', isTrialAccount: true }, 1);
    await account('Demo Silver', { tier: 'silver', accountType: 'demo' }, 3);
  }, 60_000);
  afterAll(() => t.close());

  const content = (charges: ReportCharges = memoryCharges([])) => testReportContent(t, clock, charges);

  function subject(type: ReportSubject['type'], overrides: Partial<ReportSubject> = {}): ReportSubject {
    return {
      type,
      access,
      from: '2026-11-20',
      to: '2026-11-20',
      locationIds: [],
      smsStatus: 'all',
      sort: { field: 'queuedTime', direction: 'desc' },
      feeDollars: null,
      ...overrides,
    };
  }
  const factOf = (document: ReportDocument, label: string) =>
    document.facts.find((entry) => entry.label === label)?.value;
  const rows = (document: ReportDocument) => document.summary?.rows ?? [];

  describe('SMS and e-mail delivery', () => {
    it.each([
      ['all', ['Failed', 'Delivered', 'Sent', 'Queued', 'Held', 'Sending']],
      ['failed', ['Failed']],
      ['delivered', ['Delivered']],
      ['received', ['Sent']],
      ['undelivered', ['Queued', 'Held', 'Sending']],
    ] as const)('lists the %s texts of the days asked', async (smsStatus, shown) => {
      const document = await content().build(
        subject('sms', { smsStatus, sort: { field: 'queuedTime', direction: 'asc' } }),
      );
      expect(rows(document).map((row) => row.status)).toEqual(shown);
      expect(factOf(document, 'Texts')).toBe(String(shown.length));
      expect(document).toMatchObject({ title: 'SMS Delivery Report', accountName: null, sections: [] });
    });

    it('lists the same texts as the delivery log API, failed ones reading Failed', async () => {
      const document = await content().build(subject('sms', { smsStatus: 'failed' }));
      const log = (
        await t.app.inject({
          url: '/api/admin/deliveries?channel=sms&status=failed&start_date=2026-11-20&end_date=2026-11-20',
          headers: bearer(adminToken),
        })
      ).json();
      expect(rows(document).map((row) => row.recipient)).toEqual(
        log.items.map((item: { recipient: string }) => item.recipient),
      );
      expect(rows(document)[0]).toMatchObject({
        status: 'Failed',
        error: 'Unreachable handset',
        queued: '2026-11-20T05:00:00-05:00',
      });
    });

    it('sorts by the field and direction asked', async () => {
      const sorted = async (direction: 'asc' | 'desc') =>
        rows(await content().build(subject('sms', { sort: { field: 'recipient', direction } }))).map(
          (row) => row.recipient,
        );
      const ascending = await sorted('asc');
      expect(ascending).toEqual([...ascending].sort());
      expect(await sorted('desc')).toEqual([...ascending].reverse());
    });

    it('lists e-mails with their subjects, in product-time-zone days', async () => {
      const document = await content().build(subject('emails', { from: '2026-11-20', to: '2026-11-20' }));
      // b@ was queued 2026-11-21T01:00Z, 8 pm on the 20th in New York.
      expect(rows(document).map((row) => [row.recipient, row.subject, row.status])).toEqual([
        ['b@example.com', 'About b@example.com', 'Sent'],
        ['a@example.com', 'About a@example.com', 'Failed'],
      ]);
      expect(document.filenameBase).toBe('pluvio-emails-2026-11-20-2026-11-20');
    });
  });

  it('lists the accounts whose last payment is unpaid or failed', async () => {
    const document = await content().build(subject('unpaid', { from: null, to: null }));
    expect(rows(document)).toEqual([
      {
        account: 'Bronze Failed',
        email: null,
        type: 'Paid',
        tier: 'Bronze',
        lastPayment: 'Failed',
        renewalDay: 12,
        locations: 5,
      },
      expect.objectContaining({ account: 'Silver None', lastPayment: 'Unpaid', locations: 0 }),
    ]);
  });

  it('bills each account at the plan prices per block of 5, nothing for trial, free and demo, plus its fees', async () => {
    const charges = memoryCharges([
      { clientId: clientIds['Gold Seven'] as number, date: '2026-11-02', dollars: 25 },
      { clientId: clientIds['Gold Seven'] as number, date: '2026-10-02', dollars: 25 },
    ]);
    const document = await content(charges).build(
      subject('billing', { from: '2026-11-01', to: '2026-11-30' }),
    );
    const byName = Object.fromEntries(rows(document).map((row) => [row.account, row]));
    expect(byName['Gold Seven']).toMatchObject({ locations: 7, blocks: 2, monthly: 48, fees: 25, total: 73 });
    expect(byName['Silver None']).toMatchObject({ blocks: 1, monthly: 18, total: 18 });
    expect(byName['Bronze Failed']).toMatchObject({ blocks: 1, monthly: 12 });
    expect(byName['Trial Gold']).toMatchObject({ trial: true, monthly: 0 });
    expect(byName['Demo Silver']).toMatchObject({ monthly: 0 });
    expect(byName['Admin Home']).toMatchObject({ monthly: 0 });
    expect(factOf(document, 'Monthly amounts')).toBe('$78.00');
    expect(factOf(document, 'Total')).toBe('$103.00');
  });

  it('lists the fields ingested on the days asked with their time taken and failures', async () => {
    const scripted = scriptedSource(() => 0.05);
    const failing = { product: '1h' as const, endsAt: new Date('2026-11-20T07:00:00Z'), pass: 2 as const };
    scripted.fail(failing, 'MRMS answered 503');
    const ingestion = ingestionFrom(t, clock, scripted.source);
    await ingestion.ingestRange(new Date('2026-11-20T05:00:00Z'), new Date('2026-11-20T08:00:00Z'));
    const document = await content().build(subject('files-processed'));
    // 12 quarter hours and 3 hours, the last failing once.
    expect(rows(document)).toHaveLength(15);
    expect(factOf(document, 'Done')).toBe('14');
    expect(rows(document).find((row) => row.status === 'Failed')).toMatchObject({
      endedAt: '2026-11-20T02:00:00-05:00',
      product: 'Hourly',
      pass: 2,
      source: 'scripted',
      failure: 'MRMS answered 503',
    });
    for (const row of rows(document)) expect(row.seconds).toEqual(expect.any(Number));
    const done = rows(document).find((row) => row.product === '15-minute');
    // Every one of the 16 locations is wet.
    expect(done).toMatchObject({ status: 'Done', attempts: 1, values: 16, failure: null });
  });
});

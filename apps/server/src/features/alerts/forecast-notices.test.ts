import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { productDate } from '../../core/lib/time';
import { bearer, buildOwnedClient, login, setClientColumns } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import type { ForecastSource } from '../sources/sources';
import { createForecastNoticeService } from './forecast-notices.service';

const TIME_ZONE = 'America/New_York';
const at = (iso: string) => new Date(iso);

/** A forecast of the same amount every day at the latitudes given, none elsewhere. */
function scriptedForecast() {
  const amounts = new Map<number, number>();
  const source: ForecastSource = {
    name: 'scripted',
    async dailyAt(point, issuedAt, days = 3) {
      return Array.from({ length: days }, (_, ahead) => ({
        date: productDate(issuedAt, TIME_ZONE, ahead),
        value: amounts.get(point.latitude) ?? 0,
      }));
    },
    async nationalImage() {
      throw new Error('no national image in this test');
    },
  };
  return { source, amounts };
}

interface OutboxRow {
  channel: string;
  recipient: string;
  subject: string | null;
  text_body: string;
}

describe('forecast notices', () => {
  let t: TestApp;
  const clock = manualClock();
  const forecast = scriptedForecast();
  const notices = () =>
    createForecastNoticeService(t.database.db, { clock, timeZone: TIME_ZONE, forecast: forecast.source });
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { TIME_ZONE } });
  });
  afterEach(() => forecast.amounts.clear());
  afterAll(() => t.close());

  type Overrides = Parameters<typeof buildOwnedClient>[2];

  /** An account with `forecast_on` (unless told) and one location per [latitude, forecast amount], threshold 0.5. */
  async function account(sites: [number, number][], overrides: Overrides = {}, settings = {}) {
    const { user, client } = await buildOwnedClient(t.services, undefined, overrides);
    await setClientColumns(t.database.db, client.id, { forecast_on: true, ...settings });
    const locations = await t.services.locations.createMany(
      sites.map(([latitude]) => ({
        clientId: client.id,
        name: `Site ${latitude}`,
        latitude,
        longitude: -95,
        h24Threshold: 0.5,
      })),
    );
    for (const [latitude, amount] of sites) forecast.amounts.set(latitude, amount);
    return { owner: user, client, locations };
  }

  async function noticesOf(clientId: number) {
    return queryRows<{ location_name: string; value: number; event_started_at: Date | string }>(
      t.database.db,
      sql`select l.name as location_name, a.value, a.event_started_at from alerts a join locations l on l.id = a.location_id
           where a.client_id = ${clientId} and a.kind = 'forecast' order by l.name, a.event_started_at`,
    );
  }

  async function messagesTo(recipient: string): Promise<OutboxRow[]> {
    return queryRows<OutboxRow>(
      t.database.db,
      sql`select channel, recipient, subject, text_body from outbox
           where kind = 'alert' and recipient = ${recipient} order by id`,
    );
  }

  it('notices each gold location whose forecast for tomorrow reaches its threshold, once, from 15:00 local', async () => {
    const gold = await account([
      [33.01, 0.82],
      [33.02, 0.5],
      [33.03, 0.49],
    ]);
    const trial = await account([[33.04, 2]], {
      isTrialAccount: true,
      accountType: 'trial',
      trialEndDate: '2026-12-15',
    });
    const others = [
      await account([[33.05, 2]], { tier: 'bronze' }),
      await account([[33.06, 2]], { tier: 'silver' }),
      await account([[33.07, 2]], {}, { forecast_on: false }),
      await account([[33.08, 2]], { isTrialAccount: true, accountType: 'trial', trialEndDate: '2026-11-20' }),
    ];

    // Saturday, Nov 21, 2026, 2:59 PM EST: too early.
    clock.set(at('2026-11-21T19:59:00Z'));
    expect(await notices().checkForecasts()).toBe(0);
    expect(await noticesOf(gold.client.id)).toEqual([]);

    // 3:00 PM: two workers at once, then again later the same afternoon.
    clock.set(at('2026-11-21T20:00:00Z'));
    await Promise.all([notices().checkForecasts(), notices().checkForecasts()]);
    clock.set(at('2026-11-21T22:00:00Z'));
    expect(await notices().checkForecasts()).toBe(0);

    const tomorrow = at('2026-11-22T05:00:00Z').getTime();
    const fired = await noticesOf(gold.client.id);
    expect(fired.map((notice) => [notice.location_name, notice.value])).toEqual([
      ['Site 33.01', 0.82],
      ['Site 33.02', 0.5],
    ]);
    expect(fired.every((notice) => new Date(notice.event_started_at).getTime() === tomorrow)).toBe(true);
    expect(await noticesOf(trial.client.id)).toHaveLength(1);
    for (const other of others) expect(await noticesOf(other.client.id)).toEqual([]);

    await t.services.alerts.dispatchPending();
    const toOwner = await messagesTo(gold.owner.email);
    expect(toOwner.map((message) => message.subject)).toEqual([
      'Pluvio: Rain forecast at or over the threshold: Site 33.01',
      'Pluvio: Rain forecast at or over the threshold: Site 33.02',
    ]);
    expect(toOwner[0]?.text_body).toContain(
      'Site 33.01: 0.82 in forecast for Sun, Nov 22 (threshold 0.50 in)',
    );
    for (const other of others) expect(await messagesTo(other.owner.email)).toEqual([]);

    const history = await t.app.inject({
      url: `/api/alerts?client_id=${gold.client.id}`,
      headers: bearer((await login(t.app, gold.owner.email)).token),
    });
    expect(history.json()[0]).toMatchObject({
      kind: 'forecast',
      fired_at: '2026-11-21T20:00:00.000Z',
      threshold: 0.5,
      recurrence_interval: null,
      notified: true,
    });
  });

  it('checks when the server comes back later the same day, and never for a day already begun', async () => {
    const gold = await account([[33.11, 1]]);
    // Down from before 3:00 PM on Tuesday, Dec 1, back at 1:00 AM on Wednesday: nothing for Wednesday.
    clock.set(at('2026-12-02T06:00:00Z'));
    expect(await notices().checkForecasts()).toBe(0);
    // Back again at 11:50 PM on Wednesday: Thursday's forecast is checked.
    clock.set(at('2026-12-03T04:50:00Z'));
    expect(await notices().checkForecasts()).toBe(1);
    expect((await noticesOf(gold.client.id)).map((notice) => new Date(notice.event_started_at))).toEqual([
      at('2026-12-03T05:00:00Z'),
    ]);
  });

  it("joins an account's notices into one message per recipient when it combines locations, by the contacts' forecast flags", async () => {
    const gold = await account(
      [
        [33.21, 0.9],
        [33.22, 1.2],
      ],
      {},
      { forecast_combine_locations: true },
    );
    const contact = async (name: string, phone: string, flags: Record<string, boolean>) => {
      const created = await t.services.contacts.create({
        clientId: gold.client.id,
        name,
        email: `${name}@example.com`,
        phone,
      });
      for (const [flag, value] of Object.entries(flags)) {
        await t.database.db.execute(
          sql`update contacts set ${sql.raw(flag)} = ${value} where id = ${created.id}`,
        );
      }
      await t.services.assignments.assignLocations(
        gold.client.id,
        created.id,
        gold.locations.map((location) => location.id),
      );
      return created;
    };
    await contact('forecast-both', '713-555-0201', {});
    await contact('forecast-smsonly', '713-555-0202', { forecast_on: false });
    await contact('forecast-emailonly', '713-555-0203', { forecast_on_sms: false });
    await contact('forecast-none', '713-555-0204', { forecast_on: false, forecast_on_sms: false });

    clock.set(at('2026-12-10T20:30:00Z'));
    expect(await notices().checkForecasts()).toBe(2);
    await t.services.alerts.dispatchPending();

    const toOwner = await messagesTo(gold.owner.email);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]?.subject).toBe('Pluvio: Rain forecast at or over the threshold: 2 locations');
    expect(toOwner[0]?.text_body).toContain(
      'Site 33.21: 0.90 in forecast for Fri, Dec 11 (threshold 0.50 in)',
    );
    expect(toOwner[0]?.text_body).toContain(
      'Site 33.22: 1.20 in forecast for Fri, Dec 11 (threshold 0.50 in)',
    );

    const toContacts = await queryRows<{ channel: string; recipient: string }>(
      t.database.db,
      sql`select channel, recipient from outbox
           where kind = 'alert' and text_body like '%forecast for Fri, Dec 11%' and recipient <> ${gold.owner.email}
           order by channel, recipient`,
    );
    expect(toContacts.map((message) => [message.channel, message.recipient])).toEqual([
      ['email', 'forecast-both@example.com'],
      ['email', 'forecast-emailonly@example.com'],
      ['sms', '+17135550201'],
      ['sms', '+17135550202'],
    ]);
  });
});

import { MESSAGES } from '@pluvio/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildContactUser, buildOwnedClient, login } from '../../test/factories';
import { hourlyScript, scriptedIngestion, TEST_ATLAS14 } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const HOUR = 3_600_000;
/** 14:05 UTC is 09:05 EST: the newest processed hour ends 13:00 UTC (08:00 local, Pass 1). */
const NOW = new Date('2026-11-21T14:05:00Z');
const PROCESSED = new Date('2026-11-21T13:00:00Z');
/** The newest 15-minute field published by 14:05. */
const NEWEST_QUARTER = new Date('2026-11-21T14:00:00Z');

/** Every location sits on its own latitude, which chooses its rain. */
const HEAVY = 30; // 0.1 an hour: 2.4 in 24 hours, above the 1-year depth (2.0)
const LIGHT = 31; // 0.02 an hour: 0.48, below the 0.5 threshold
const MEDIUM = 32; // 0.025 an hour: 0.6, at least the threshold
const VARIED = 33; // a pattern with dry hours

function hourly(endsAt: Date, latitude: number): number {
  if (latitude === HEAVY) return 0.1;
  if (latitude === LIGHT) return 0.02;
  if (latitude === MEDIUM) return 0.025;
  if (latitude === VARIED) return (((endsAt.getTime() / HOUR) * 7) % 5) * 0.05;
  return 0;
}

describe('rainfall data API', () => {
  let t: TestApp;
  const clock = manualClock(NOW);
  const accounts: Record<'bronze' | 'silver' | 'gold', { token: string; clientId: number; ids: number[] }> =
    {} as never;

  async function account(tier: 'bronze' | 'silver' | 'gold') {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier });
    const rows = await t.services.locations.createMany(
      [HEAVY, LIGHT, MEDIUM, VARIED].map((latitude) => ({
        clientId: client.id,
        name: `Site ${latitude}`,
        latitude,
        longitude: -90,
        h24Threshold: 0.5,
        atlas14Threshold: TEST_ATLAS14,
      })),
    );
    return {
      token: (await login(t.app, user.email)).token,
      clientId: client.id,
      ids: rows.map((row) => row.id),
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const tier of ['bronze', 'silver', 'gold'] as const) accounts[tier] = await account(tier);
    const ingestion = scriptedIngestion(t, clock, hourlyScript(hourly));
    await ingestion.ingestRange(new Date(NOW.getTime() - 4 * 24 * HOUR), NOW);
    // The daylight-saving day in New York: 2026-11-01 has 25 hours.
    await ingestion.ingestRange(new Date('2026-10-31T00:00:00Z'), new Date('2026-11-02T12:00:00Z'));
  }, 120_000);
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
  const post = (url: string, token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
  const localKey = (utc: string) => {
    const date = new Date(utc);
    return new Date(date.getTime() - 5 * HOUR).toISOString().replace('.000Z', '-05:00');
  };

  describe('GET /api/locations', () => {
    it('carries the 24 Hr Accum and Daily Total up to the processed hour and its stored quarters, coloured for the tier', async () => {
      const { token } = accounts.gold;
      const rows = (await get('/api/locations', token)).json();
      const byName = Object.fromEntries(rows.map((row: { name: string }) => [row.name, row]));
      // Daily Total: hours ending 06:00 to 13:00 UTC (local midnight to 08:00 EST), and the four
      // quarters to 14:00 UTC whose hour is not processed yet (issue 26).
      expect(byName[`Site ${HEAVY}`]).toMatchObject({
        total_rainfall: expect.closeTo(2.4, 6),
        color_24: 'red',
        total_hourly_rainfall: expect.closeTo(0.9, 6),
        color_hourly: 'orange',
      });
      expect(byName[`Site ${LIGHT}`]).toMatchObject({
        total_rainfall: expect.closeTo(0.48, 6),
        color_24: 'green',
        total_hourly_rainfall: expect.closeTo(0.18, 6),
        color_hourly: 'green',
      });
      expect(byName[`Site ${MEDIUM}`]).toMatchObject({
        total_rainfall: expect.closeTo(0.6, 6),
        color_24: 'orange',
      });
    });

    it('shows silver red at the 1-year 24-hour depth and bronze never red', async () => {
      const colours = async (tier: 'bronze' | 'silver') =>
        (await get('/api/locations', accounts[tier].token))
          .json()
          .find((row: { name: string }) => row.name === `Site ${HEAVY}`).color_24;
      expect(await colours('silver')).toBe('red');
      expect(await colours('bronze')).toBe('orange');
    });
  });

  describe('POST /api/locations/24h_data', () => {
    it('answers the trailing 24 hours of each location, or the totals of one local day', async () => {
      const { token, ids } = accounts.gold;
      const [heavy, light] = ids as [number, number];
      const trailing = await post('/api/locations/24h_data', token, [heavy, light]);
      expect(trailing.statusCode).toBe(200);
      expect(trailing.json()).toEqual({
        locations: {
          [heavy]: { total_rainfall: expect.closeTo(2.4, 6) },
          [light]: { total_rainfall: expect.closeTo(0.48, 6) },
        },
      });
      const day = await post('/api/locations/24h_data?date=2026-11-21', token, [heavy]);
      expect(day.json()).toEqual({ locations: { [heavy]: { total_rainfall: expect.closeTo(0.8, 6) } } });
    });

    it('answers each listed location once, whatever the order and repeats of the list, with the same bytes', async () => {
      const { token, ids } = accounts.gold;
      const [heavy, light, medium] = ids as [number, number, number];
      const listed = await post('/api/locations/24h_data', token, [medium, heavy, medium, light]);
      expect(Object.keys(listed.json().locations)).toEqual([heavy, light, medium].map(String));
      expect(listed.json().locations[medium]).toEqual({ total_rainfall: expect.closeTo(0.6, 6) });
      const reordered = await post('/api/locations/24h_data', token, [light, medium, heavy]);
      expect(reordered.body).toBe(listed.body);
      expect(reordered.headers.etag).toBe(listed.headers.etag);
    });

    it("refuses the whole list when one id is another account's", async () => {
      const response = await post('/api/locations/24h_data', accounts.gold.token, [
        accounts.gold.ids[0],
        accounts.silver.ids[0],
      ]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).not.toHaveProperty('locations');
    });
  });

  describe('GET /api/locations/{id}/hourly_data', () => {
    it('maps each hour up to the processed one, then the pending one from its quarters, to its amount and the trailing 24-hour sum', async () => {
      const { token, ids } = accounts.gold;
      const varied = ids[3];
      const response = await get(`/api/locations/${varied}/hourly_data?days=2&date=2026-11-21`, token);
      const hours = response.json().hourly_data as Record<string, { total: number; '24h_total': number }>;
      // 2026-11-20 (24 hours) and 2026-11-21 up to 08:00 EST, then 09:00 EST from its quarters.
      expect(Object.keys(hours)).toHaveLength(24 + 9);
      expect(Object.keys(hours).at(0)).toBe(localKey('2026-11-20T06:00:00Z'));
      expect(Object.keys(hours).at(-2)).toBe(localKey(PROCESSED.toISOString()));
      expect(Object.keys(hours).at(-1)).toBe(localKey(NEWEST_QUARTER.toISOString()));
      for (const [key, value] of Object.entries(hours)) {
        const end = new Date(key).getTime();
        const trailing = Array.from({ length: 24 }, (_, k) => hourly(new Date(end - k * HOUR), VARIED));
        expect(value.total).toBeCloseTo(hourly(new Date(end), VARIED), 6);
        expect(value['24h_total']).toBeCloseTo(
          trailing.reduce((sum, amount) => sum + amount, 0),
          6,
        );
      }
    });

    it('defaults to today', async () => {
      const { token, ids } = accounts.gold;
      const hours = (await get(`/api/locations/${ids[0]}/hourly_data`, token)).json().hourly_data;
      expect(Object.keys(hours)).toHaveLength(9);
    });

    it('has 25 hours on the day daylight saving time ends', async () => {
      const { token, ids } = accounts.gold;
      const hours = (await get(`/api/locations/${ids[0]}/hourly_data?days=1&date=2026-11-01`, token)).json()
        .hourly_data;
      expect(Object.keys(hours)).toHaveLength(25);
      expect(hours).toHaveProperty(['2026-11-01T01:00:00-04:00']);
      expect(hours).toHaveProperty(['2026-11-01T01:00:00-05:00']);
      expect(hours).toHaveProperty(['2026-11-02T00:00:00-05:00']);
    });
  });

  describe('GET /api/locations/{id}/15m_data', () => {
    it('maps each quarter hour of the last hours up to the newest stored one, ahead of the processed hour', async () => {
      const { token, ids } = accounts.silver;
      const response = await get(`/api/locations/${ids[0]}/15m_data?hours=2`, token);
      expect(response.statusCode).toBe(200);
      const quarters = response.json().hourly_data;
      expect(Object.keys(quarters)).toHaveLength(8);
      // A RapidRain alert fires on the newest quarter hour (ending 14:00 UTC), an hour past PROCESSED.
      expect(Object.keys(quarters).at(-1)).toBe(localKey(NEWEST_QUARTER.toISOString()));
      expect(Object.values(quarters).at(-1)).toEqual({
        total: expect.closeTo(0.025, 6),
        '24h_total': expect.closeTo(2.4, 6),
      });
    });

    it('is refused below silver', async () => {
      const { token, ids } = accounts.bronze;
      const response = await get(`/api/locations/${ids[0]}/15m_data`, token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MESSAGES.tierTooLow });
    });
  });

  describe('GET /api/locations/{id}/24h_data/{startDate}/{endDate}', () => {
    it("lists each local day with its rainfall and the total, today's with its pending quarters", async () => {
      const { token, ids } = accounts.gold;
      const response = await get(`/api/locations/${ids[0]}/24h_data/2026-11-19/2026-11-21`, token);
      expect(response.json()).toEqual({
        total_rainfall: expect.closeTo(5.7, 6),
        items: [
          { date: '2026-11-19', rainfall: expect.closeTo(2.4, 6) },
          { date: '2026-11-20', rainfall: expect.closeTo(2.4, 6) },
          { date: '2026-11-21', rainfall: expect.closeTo(0.9, 6) },
        ],
      });
    });
  });

  describe('access (D10)', () => {
    const paths = (id: number) => [
      `/api/locations/${id}/hourly_data`,
      `/api/locations/${id}/15m_data`,
      `/api/locations/${id}/24h_data/2026-11-20/2026-11-21`,
      `/api/locations/${id}/forecast`,
    ];

    it("answers 404 for another account's location", async () => {
      for (const path of paths(accounts.silver.ids[0] as number)) {
        expect((await get(path, accounts.gold.token)).statusCode, path).toBe(404);
      }
    });

    it('shows a plain contact its assigned locations only', async () => {
      const { clientId, ids } = accounts.gold;
      const [assigned, other] = ids as [number, number];
      const { user, contact } = await buildContactUser(t.services, clientId);
      await t.services.assignments.assignLocations(clientId, contact.id, [assigned]);
      const { token } = await login(t.app, user.email);
      for (const path of paths(assigned)) expect((await get(path, token)).statusCode, path).toBe(200);
      for (const path of paths(other)) expect((await get(path, token)).statusCode, path).toBe(404);
      expect((await post('/api/locations/24h_data', token, [assigned])).statusCode).toBe(200);
      expect((await post('/api/locations/24h_data', token, [assigned, other])).statusCode).toBe(404);
    });
  });
});

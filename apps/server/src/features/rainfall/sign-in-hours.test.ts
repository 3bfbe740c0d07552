import { RAINFALL_MESSAGES } from '@pluvio/shared/rainfall';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOwnedClient } from '../../test/factories';
import { hourlyScript, scriptedIngestion, TEST_ATLAS14 } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

/** Rain of each hour ending at `endsAt` (UTC) at the two test latitudes; every other hour is dry. */
const RAIN: Record<string, { south: number; north: number }> = {
  // 15:00 EST: the north site (threshold 0.25) reaches its threshold, the south one (0.5) does not.
  '2026-11-21T20:00:00.000Z': { south: 0.3, north: 0.3 },
  // 16:00 EST: no site reaches its threshold.
  '2026-11-21T21:00:00.000Z': { south: 0.2, north: 0.1 },
  // 17:00 EST: past the south site's Atlas 14 1-year depth, which would be red on the dashboard.
  '2026-11-21T22:00:00.000Z': { south: 2.5, north: 0 },
};

describe('GET /api/rainfall/hourly_today (the sign-in page’s hourly figure)', () => {
  let t: TestApp;
  // 22:05 EST on Saturday 21 November, already Sunday in UTC: "today" is the Eastern day.
  const clock = manualClock(new Date('2026-11-22T03:05:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ clock });
    const south = await buildOwnedClient(t.services);
    const north = await buildOwnedClient(t.services);
    await t.services.locations.createMany([
      {
        clientId: south.client.id,
        name: 'South Yard',
        latitude: 30,
        longitude: -95,
        h24Threshold: 0.5,
        atlas14Threshold: TEST_ATLAS14,
      },
      { clientId: north.client.id, name: 'North Farm', latitude: 40, longitude: -90, h24Threshold: 0.25 },
    ]);
    const script = hourlyScript((endsAt, latitude) => {
      const rain = RAIN[endsAt.toISOString()];
      return rain ? (latitude < 35 ? rain.south : rain.north) : 0;
    });
    await scriptedIngestion(t, clock, script).ingestRange(new Date('2026-11-21T04:00:00Z'), clock.now());
  }, 120_000);
  afterAll(() => t.close());

  const get = (query = '') => t.app.inject({ url: `/api/rainfall/hourly_today${query}` });

  it('answers without signing in: every processed hour of today in Eastern time, orange or green', async () => {
    const answer = await get();
    expect(answer.statusCode).toBe(200);
    const { date, hours } = answer.json();
    expect(date).toBe('2026-11-21');
    // Local midnight to the newest processed hour, 21:00 EST.
    expect(hours).toHaveLength(21);
    expect(hours[0].ends_at).toBe('2026-11-21T01:00:00-05:00');
    expect(hours.at(-1).ends_at).toBe('2026-11-21T21:00:00-05:00');
    const at = (localHour: string) =>
      hours.find((hour: { ends_at: string }) => hour.ends_at.includes(`T${localHour}`));
    expect(at('15:00')).toEqual({ ends_at: '2026-11-21T15:00:00-05:00', amount: 0.3, color: 'orange' });
    expect(at('16:00')).toEqual({ ends_at: '2026-11-21T16:00:00-05:00', amount: 0.2, color: 'green' });
    expect(at('17:00')).toEqual({ ends_at: '2026-11-21T17:00:00-05:00', amount: 2.5, color: 'orange' });
    expect(at('14:00')).toEqual({ ends_at: '2026-11-21T14:00:00-05:00', amount: 0, color: 'green' });
    expect(new Set(hours.map((hour: { color: string }) => hour.color))).toEqual(new Set(['green', 'orange']));
  });

  it('names no location or account', async () => {
    const body = (await get()).body;
    expect(body).not.toMatch(/South Yard|North Farm|client|location/i);
  });

  it('takes the day as a query: tomorrow has no processed hour yet, other days and bad dates are refused', async () => {
    expect((await get('?date=2026-11-22')).json()).toEqual({ date: '2026-11-22', hours: [] });
    expect((await get('?date=2026-11-20')).statusCode).toBe(200);
    const earlier = await get('?date=2026-11-19');
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json()).toEqual({ detail: RAINFALL_MESSAGES.signInDays });
    const bad = await get('?date=21-11-2026');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toHaveProperty('detail');
  });
});

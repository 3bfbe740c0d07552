import { DEFAULT_TIME_ZONE } from '@pluvio/shared/calendar';
import { locationOverviewSchema } from '@pluvio/shared/location-overview';
import { provisionalText } from '@pluvio/shared/messages';
import { pendingHours } from '@pluvio/shared/rainfall';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildOwnedClient, login } from '../../test/factories';
import { scriptedIngestion } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import type { IntervalKey } from './intervals';

const at = (iso: string) => new Date(iso);

/** A storm from 5:15 PM EST: quarters of 0.39, 0.49 and 0.38 in, then 0.1; its hour reads 1.3 in. */
const QUARTERS: Record<string, number> = {
  '2026-11-26T22:30:00.000Z': 0.39,
  '2026-11-26T22:45:00.000Z': 0.49,
  '2026-11-26T23:00:00.000Z': 0.38,
  '2026-11-26T23:15:00.000Z': 0.1,
};
const HOURS: Record<string, number> = { '2026-11-26T23:00:00.000Z': 1.3 };

function script(key: IntervalKey): number {
  const amounts = key.product === '15m' ? QUARTERS : HOURS;
  return amounts[key.endsAt.toISOString()] ?? 0;
}

/**
 * Issue 26: at 6:38 PM the hour of 5 PM has no hourly field yet, but its quarters are stored and
 * a RapidRain alert fired on them. The list, map colours, 1 Hour and 24 Hour charts include them,
 * marked provisional, until the hourly field replaces them.
 */
describe('quarter hours after the processed hour', () => {
  let t: TestApp;
  let email: string;
  let token: string;
  let siteId: number;
  const clock = manualClock();
  const ingestion = () => scriptedIngestion(t, clock, script);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const { user, client } = await buildOwnedClient(t.services);
    email = user.email;
    const [row] = await t.services.locations.createMany([
      { clientId: client.id, name: 'Houston', latitude: 29.76, longitude: -95.37, h24Threshold: 0.5 },
    ]);
    siteId = row?.id as number;
  });
  afterAll(() => t.close());

  /** Moves the clock and signs in again (access tokens last minutes). */
  async function setClock(iso: string) {
    clock.set(at(iso));
    token = (await login(t.app, email)).token;
  }

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const overview = async () => locationOverviewSchema.parse(await get('/api/locations/overview'));

  it('are counted, provisional, in the totals, colours, hourly and daily data until the hour arrives', async () => {
    // 18:38 EST: the newest hourly field is the one ending at 5 PM; quarters are stored to 6:30 PM.
    await setClock('2026-11-26T23:38:00Z');
    await ingestion().catchUp();
    expect((await t.services.ingestion.processStatus()).datetime).toBe('2026-11-26T22:00:00.000Z');

    const listed = await overview();
    expect(listed.total_rainfall).toEqual([1.36]);
    expect(listed.total_hourly_rainfall).toEqual([1.36]);
    expect(listed.color_24).toEqual([1]);
    expect(listed.color_hourly).toEqual([1]);
    expect(listed.provisional).toEqual({ from: '2026-11-26T22:00:00.000Z', to: '2026-11-26T23:30:00.000Z' });
    expect(provisionalText(pendingHours(listed.provisional ?? { from: '', to: '' }), DEFAULT_TIME_ZONE)).toBe(
      'Includes 4 of 4 quarter hours of 5 PM and 2 of 4 of 6 PM, provisional until the hourly data arrives',
    );

    const hourly = (await get(`/api/locations/${siteId}/hourly_data?days=1`)).hourly_data;
    expect(hourly['2026-11-26T18:00:00-05:00']).toEqual({ total: 1.26, '24h_total': 1.26 });
    expect(hourly['2026-11-26T19:00:00-05:00']).toEqual({ total: 0.1, '24h_total': 1.36 });
    expect(Object.keys(hourly).at(-1)).toBe('2026-11-26T19:00:00-05:00');

    const daily = await get(`/api/locations/${siteId}/24h_data/2026-11-25/2026-11-26`);
    expect(daily).toEqual({
      total_rainfall: 1.36,
      items: [
        { date: '2026-11-25', rainfall: 0 },
        { date: '2026-11-26', rainfall: 1.36 },
      ],
    });

    // 7:08 PM: the hourly field of 5 PM (1.3 in) replaces its quarters; 6 PM's one quarter is pending.
    await setClock('2026-11-27T00:08:00Z');
    await ingestion().ingestDue();
    const later = await overview();
    expect(later.total_rainfall).toEqual([1.4]);
    expect(later.provisional).toEqual({ from: '2026-11-26T23:00:00.000Z', to: '2026-11-27T00:00:00.000Z' });
    const revised = (await get(`/api/locations/${siteId}/hourly_data?days=1&date=2026-11-26`)).hourly_data;
    expect(revised['2026-11-26T18:00:00-05:00']).toEqual({ total: 1.3, '24h_total': 1.3 });
    expect(revised['2026-11-26T19:00:00-05:00']).toEqual({ total: 0.1, '24h_total': 1.4 });
  }, 60_000);

  it('give way to the hourly field of their hour, even a dry one', async () => {
    // 10:20 PM: the hourly field of 6 PM reads 0 in, so its quarter's 0.1 in no longer counts.
    await setClock('2026-11-27T03:20:00Z');
    await ingestion().ingestDue();
    const listed = await overview();
    expect(listed.total_rainfall).toEqual([1.3]);
    expect(listed.provisional).toEqual({ from: '2026-11-27T02:00:00.000Z', to: '2026-11-27T03:15:00.000Z' });
  }, 60_000);
});

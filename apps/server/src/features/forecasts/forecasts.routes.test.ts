import { MESSAGES } from '@pluvio/shared/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SourceError } from '../../core/lib/fetch-with-retry';
import { bearer, buildOwnedClient, buildUser, login } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

describe('GET /api/forecast/national/{day}', () => {
  let t: TestApp;
  // 21:00 in New York on Saturday 21 November.
  const clock = manualClock(new Date('2026-11-22T02:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const get = (day: string | number, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/forecast/national/${day}`, headers });

  it.each([
    [1, '2026-11-21'],
    [2, '2026-11-22'],
    [3, '2026-11-23'],
  ])('serves day %i, valid %s, to anyone as a cacheable SVG', async (day, valid) => {
    const response = await get(day);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=900');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.body).toMatch(/^<svg /);
    expect(response.body).toContain(`<title id="map-title">Day ${day} Precipitation Forecast</title>`);
    expect(response.body).toContain(`>Valid ${valid}</text>`);
  });

  it.each(['0', '4', 'x', '1.5'])('refuses day %s', async (day) => {
    const response = await get(day);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(['params', 'day']);
  });

  it('answers 304 without the image when the browser already holds this one', async () => {
    const first = await get(2);
    const etag = first.headers.etag as string;

    const again = await get(2, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=900');

    expect((await get(2, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get(2, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get(3, { 'if-none-match': etag })).statusCode).toBe(200);
  });
});

describe('GET /api/locations/{id}/forecast', () => {
  let t: TestApp;
  // 09:05 in New York on Saturday 21 November.
  const clock = manualClock(new Date('2026-11-21T14:05:00Z'));
  const sites: Record<'silver' | 'gold', { token: string; id: number }> = {} as never;

  async function siteOf(tier: 'bronze' | 'silver' | 'gold', role?: 'Owner') {
    const owner = role ? await buildUser(t.services, { role }) : undefined;
    const { user, client } = await buildOwnedClient(t.services, owner, { tier });
    const [site] = await t.services.locations.createMany([
      { clientId: client.id, name: 'Forecast site', latitude: 30, longitude: -90 },
    ]);
    return { token: (await login(t.app, user.email)).token, id: site?.id as number };
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    sites.gold = await siteOf('gold');
    sites.silver = await siteOf('silver');
  });
  afterAll(() => t.close());

  const forecastOf = ({ token, id }: { token: string; id: number }) =>
    t.app.inject({ method: 'GET', url: `/api/locations/${id}/forecast`, headers: bearer(token) });

  it('gives gold today and the next two days', async () => {
    const { forecasts } = (await forecastOf(sites.gold)).json();
    expect(forecasts.map((item: { date: string }) => item.date)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ]);
    for (const item of forecasts) expect(item.value).toBeGreaterThanOrEqual(0);
  });

  it('says the forecast is unavailable for a while when the forecast service fails', async () => {
    const failing = vi
      .spyOn(t.services.sources.forecast, 'dailyAt')
      .mockRejectedValueOnce(new SourceError('NWS API answered 503, 4 attempts'));
    const response = await forecastOf(sites.gold);
    failing.mockRestore();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('300');
    expect(response.json()).toEqual({ detail: MESSAGES.forecastUnavailable });
    expect((await forecastOf(sites.gold)).statusCode).toBe(200);
  });

  it('is refused below gold', async () => {
    const response = await forecastOf(sites.silver);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.tierTooLow });
  });

  it('is open to the Owner role at any level, which passes every feature gate', async () => {
    expect((await forecastOf(await siteOf('bronze', 'Owner'))).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, buildOwnedClient, login } from '../../test/factories';
import { fixture, type NoaaServer, startNoaaServer, withNoaaFixtures } from '../../test/noaa-server';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const GIF = Buffer.from('GIF89a-wpc-day-1');

withNoaaFixtures.describe('FORECAST_SOURCE=nws', () => {
  let t: TestApp;
  let noaa: NoaaServer;

  beforeAll(async () => {
    noaa = await startNoaaServer((url) => {
      const json = (file: string) => ({
        body: fixture(`nws/${file}`),
        contentType: 'application/geo+json',
      });
      if (url.pathname.startsWith('/points/')) return json('nws_points_sample.json');
      if (url.pathname.startsWith('/gridpoints/')) return json('nws_gridpoint_qpf_excerpt.json');
      if (url.pathname === '/qpf/fill_94qwbg.gif') return { body: GIF, contentType: 'image/gif' };
      return { status: 500 };
    });
    t = await createTestApp({
      // 20:00 on 10 January in New York.
      clock: manualClock(new Date('2026-01-11T01:00:00Z')),
      env: {
        FORECAST_SOURCE: 'nws',
        NWS_API_URL: noaa.url,
        WPC_QPF_URL: `${noaa.url}/qpf`,
        SUPPORT_EMAIL: 'rain-desk@example.com',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await noaa.close();
  });

  it("gives a gold site NWS's forecast for today and the next two days, naming Pluvio and its contact", async () => {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    const [site] = await t.services.locations.createMany([
      { clientId: client.id, name: 'West Park', latitude: 25.9888, longitude: -80.2257 },
    ]);
    const { token } = await login(t.app, user.email);
    const answer = await t.app.inject({
      url: `/api/locations/${site?.id}/forecast`,
      headers: bearer(token),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      forecasts: [
        { date: '2026-01-10', value: 0.01 },
        { date: '2026-01-11', value: 0.01 },
        { date: '2026-01-12', value: 0 },
      ],
    });
    expect(noaa.userAgents.at(-1)).toBe('Pluvio (rain-desk@example.com)');
  });

  it("serves WPC's national image, and the drawn map for a day WPC cannot give", async () => {
    const day1 = await t.app.inject({ url: '/api/forecast/national/1' });
    expect(day1.statusCode).toBe(200);
    expect(day1.headers['content-type']).toBe('image/gif');
    expect(day1.rawPayload).toEqual(GIF);
    const day2 = await t.app.inject({ url: '/api/forecast/national/2' });
    expect(day2.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(day2.body).toContain('Day 2 Precipitation Forecast');
  });
});

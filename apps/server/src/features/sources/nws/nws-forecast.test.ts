import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  type FakeAnswer,
  fixture,
  type NoaaServer,
  type Route,
  startNoaaServer,
  withNoaaFixtures,
} from '../../../test/noaa-server';
import type { ForecastImage } from '../sources';
import { createNwsForecastSource } from './nws-forecast';

const HOUR = 3_600_000;
const GEO_JSON = 'application/geo+json';
/** 01:00 UTC on 11 January is 20:00 on the 10th in New York. */
const ISSUED = new Date('2026-01-11T01:00:00Z');
const WEST_PARK = { latitude: 25.98884, longitude: -80.225712 };
const GIF = Buffer.from('GIF89a-wpc-day-1');
const DRAWN: ForecastImage = { contentType: 'image/svg+xml; charset=utf-8', body: Buffer.from('<svg/>') };

const points = () => ({ body: fixture('nws/nws_points_sample.json'), contentType: GEO_JSON });
const gridpoint = () => ({ body: fixture('nws/nws_gridpoint_qpf_excerpt.json'), contentType: GEO_JSON });
/** The real grid answer with other quantitative precipitation values. */
function gridpointWith(values: { validTime: string; value: number }[]): FakeAnswer {
  const body = JSON.parse(fixture('nws/nws_gridpoint_qpf_excerpt.json').toString('utf8'));
  body.properties.quantitativePrecipitation.values = values;
  return { body: JSON.stringify(body), contentType: GEO_JSON };
}

/** NWS's layout: /points/{lat},{lon} names the cell, /gridpoints/{office}/{x},{y} has its forecast. */
const nwsRoute =
  (grid: () => FakeAnswer): Route =>
  (url) => {
    if (url.pathname.startsWith('/points/')) return points();
    if (url.pathname.startsWith('/gridpoints/')) return grid();
    return undefined;
  };

withNoaaFixtures.describe('NWS forecasts against a local NWS API', () => {
  let route: Route = () => undefined;
  let server: NoaaServer;
  let now = Date.parse('2026-01-11T01:00:00Z');
  const fallbackDays: number[] = [];
  const source = () =>
    createNwsForecastSource({
      apiUrl: `${server.url}/`,
      wpcUrl: `${server.url}/qpf`,
      userAgent: 'Pluvio (support@example.com)',
      timeZone: 'America/New_York',
      fallbackImage: async (day) => {
        fallbackDays.push(day);
        return DRAWN;
      },
      // Long enough for a loaded machine, short of the slow answers (5 s).
      retry: { timeoutMs: 1_500, attempts: 3, backoffMs: 10 },
      now: () => now,
    });

  beforeAll(async () => {
    server = await startNoaaServer((url, request) => route(url, request));
  });
  afterEach(() => {
    server.requests.length = 0;
    server.userAgents.length = 0;
    fallbackDays.length = 0;
  });
  afterAll(() => server.close());

  it('sums the real grid forecast into the local days, splitting the interval that crosses midnight', async () => {
    route = nwsRoute(gridpoint);
    // 0.508 mm from 23:00 to 01:00 EST: 0.254 mm (0.01 in) on each side of midnight.
    expect(await source().dailyAt(WEST_PARK, ISSUED)).toEqual([
      { date: '2026-01-10', value: 0.01 },
      { date: '2026-01-11', value: 0.01 },
      { date: '2026-01-12', value: 0 },
    ]);
    // Coordinates to 4 decimals (NWS redirects longer ones), then the cell the point answer names.
    expect(server.requests).toEqual(['/points/25.9888,-80.2257', '/gridpoints/MFL/107,60']);
    expect(server.userAgents).toEqual(['Pluvio (support@example.com)', 'Pluvio (support@example.com)']);
  });

  it('asks once an hour per grid cell, and once per point for its cell', async () => {
    route = nwsRoute(gridpoint);
    const nws = source();
    await nws.dailyAt(WEST_PARK, ISSUED);
    await nws.dailyAt({ latitude: 25.99, longitude: -80.23 }, ISSUED);
    await nws.dailyAt(WEST_PARK, ISSUED, 2);
    expect(server.requests).toEqual([
      '/points/25.9888,-80.2257',
      '/gridpoints/MFL/107,60',
      '/points/25.99,-80.23',
    ]);

    now += HOUR + 1;
    route = nwsRoute(() => gridpointWith([{ validTime: '2026-01-11T12:00:00+00:00/PT6H', value: 25.4 }]));
    expect((await nws.dailyAt(WEST_PARK, ISSUED))[1]).toEqual({ date: '2026-01-11', value: 1 });
    expect(server.requests.slice(3)).toEqual(['/gridpoints/MFL/107,60']);
  });

  it('tries again after 500 and 503 answers, a time-out and a cut connection', async () => {
    const troubles: FakeAnswer[] = [{ status: 500, body: '{"title":"Unexpected Problem"}' }, { status: 503 }];
    route = nwsRoute(() => troubles.shift() ?? gridpoint());
    expect(await source().dailyAt(WEST_PARK, ISSUED)).toHaveLength(3);
    expect(server.requests.filter((path) => path.startsWith('/gridpoints/'))).toHaveLength(3);

    const slowThenCut = [
      { ...gridpoint(), delayMs: 5_000 },
      { ...gridpoint(), truncated: true },
    ];
    route = nwsRoute(() => slowThenCut.shift() ?? gridpoint());
    expect(await source().dailyAt(WEST_PARK, ISSUED)).toHaveLength(3);
  });

  it('says clearly what failed when retries run out or NWS refuses, and keeps no failure', async () => {
    route = nwsRoute(() => ({ status: 503, body: 'busy' }));
    const nws = source();
    await expect(nws.dailyAt(WEST_PARK, ISSUED)).rejects.toThrow(
      /NWS API answered 503 \(http:\/\/127\.0\.0\.1:\d+\/gridpoints\/MFL\/107,60\), 3 attempts/,
    );
    route = nwsRoute(() => ({
      status: 400,
      body: '{"title":"Invalid Parameter","detail":"Parameter \\"x\\" is invalid"}',
      contentType: 'application/problem+json',
    }));
    await expect(nws.dailyAt(WEST_PARK, ISSUED)).rejects.toThrow(
      /NWS API answered 400 .*: Parameter "x" is invalid/,
    );
    route = nwsRoute(() => gridpointWith([]));
    expect(await nws.dailyAt(WEST_PARK, ISSUED)).toEqual([
      { date: '2026-01-10', value: 0 },
      { date: '2026-01-11', value: 0 },
      { date: '2026-01-12', value: 0 },
    ]);
  });

  it('has no forecast where NWS has none (404 for the point), and refuses a layer in other units', async () => {
    route = () => ({ status: 404, body: '{"title":"Data Unavailable For Requested Point"}' });
    expect(await source().dailyAt({ latitude: 24.5, longitude: -70 }, ISSUED)).toEqual([]);
    route = nwsRoute(() => {
      const answer = gridpointWith([]);
      return { ...answer, body: String(answer.body).replace('wmoUnit:mm', 'wmoUnit:in') };
    });
    await expect(source().dailyAt(WEST_PARK, ISSUED)).rejects.toThrow(/in wmoUnit:in, not mm/);
  });

  it("serves WPC's day 1-3 images, kept for an hour, and the drawn map while WPC fails", async () => {
    route = (url) =>
      url.pathname === '/qpf/fill_94qwbg.gif' ? { body: GIF, contentType: 'image/gif' } : undefined;
    const nws = source();
    expect(await nws.nationalImage(1, ISSUED)).toEqual({ contentType: 'image/gif', body: GIF });
    expect(await nws.nationalImage(1, ISSUED)).toEqual({ contentType: 'image/gif', body: GIF });
    expect(await nws.nationalImage(3, ISSUED)).toEqual(DRAWN);
    expect(server.requests).toEqual(['/qpf/fill_94qwbg.gif', '/qpf/fill_99qwbg.gif']);
    expect(fallbackDays).toEqual([3]);

    route = () => ({ status: 500 });
    expect(await nws.nationalImage(2, ISSUED)).toEqual(DRAWN);
    route = () => ({ body: '<html>maintenance</html>', contentType: 'text/html' });
    now += HOUR + 1;
    expect(await nws.nationalImage(1, ISSUED)).toEqual(DRAWN);
    expect(server.requests.slice(2)).toEqual(['/qpf/fill_98qwbg.gif', '/qpf/fill_94qwbg.gif']);
  });
});

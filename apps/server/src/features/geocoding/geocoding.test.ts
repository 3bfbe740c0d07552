import { GEOCODE_MESSAGES } from '@pluvio/shared/geocode';
import { INPUT_MESSAGES } from '@pluvio/shared/inputs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { censusAnswer, censusMatch } from '../../test/census-geocoder';
import { type NoaaServer, type Route, startNoaaServer } from '../../test/noaa-server';
import { createTestApp, type TestApp } from '../../test/test-app';

const SILVER_HILL = censusMatch(
  '4600 SILVER HILL RD, WASHINGTON, DC, 20233',
  -76.92691152481,
  38.84601745453,
);
const HONOLULU = censusMatch('1 ALOHA TOWER DR, HONOLULU, HI, 96813', -157.8661, 21.3069);
const json = (body: object) => ({
  body: JSON.stringify(body),
  contentType: 'application/json;charset=utf-8',
});

describe('address search through the Census geocoder', () => {
  let route: Route = () => undefined;
  let census: NoaaServer;
  let t: TestApp;
  const search = (q: string) =>
    t.app.inject({ method: 'GET', url: `/api/geocode?q=${encodeURIComponent(q)}` });

  beforeAll(async () => {
    census = await startNoaaServer((url, request) => route(url, request));
    t = await createTestApp({
      env: { GEOCODER: 'census', GEOCODER_URL: `${census.url}/geocoder`, GEOCODER_TIMEOUT_SECONDS: '1' },
    });
  });
  afterAll(async () => {
    await t.close();
    await census.close();
  });

  it('answers the matched addresses with their coordinates, asking for the current benchmark', async () => {
    route = (url) => json(censusAnswer(url.searchParams.get('address') ?? '', [SILVER_HILL]));
    const response = await search('  4600 Silver Hill Rd, Washington, DC 20233 ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      matches: [
        { label: '4600 SILVER HILL RD, WASHINGTON, DC, 20233', latitude: 38.846017, longitude: -76.926912 },
      ],
    });
    expect(census.requests.at(-1)).toBe(
      '/geocoder/locations/onelineaddress?address=4600+Silver+Hill+Rd%2C+Washington%2C+DC+20233&benchmark=Public_AR_Current&format=json',
    );
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().address_search).toBe(true);
  });

  it('leaves out matches outside the contiguous United States', async () => {
    route = () => json(censusAnswer('1 Aloha Tower Dr', [HONOLULU, SILVER_HILL]));
    const response = await search('1 Aloha Tower Dr');
    expect(response.json().matches.map((match: { label: string }) => match.label)).toEqual([
      '4600 SILVER HILL RD, WASHINGTON, DC, 20233',
    ]);
  });

  it('answers an empty list when nothing matched', async () => {
    route = () => json(censusAnswer('nowhere street', []));
    const response = await search('nowhere street');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ matches: [] });
  });

  it.each([
    ['an error status', () => json({ errors: ['Internal error'], status: '500' }), 500],
    ['an answer in another shape', () => json({ errors: ['Benchmark not found'] }), 200],
    ['no answer in time', () => ({ ...json(censusAnswer('x', [SILVER_HILL])), delayMs: 3000 }), 200],
  ])('says address search is not answering after %s', async (_, answer, status) => {
    route = () => ({ ...answer(), status });
    const response = await search('4600 Silver Hill Rd');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toEqual({ detail: GEOCODE_MESSAGES.unavailable });
  });

  it.each([
    ['', GEOCODE_MESSAGES.queryTooShort],
    ['  ab  ', GEOCODE_MESSAGES.queryTooShort],
    ['x'.repeat(201), INPUT_MESSAGES.tooLong(200)],
    ['4600\u0000Silver Hill', INPUT_MESSAGES.controlCharacters],
  ])('refuses the query %j without asking the geocoder', async (q, message) => {
    const asked = census.requests.length;
    const response = await search(q);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ loc: ['querystring', 'q'], msg: message });
    expect(census.requests.length).toBe(asked);
  });
});

describe('address search on a fresh install', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { GEOCODE_PER_MINUTE: '2' } });
  });
  afterAll(() => t.close());

  it('is off: the web app is told so and a search says it is not configured', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().address_search).toBe(false);
    const response = await t.app.inject({ method: 'GET', url: '/api/geocode?q=Houston' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: GEOCODE_MESSAGES.notConfigured });
  });

  it('is described in the API document with its query', async () => {
    const document = (await t.app.inject({ url: '/docs/json' })).json();
    const operation = document.paths['/api/geocode'].get;
    expect(operation.parameters).toEqual([
      expect.objectContaining({ name: 'q', in: 'query', required: true }),
    ]);
    expect(Object.keys(operation.responses)).toContain('200');
  });

  it('limits the searches of one client address in a minute', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/geocode?q=Dallas' })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

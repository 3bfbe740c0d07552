import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends a strict Content-Security-Policy', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows no cross-origin reads by default', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/users/me',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never answers bad input with a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
  });
});

describe.each([
  { scheme: 'http', publicUrl: 'http://localhost:3000', hsts: false },
  { scheme: 'https', publicUrl: 'https://rain.example.com', hsts: true },
])('headers with an $scheme PUBLIC_URL', ({ publicUrl, hsts }) => {
  let t: TestApp;
  let token: string;
  let refreshCookie: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
    const user = await buildUser(t.services);
    const session = await login(t.app, user.email);
    token = session.token;
    refreshCookie = session.refreshCookie ?? '';
  });
  afterAll(() => t.close());

  it('lets no browser or proxy keep an answer with user data', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/users/me', headers: bearer(token) }),
      t.app.inject({ url: '/api/clients', headers: bearer(token) }),
      t.app.inject({ url: '/users/me' }),
      t.app.inject({
        method: 'POST',
        url: '/api/users/refresh-token',
        cookies: { pluvio_refresh: refreshCookie },
      }),
      t.app.inject({ url: '/api/no-such-route', headers: bearer(token) }),
      t.app.inject({ url: '/healthz', headers: bearer(token) }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 200, 404, 200]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('keeps public answers cacheable', async () => {
    const map = await t.app.inject({ url: '/api/forecast/national/1' });
    expect(map.headers['cache-control']).toBe('public, max-age=900');
    expect((await t.app.inject({ url: '/healthz' })).headers['cache-control']).toBeUndefined();
  });

  it(`${hsts ? 'asks' : 'does not ask'} browsers to insist on https`, async () => {
    const response = await t.app.inject({ url: '/healthz' });
    if (hsts) expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    else expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('forbids framing in both the frame header and the CSP', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('map tiles', () => {
  /** The /api/config answer and the CSP of an app started with `env`. */
  async function mapOf(env: Record<string, string> = {}) {
    const started = await createTestApp({ env });
    try {
      const response = await started.app.inject({ url: '/api/config' });
      return { map: response.json().map, csp: String(response.headers['content-security-policy']) };
    } finally {
      await started.close();
    }
  }

  it('draws OpenStreetMap by default, with its credit and its tiles allowed by the CSP', async () => {
    const { map, csp } = await mapOf();
    expect(map.tile_url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(map.tile_attribution).toContain('OpenStreetMap</a> contributors');
    expect(csp).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
  });

  it('draws the state outlines only with none', async () => {
    const { map, csp } = await mapOf({ MAP_TILE_URL: 'none' });
    expect(map).toEqual({ tile_url: null, tile_attribution: '' });
    expect(csp).not.toContain('openstreetmap');
  });

  it('lets images come from another tile server when one is set', async () => {
    const { map, csp } = await mapOf({
      MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example',
    });
    expect(map).toEqual({
      tile_url: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
      tile_attribution: '© Example',
    });
    expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.tiles\.example\.com/);
  });

  it('refuses a tile address that is not an https template', async () => {
    await expect(createTestApp({ env: { MAP_TILE_URL: 'http://tiles.example.com/a.png' } })).rejects.toThrow(
      /MAP_TILE_URL/,
    );
  });
});

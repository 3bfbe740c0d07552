import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

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

describe('map tiles', () => {
  it('draws outlines only by default, and lets images come from the tile server when one is set', async () => {
    const plain = await createTestApp();
    const tiled = await createTestApp({
      env: {
        MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '© Example',
      },
    });
    try {
      expect((await plain.app.inject({ url: '/api/config' })).json().map).toEqual({
        tile_url: null,
        tile_attribution: '',
      });
      const response = await tiled.app.inject({ url: '/api/config' });
      expect(response.json().map.tile_url).toBe('https://{s}.tiles.example.com/{z}/{x}/{y}.png');
      expect(String(response.headers['content-security-policy'])).toMatch(
        /img-src [^;]*https:\/\/\*\.tiles\.example\.com/,
      );
    } finally {
      await plain.close();
      await tiled.close();
    }
  });

  it('refuses a tile address that is not an https template', async () => {
    await expect(createTestApp({ env: { MAP_TILE_URL: 'http://tiles.example.com/a.png' } })).rejects.toThrow(
      /MAP_TILE_URL/,
    );
  });
});

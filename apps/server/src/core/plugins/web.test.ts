import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('serving the web app', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pluvio-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"></head><body></body></html>',
    );
    fs.writeFileSync(
      path.join(webDist, 'assets', 'app-1a2b3c.js'),
      `console.log("${'rain '.repeat(2000)}");`,
    );
    t = await createTestApp({ env: { WEB_DIST: webDist }, serveWeb: true });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('lets browsers keep hashed assets for a year, compressed', async () => {
    const response = await t.app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(1000);
  });

  it('keeps assets cacheable for a signed-in browser, whose refresh cookie rides along', async () => {
    const response = await t.app.inject({
      url: '/assets/app-1a2b3c.js',
      cookies: { pluvio_refresh: 'a-refresh-token' },
    });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers every page with index.html, never cached, with a fresh nonce', async () => {
    const response = await t.app.inject({ url: '/dashboard' });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).not.toContain('__CSP_NONCE__');
  });

  it('compresses large API answers for clients that accept it', async () => {
    const response = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
  });
});

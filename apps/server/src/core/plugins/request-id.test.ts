import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('request ids', () => {
  let t: TestApp;
  const lines: { reqId?: string; msg?: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
  });
  afterAll(() => t.close());

  it('names every answer by an id that each of its log lines carries', async () => {
    lines.length = 0;
    const first = await t.app.inject({ url: '/users/me' });
    const second = await t.app.inject({ url: '/no/such/page' });
    const ids = [first, second].map((response) => String(response.headers['x-request-id']));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) expect(ids).toContain(line.reqId);
    for (const id of ids) {
      const messages = lines.filter((line) => line.reqId === id).map((line) => line.msg);
      expect([messages[0], messages.at(-1)]).toEqual(['incoming request', 'request completed']);
    }
  });

  it('ignores an id sent by a client when no proxy is trusted', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'from-the-client' } });
    expect(response.headers['x-request-id']).not.toBe('from-the-client');
  });
});

describe('request ids behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  const idFor = async (sent: string) =>
    (await t.app.inject({ url: '/healthz', headers: { 'x-request-id': sent } })).headers['x-request-id'];

  it("keeps the proxy's id when it is a short safe token", async () => {
    expect(await idFor('edge-7f3a.91_B')).toBe('edge-7f3a.91_B');
  });

  it('makes its own id for anything else', async () => {
    for (const sent of ['a'.repeat(65), 'two words', '"}{"admin":true', 'id;drop']) {
      const id = await idFor(sent);
      expect(id).not.toBe(sent);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

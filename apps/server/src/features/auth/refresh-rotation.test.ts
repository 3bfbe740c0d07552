import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../core/tables/audit';
import { bearer, buildUser, login } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

function refreshWith(t: TestApp, cookie: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/refresh-token',
    cookies: cookie ? { pluvio_refresh: cookie } : {},
  });
}

function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'pluvio_refresh')?.value;
}

async function meStatus(t: TestApp, accessToken: string): Promise<number> {
  return (await t.app.inject({ url: '/users/me', headers: bearer(accessToken) })).statusCode;
}

describe('refresh token rotation under races (D14)', () => {
  const clock = manualClock(new Date());
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  it('keeps the user signed in when several tabs refresh with the same cookie at once: all get the same new cookie', async () => {
    const user = await buildUser(t.services);
    const session = await login(t.app, user.email);

    const answers = await Promise.all([1, 2, 3].map(() => refreshWith(t, session.refreshCookie)));

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const cookies = new Set(answers.map(refreshCookieOf));
    expect(cookies.size).toBe(1);
    const [next] = [...cookies];
    expect(next).toBeTruthy();
    expect(next).not.toBe(session.refreshCookie);
    for (const answer of answers) expect(await meStatus(t, answer.json().token)).toBe(200);
    const later = await refreshWith(t, next);
    expect(later.statusCode).toBe(200);
    expect(await meStatus(t, later.json().token)).toBe(200);
  });

  it('answers a retry within 30 seconds (the first answer lost to a time-out) with the same new cookie', async () => {
    const user = await buildUser(t.services);
    const session = await login(t.app, user.email);
    const first = await refreshWith(t, session.refreshCookie);
    clock.advance(29_000);
    const retry = await refreshWith(t, session.refreshCookie);

    expect(retry.statusCode).toBe(200);
    expect(refreshCookieOf(retry)).toBe(refreshCookieOf(first));
    expect(await meStatus(t, retry.json().token)).toBe(200);
  });

  it('ends the whole session when a spent refresh token comes back after 30 seconds, and audits it', async () => {
    const user = await buildUser(t.services);
    const session = await login(t.app, user.email);
    const rotated = await refreshWith(t, session.refreshCookie);
    const current = refreshCookieOf(rotated);
    clock.advance(31_000);

    const reuse = await refreshWith(t, session.refreshCookie);

    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ detail: 'Failed to refresh token' });
    expect((await refreshWith(t, current)).statusCode).toBe(401);
    expect(await meStatus(t, rotated.json().token)).toBe(401);
    const audited = await t.database.db.select().from(auditLog);
    expect(audited).toContainEqual(
      expect.objectContaining({ action: 'refresh_token_reuse', subjectUserId: user.id }),
    );
  });
});

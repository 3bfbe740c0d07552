import { MESSAGES } from '@pluvio/shared/messages';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { createSecondInstance, createTestApp, manualClock, type TestApp } from '../../test/test-app';

const OFFICE = '198.51.100.20';

function signIn(app: FastifyInstance, username: string, password: string, remoteAddress = OFFICE) {
  return app.inject({
    method: 'POST',
    url: '/auth/jwt/login',
    remoteAddress,
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ detail: MESSAGES.rateLimited });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

async function wrongPasswords(app: FastifyInstance, email: string, times: number, remoteAddress = OFFICE) {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < times; i++) answers.push(await signIn(app, email, 'Wrong#Password1', remoteAddress));
  return answers;
}

describe('sign-in limits with the default settings (D15)', () => {
  const clock = manualClock(new Date('2026-11-23T08:59:30Z'));
  let t: TestApp;
  beforeAll(async () => {
    // '' restores the default of the setting test-app.ts raises for the other test files.
    t = await createTestApp({ clock, env: { RATE_LIMIT_AUTH_PER_MINUTE: '' } });
  });
  afterAll(() => t.close());

  it('lets twelve colleagues behind one office address sign in within a minute', async () => {
    const colleagues = await Promise.all(Array.from({ length: 12 }, () => buildUser(t.services)));
    const statuses: number[] = [];
    for (const colleague of colleagues)
      statuses.push((await signIn(t.app, colleague.email, TEST_PASSWORD)).statusCode);
    expect(statuses).toEqual(Array(12).fill(200));
  });

  it("refuses one person's eleventh wrong password, while a colleague at the same address signs in", async () => {
    const [person, colleague] = await Promise.all([buildUser(t.services), buildUser(t.services)]);
    const failures = await wrongPasswords(t.app, person.email, 10);
    expect(failures.map((answer) => answer.statusCode)).toEqual(Array(10).fill(400));

    expectRateLimited(await signIn(t.app, person.email, 'Wrong#Password1'));
    expectRateLimited(await signIn(t.app, person.email, TEST_PASSWORD));
    expect((await signIn(t.app, colleague.email, TEST_PASSWORD)).statusCode).toBe(200);

    clock.advance(61_000);
    expect((await signIn(t.app, person.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('checks only ten of twenty wrong passwords sent at once for one account', async () => {
    const person = await buildUser(t.services);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => signIn(t.app, person.email, 'Wrong#Password1', '198.51.100.50')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(10).fill(429)]);
  });

  it('answers an address without an account exactly like one with an account', async () => {
    const person = await buildUser(t.services);
    const known = await wrongPasswords(t.app, person.email, 11, '198.51.100.31');
    const unknown = await wrongPasswords(t.app, 'nobody-here@example.com', 11, '198.51.100.32');
    const shape = (answer: LightMyRequestResponse) => [answer.statusCode, answer.body];
    expect(unknown.map(shape)).toEqual(known.map(shape));
    expectRateLimited(unknown[10] as LightMyRequestResponse);
  });

  it('shares the counts between two API processes on one database: the limit is not doubled', async () => {
    const second = await createSecondInstance(t);
    try {
      const person = await buildUser(t.services);
      await wrongPasswords(t.app, person.email, 5, '198.51.100.40');
      await wrongPasswords(second.app, person.email, 5, '198.51.100.41');
      expectRateLimited(await signIn(t.app, person.email, 'Wrong#Password1', '198.51.100.40'));
      expectRateLimited(await signIn(second.app, person.email, 'Wrong#Password1', '198.51.100.41'));

      const forgot = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/auth/forgot-password',
          remoteAddress: '198.51.100.42',
          payload: { email: person.email },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await forgot(i % 2 ? second.app : t.app)).statusCode);
      expect(statuses).toEqual(Array(10).fill(202));
      expectRateLimited(await forgot(t.app));
      expectRateLimited(await forgot(second.app));
    } finally {
      await second.close();
    }
  });
});

describe('limits as configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        RATE_LIMIT_AUTH_PER_MINUTE: '3',
        SIGN_INS_PER_ADDRESS: '4',
        SIGN_IN_FAILURES_PER_ADDRESS: '3',
      },
    });
  });
  afterAll(() => t.close());

  it('counts successful sign-ins too against the ceiling for floods from one address', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => buildUser(t.services)));
    const answers: LightMyRequestResponse[] = [];
    for (const user of users) answers.push(await signIn(t.app, user.email, TEST_PASSWORD, '203.0.113.1'));
    expect(answers.slice(0, 4).map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expectRateLimited(answers[4] as LightMyRequestResponse);
  });

  it('refuses an address that fails for many accounts, and only that address', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => buildUser(t.services)));
    for (const user of users.slice(0, 3)) await wrongPasswords(t.app, user.email, 1, '203.0.113.2');
    const last = users[3]?.email ?? '';
    expectRateLimited(await signIn(t.app, last, TEST_PASSWORD, '203.0.113.2'));
    expect((await signIn(t.app, last, TEST_PASSWORD, '203.0.113.3')).statusCode).toBe(200);
  });

  it.each([
    ['/auth/forgot-password', { email: 'a@example.com' }],
    ['/auth/register', { email: 'bad' }],
    ['/auth/reset-password', { token: 'x', password: 'y' }],
    ['/auth/request-verify-token', { email: 'a@example.com' }],
    ['/auth/verify', { token: 'x' }],
    ['/api/users/refresh-token', undefined],
  ])('answers 429 after too many calls to %s', async (url, payload) => {
    const limit = url === '/api/users/refresh-token' ? 18 : 3;
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i <= limit; i++)
      answers.push(await t.app.inject({ method: 'POST', url, remoteAddress: '203.0.113.9', payload }));
    expect(answers.slice(0, limit).map((answer) => answer.statusCode)).not.toContain(429);
    expectRateLimited(answers[limit] as LightMyRequestResponse);
  });
});

import { NEW_PASSWORD_MESSAGE, PASSWORD_MESSAGE } from '@pluvio/shared/passwords';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildOwnedClient, buildUser, login, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

function refreshWith(t: TestApp, cookie: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/refresh-token',
    cookies: cookie ? { pluvio_refresh: cookie } : {},
  });
}

function latestMailTo(t: TestApp, email: string) {
  return t.services.outbox.page(1, 50).then((page) => page.items.find((item) => item.to === email));
}

function tokenFromMail(text: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([^\\s]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in mail`);
  return decodeURIComponent(match[1]);
}

describe('sign-in and sessions', () => {
  const clock = manualClock(new Date());
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  it('signs in with form fields, returns a bearer token of at most 15 minutes and a strict refresh cookie', async () => {
    const { user } = await buildOwnedClient(t.services);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/jwt/login',
      ...form({ username: user.email, password: TEST_PASSWORD }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token_type).toBe('bearer');
    const claims = decodeJwt(body.access_token);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBeLessThanOrEqual(15 * 60);
    const cookie = response.cookies.find((c) => c.name === 'pluvio_refresh');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
  });

  it('answers a wrong password, an unknown address and a disabled user alike', async () => {
    const active = await buildUser(t.services);
    const disabled = await buildUser(t.services, { isActive: false });
    for (const [username, password] of [
      [active.email, 'Wrong#Password1'],
      ['nobody@example.com', TEST_PASSWORD],
      [disabled.email, TEST_PASSWORD],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/jwt/login',
        ...form({ username, password }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });
    }
  });

  it('signs in whatever the case of the address', async () => {
    const user = await buildUser(t.services);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/jwt/login',
      ...form({ username: user.email.toUpperCase(), password: TEST_PASSWORD }),
    });
    expect(response.statusCode).toBe(200);
  });

  it('reports a missing password as a validation error list', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/jwt/login',
      ...form({ username: 'a@b.co' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'password'], type: expect.any(String) });
  });

  it('rotates the refresh token on each use (races and reuse: refresh-rotation.test.ts)', async () => {
    const user = await buildUser(t.services);
    const first = await login(t.app, user.email);
    const rotated = await refreshWith(t, first.refreshCookie);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.cookies.find((c) => c.name === 'pluvio_refresh')?.value;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first.refreshCookie);
    const newAccess = rotated.json().token as string;
    expect((await t.app.inject({ url: '/users/me', headers: bearer(newAccess) })).statusCode).toBe(200);
  });

  it('says so when no refresh cookie is sent', async () => {
    const response = await refreshWith(t, undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'No refresh token available' });
  });

  it('rejects an access token after 15 minutes, and refresh brings a working one', async () => {
    const user = await buildUser(t.services);
    const session = await login(t.app, user.email);
    clock.advance(16 * 60 * 1000);
    expect((await t.app.inject({ url: '/users/me', headers: bearer(session.token) })).statusCode).toBe(401);
    const refreshed = await refreshWith(t, session.refreshCookie);
    expect(
      (await t.app.inject({ url: '/users/me', headers: bearer(refreshed.json().token) })).statusCode,
    ).toBe(200);
  });

  it('logout ends the session: its access token and refresh token stop working', async () => {
    const user = await buildUser(t.services);
    const session = await login(t.app, user.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/jwt/logout',
      headers: bearer(session.token),
      cookies: { pluvio_refresh: session.refreshCookie ?? '' },
    });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/users/me', headers: bearer(session.token) })).statusCode).toBe(401);
    expect((await refreshWith(t, session.refreshCookie)).statusCode).toBe(401);
  });
});

describe('registration, password reset and e-mail verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const registration = (email: string, password = 'Str0ng#Pass') => ({
    email,
    password,
    first_name: 'Rita',
    last_name: 'Rain',
    phone: '512-555-0123',
    role: 'admin',
    is_verified: true,
    agree_to_terms: true,
    agree_to_privacy_policy: true,
  });

  it('registers a client with a pending 30-day trial account, unverified whatever the body says', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: registration('rita@example.com'),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.access_token).toBeTruthy();
    expect(body).toMatchObject({
      email: 'rita@example.com',
      role: 'client',
      is_verified: false,
      is_superuser: false,
    });
    expect(body.clients[0]).toMatchObject({
      status: 'pending',
      account_type: 'trial',
      is_trial_account: true,
      tier: 'gold',
    });
    const mail = await latestMailTo(t, 'rita@example.com');
    expect(mail?.kind).toBe('verify_email');
  });

  it('refuses an address that has an account, in any case', async () => {
    await t.app.inject({ method: 'POST', url: '/auth/register', payload: registration('dup@example.com') });
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: registration('DUP@example.com'),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'REGISTER_USER_ALREADY_EXISTS' });
  });

  it('refuses a weak password with the rule of the specification', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: registration('weak@example.com', 'password'),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'password'], msg: PASSWORD_MESSAGE });
  });

  it('answers forgot-password the same for known and unknown addresses, mailing only the known one', async () => {
    const user = await buildUser(t.services);
    const known = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: user.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: 'ghost@example.com' },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(await latestMailTo(t, user.email)).toBeTruthy();
    expect(await latestMailTo(t, 'ghost@example.com')).toBeUndefined();
  });

  it('resets the password once from the mailed link and signs out other sessions', async () => {
    const user = await buildUser(t.services);
    const before = await login(t.app, user.email);
    await t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: user.email } });
    const mail = await latestMailTo(t, user.email);
    const token = tokenFromMail(mail?.text ?? '', '/reset-password');

    const weak = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: 'short' },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().detail[0].msg).toBe(NEW_PASSWORD_MESSAGE);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: 'New#Passw0rd' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/users/me', headers: bearer(before.token) })).statusCode).toBe(401);
    expect((await login(t.app, user.email)).response.statusCode).toBe(400);
    expect((await login(t.app, user.email, 'New#Passw0rd')).response.statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: 'Other#Passw0rd' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'RESET_PASSWORD_BAD_TOKEN' });
  });

  it('verifies an e-mail address from the mailed link, once', async () => {
    const user = await buildUser(t.services, { isVerified: false });
    const request = await t.app.inject({
      method: 'POST',
      url: '/auth/request-verify-token',
      payload: { email: user.email },
    });
    expect(request.statusCode).toBe(202);
    const token = tokenFromMail((await latestMailTo(t, user.email))?.text ?? '', '/verify-email');
    const verified = await t.app.inject({ method: 'POST', url: '/auth/verify', payload: { token } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().is_verified).toBe(true);
    const again = await t.app.inject({ method: 'POST', url: '/auth/verify', payload: { token } });
    expect(again.json()).toEqual({ detail: 'VERIFY_USER_BAD_TOKEN' });
  });
});

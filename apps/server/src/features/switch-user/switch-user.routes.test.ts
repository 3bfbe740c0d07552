import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@pluvio/shared/messages';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { bearer, buildContactUser, buildOwnedClient, buildUser, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('switch user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function signIn(email: string) {
    const session = await login(t.app, email);
    return { headers: bearer(session.token), cookies: { pluvio_refresh: session.refreshCookie ?? '' } };
  }

  function cookiesOf(response: { cookies: { name: string; value: string }[] }): Record<string, string> {
    return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
  }

  const userToken = (email: string) => `/api/services/user-token?email=${encodeURIComponent(email)}`;

  it('is refused to owners and contacts (403) and to anonymous callers (401), each with a detail', async () => {
    const { user: owner, client } = await buildOwnedClient(t.services);
    const { user: contact } = await buildContactUser(t.services, client.id);
    const target = await buildUser(t.services);
    for (const caller of [owner, contact]) {
      const { headers, cookies } = await signIn(caller.email);
      for (const withCookie of [true, false]) {
        const response = await t.app.inject({
          method: 'POST',
          url: userToken(target.email),
          headers,
          ...(withCookie && { cookies }),
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: expect.any(String) });
      }
    }
    const anonymous = await t.app.inject({ method: 'POST', url: userToken(target.email) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: expect.any(String) });
  });

  it('gives a superuser a token that names who acts, audits it, and returns them to their own session', async () => {
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const { user: target } = await buildOwnedClient(t.services);
    const session = await signIn(admin.email);
    const response = await t.app.inject({ method: 'POST', url: userToken(target.email), ...session });
    expect(response.statusCode).toBe(200);
    const token = response.json().token as string;
    expect(decodeJwt(token)).toMatchObject({ sub: String(target.id), act: { sub: String(admin.id) } });

    const me = await t.app.inject({ url: '/users/me', headers: bearer(token), cookies: cookiesOf(response) });
    expect(me.json()).toMatchObject({
      id: target.id,
      impersonator: { id: admin.id, email: admin.email },
      can_return: true,
    });

    const audit = await queryRows<{ action: string; actor_user_id: number; subject_user_id: number }>(
      t.database.db,
      sql`select action, actor_user_id, subject_user_id from audit_log where action = 'masquerade_start'`,
    );
    expect(audit).toContainEqual({
      action: 'masquerade_start',
      actor_user_id: admin.id,
      subject_user_id: target.id,
    });

    const back = await t.app.inject({
      method: 'POST',
      url: '/api/services/user-token/return',
      headers: bearer(token),
      cookies: cookiesOf(response),
    });
    expect(back.statusCode).toBe(200);
    const own = await t.app.inject({
      url: '/users/me',
      headers: bearer(back.json().token),
      cookies: cookiesOf(back),
    });
    expect(own.json()).toMatchObject({ id: admin.id, impersonator: null, can_return: false });
    expect((await t.app.inject({ url: '/users/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it("signs out the superuser's own parked session too when they sign out while acting as someone", async () => {
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const { user: target } = await buildOwnedClient(t.services);
    const session = await signIn(admin.email);
    const acting = await t.app.inject({ method: 'POST', url: userToken(target.email), ...session });
    const cookies = cookiesOf(acting);
    expect(cookies.pluvio_refresh_origin).toBe(session.cookies.pluvio_refresh);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/jwt/logout',
      headers: bearer(acting.json().token),
      cookies,
    });
    expect(logout.statusCode).toBe(204);
    expect(cookiesOf(logout)).toMatchObject({ pluvio_refresh: '', pluvio_refresh_origin: '' });
    for (const parked of [cookies.pluvio_refresh_origin, session.cookies.pluvio_refresh]) {
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/users/refresh-token',
        cookies: { pluvio_refresh: parked ?? '' },
      });
      expect(refresh.statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: '/users/me', ...session })).statusCode).toBe(401);
  });

  it('masquerades for a superuser who sends only the bearer token, as the old client does; returning then needs a new sign-in', async () => {
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const { user: target } = await buildOwnedClient(t.services);
    const { headers } = await signIn(admin.email);
    const response = await t.app.inject({ method: 'POST', url: userToken(target.email), headers });
    expect(response.statusCode).toBe(200);
    const token = response.json().token as string;
    const cookies = cookiesOf(response);
    const me = await t.app.inject({ url: '/users/me', headers: bearer(token), cookies });
    expect(me.json()).toMatchObject({ id: target.id, impersonator: { id: admin.id }, can_return: false });

    expect(cookies.pluvio_refresh_origin ?? '').toBe('');
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/users/refresh-token', cookies });
    expect(decodeJwt(refreshed.json().token)).toMatchObject({ sub: String(target.id) });

    const back = await t.app.inject({
      method: 'POST',
      url: '/api/services/user-token/return',
      headers: bearer(token),
      cookies,
    });
    expect(back.statusCode).toBe(401);
    expect(back.json()).toEqual({ detail: 'No refresh token available' });
  });

  describe('a session acting as someone ends with the superuser', () => {
    /** A superuser acting as an owner with the bearer token only, and a token refreshed from that session. */
    async function actingSession() {
      const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
      const { user: target } = await buildOwnedClient(t.services);
      const own = await signIn(admin.email);
      const acting = await t.app.inject({
        method: 'POST',
        url: userToken(target.email),
        headers: own.headers,
      });
      expect(acting.statusCode).toBe(200);
      const cookies = cookiesOf(acting);
      const refreshed = await t.app.inject({ method: 'POST', url: '/api/users/refresh-token', cookies });
      expect(refreshed.statusCode).toBe(200);
      return {
        admin,
        own,
        tokens: [acting.json().token as string, refreshed.json().token as string],
        refreshCookie: cookiesOf(refreshed).pluvio_refresh ?? '',
      };
    }

    async function expectEnded(acting: Awaited<ReturnType<typeof actingSession>>) {
      for (const token of acting.tokens) {
        const me = await t.app.inject({ url: '/users/me', headers: bearer(token) });
        expect(me.statusCode).toBe(401);
      }
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/users/refresh-token',
        cookies: { pluvio_refresh: acting.refreshCookie },
      });
      expect(refresh.statusCode).toBe(401);
    }

    it('when the superuser signs out of their own session', async () => {
      const acting = await actingSession();
      const logout = await t.app.inject({ method: 'POST', url: '/auth/jwt/logout', ...acting.own });
      expect(logout.statusCode).toBe(204);
      await expectEnded(acting);
    });

    it('when the superuser resets their password', async () => {
      const acting = await actingSession();
      await t.app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        payload: { email: acting.admin.email },
      });
      const mail = (await t.services.outbox.page(1, 50)).items.find((item) => item.to === acting.admin.email);
      const token = decodeURIComponent(/\/reset-password\?token=(\S+)/.exec(mail?.text ?? '')?.[1] ?? '');
      const reset = await t.app.inject({
        method: 'POST',
        url: '/auth/reset-password',
        payload: { token, password: 'Another#Rain2027' },
      });
      expect(reset.statusCode).toBeLessThan(300);
      await expectEnded(acting);
    });

    it('when the superuser is deactivated or is no longer a superuser', async () => {
      for (const change of [sql`is_active = false`, sql`is_superuser = false`]) {
        const acting = await actingSession();
        await t.services.database.db.execute(sql`update users set ${change} where id = ${acting.admin.id}`);
        await expectEnded(acting);
      }
    });

    it('and not before: the acting session works while the superuser is signed in', async () => {
      const acting = await actingSession();
      for (const token of acting.tokens) {
        expect((await t.app.inject({ url: '/users/me', headers: bearer(token) })).statusCode).toBe(200);
      }
    });
  });

  it('refuses to let a superuser act as another superuser (403, with the reason)', async () => {
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const other = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const response = await t.app.inject({
      method: 'POST',
      url: userToken(other.email),
      ...(await signIn(admin.email)),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.cannotActAsAdministrator });
  });

  it('answers 404 with a detail for an unknown address, with or without the session cookie', async () => {
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const { headers, cookies } = await signIn(admin.email);
    for (const withCookie of [true, false]) {
      const response = await t.app.inject({
        method: 'POST',
        url: userToken('nobody@example.com'),
        headers,
        ...(withCookie && { cookies }),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'User not found' });
    }
  });
});

describe('users list for Switch User', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const tag = `sw${randomBytes(3).toString('hex')}`;
  const list = (token: string, query: string) =>
    t.app.inject({ url: `/api/admin/users?${query}`, headers: bearer(token) });

  it('shows a superuser active users by name with the level of their primary account, found by name or e-mail in any case', async () => {
    const admin = await buildUser(t.services, {
      isSuperuser: true,
      role: 'admin',
      firstName: `${tag} Alpha`,
    });
    const silverOwner = await buildUser(t.services, { firstName: `${tag} Bravo` });
    const { client: silver } = await buildOwnedClient(t.services, silverOwner, {
      tier: 'silver',
      accountName: `${tag} Silver Co`,
    });
    await buildUser(t.services, { firstName: `${tag} Charlie`, isActive: false });
    const withoutAccount = await buildUser(t.services, { firstName: `${tag} delta` });
    const { client: bronze } = await buildOwnedClient(t.services, undefined, { tier: 'bronze' });
    const { user: contact } = await buildContactUser(t.services, bronze.id);
    await t.services.users.setPrimaryClient(contact.id, bronze.id);
    const token = (await login(t.app, admin.email)).token;

    const found = await list(token, `search=${encodeURIComponent(` ${tag.toUpperCase()} `)}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      total: 3,
      page: 1,
      page_size: 50,
      items: [
        {
          id: admin.id,
          email: admin.email,
          first_name: `${tag} Alpha`,
          last_name: 'User',
          role: 'admin',
          is_superuser: true,
          primary_client_id: null,
          account_name: null,
          subscription_level: 4,
        },
        expect.objectContaining({
          id: silverOwner.id,
          primary_client_id: silver.id,
          account_name: `${tag} Silver Co`,
          subscription_level: 2,
        }),
        expect.objectContaining({ id: withoutAccount.id, account_name: null, subscription_level: 0 }),
      ],
    });

    const secondPage = await list(token, `search=${tag}&page=2&page_size=2`);
    expect(secondPage.json()).toMatchObject({ total: 3, page: 2, items: [{ id: withoutAccount.id }] });

    const byEmail = await list(token, `search=${encodeURIComponent(contact.email.toUpperCase())}`);
    expect(byEmail.json()).toMatchObject({
      total: 1,
      items: [{ id: contact.id, role: 'contact', subscription_level: 1 }],
    });

    const everyone = await list(token, 'page_size=250');
    expect(everyone.json().total).toBeGreaterThanOrEqual(5);
    expect(everyone.json().items.map((user: { id: number }) => user.id)).toContain(contact.id);
  });

  it('refuses owners and contacts (403) and anonymous callers (401), each with a detail', async () => {
    const { user: owner, client } = await buildOwnedClient(t.services);
    const { user: contact } = await buildContactUser(t.services, client.id);
    for (const caller of [owner, contact]) {
      const response = await list((await login(t.app, caller.email)).token, 'search=a');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    }
    const anonymous = await t.app.inject({ url: '/api/admin/users' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: expect.any(String) });
  });

  it('answers 422 to a page too large or a search too long', async () => {
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const token = (await login(t.app, admin.email)).token;
    for (const query of ['page_size=251', `search=${'a'.repeat(201)}`, 'page=0']) {
      expect((await list(token, query)).statusCode).toBe(422);
    }
  });
});

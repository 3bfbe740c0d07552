import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { bearer, buildOwnedClient, buildUser, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('switch user (masquerade)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function signIn(email: string) {
    const session = await login(t.app, email);
    return { headers: bearer(session.token), cookies: { pluvio_refresh: session.refreshCookie ?? '' } };
  }

  it('is refused to a user who is not a superuser', async () => {
    const { user } = await buildOwnedClient(t.services);
    const target = await buildUser(t.services);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/services/user-token?email=${encodeURIComponent(target.email)}`,
      ...(await signIn(user.email)),
    });
    expect(response.statusCode).toBe(403);
  });

  it('gives a superuser a token that names who acts, audits it, and returns them to their own session', async () => {
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const { user: target } = await buildOwnedClient(t.services);
    const session = await signIn(admin.email);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/services/user-token?email=${encodeURIComponent(target.email)}`,
      ...session,
    });
    expect(response.statusCode).toBe(200);
    const token = response.json().token as string;
    expect(decodeJwt(token)).toMatchObject({ sub: String(target.id), act: { sub: String(admin.id) } });

    const me = await t.app.inject({ url: '/users/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ id: target.id, impersonator: { id: admin.id, email: admin.email } });

    const audit = await queryRows<{ action: string; actor_user_id: number; subject_user_id: number }>(
      t.database.db,
      sql`select action, actor_user_id, subject_user_id from audit_log where action = 'masquerade_start'`,
    );
    expect(audit).toContainEqual({
      action: 'masquerade_start',
      actor_user_id: admin.id,
      subject_user_id: target.id,
    });

    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/services/user-token/return',
      headers: bearer(token),
      cookies,
    });
    expect(back.statusCode).toBe(200);
    const own = await t.app.inject({ url: '/users/me', headers: bearer(back.json().token) });
    expect(own.json()).toMatchObject({ id: admin.id, impersonator: null });
    expect((await t.app.inject({ url: '/users/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown address', async () => {
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/services/user-token?email=nobody@example.com',
      ...(await signIn(admin.email)),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('mail viewer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists kept messages newest first for superusers only', async () => {
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const { user } = await buildOwnedClient(t.services);
    await t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: user.email } });
    const adminToken = (await login(t.app, admin.email)).token;
    const page = await t.app.inject({
      url: '/api/admin/outbox?page=1&page_size=10',
      headers: bearer(adminToken),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      transport: 'outbox',
      total: 1,
      items: [{ to: user.email, status: 'held', kind: 'reset_password' }],
    });
    expect(page.json().items[0].text).toContain('/reset-password?token=');

    const userToken = (await login(t.app, user.email)).token;
    expect((await t.app.inject({ url: '/api/admin/outbox', headers: bearer(userToken) })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ url: '/api/admin/outbox?page_size=251', headers: bearer(adminToken) }))
        .statusCode,
    ).toBe(422);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildOwnedClient, buildUser, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

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

  it('finds messages by part of the recipient or the subject, in any case, and refuses a search too long', async () => {
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const adminToken = (await login(t.app, admin.email)).token;
    await t.services.outbox.enqueueEmails([
      { to: 'xavier.search@example.com', subject: 'Welcome', text: 'a', html: null, kind: 'test' },
      {
        to: 'yolanda.search@example.com',
        subject: 'Rain alert: Houston 100%_done',
        text: 'b',
        html: null,
        kind: 'test',
      },
    ]);
    const search = async (text: string) => {
      const answer = await t.app.inject({
        url: `/api/admin/outbox?search=${encodeURIComponent(text)}`,
        headers: bearer(adminToken),
      });
      expect(answer.statusCode).toBe(200);
      return answer.json().items.map((item: { to: string }) => item.to);
    };
    expect(await search('XAVIER.SEARCH')).toEqual(['xavier.search@example.com']);
    expect(await search('alert: houston')).toEqual(['yolanda.search@example.com']);
    expect(await search('%_')).toEqual(['yolanda.search@example.com']);
    expect(await search('nobody-has-this')).toEqual([]);
    const tooLong = await t.app.inject({
      url: `/api/admin/outbox?search=${'a'.repeat(300)}`,
      headers: bearer(adminToken),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().detail[0].loc).toEqual(['querystring', 'search']);
  });
});

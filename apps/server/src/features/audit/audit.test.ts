import { AUDIT_MESSAGES } from '@pluvio/shared/audit.schemas';
import { DATE_MESSAGES } from '@pluvio/shared/calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UserRow, users } from '../../core/tables/users';
import {
  bearer,
  buildContactUser,
  buildOwnedClient,
  buildUser,
  login,
  signedInCaller,
} from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const ADMIN_DESK = '198.51.100.7';
const STRANGER = '203.0.113.66';

describe('audit trail', () => {
  // Days are New York days (EST in November, UTC-5).
  const clock = manualClock();
  let t: TestApp;
  let admin: UserRow;
  let owner: UserRow;
  let ownerClientId: number;
  let createdClientId: number;

  /** Signs in now (tokens last 15 minutes of the manual clock) from `remoteAddress`. */
  async function signIn(email: string, remoteAddress = ADMIN_DESK) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/jwt/login',
      remoteAddress,
      payload: new URLSearchParams({ username: email, password: 'Rainfall#2026' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const refresh = response.cookies.find((cookie) => cookie.name === 'pluvio_refresh')?.value ?? '';
    return {
      headers: bearer(response.json().access_token),
      cookies: { pluvio_refresh: refresh },
      remoteAddress,
    };
  }

  async function auditLog(query = '') {
    const session = await signIn(admin.email);
    return t.app.inject({ url: `/api/admin/audit${query}`, headers: session.headers });
  }

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { SIGN_IN_FAILURES_PER_ACCOUNT: '2' } });
    admin = await buildUser(t.services, {
      isSuperuser: true,
      role: 'admin',
      email: 'audit-admin@example.com',
    });
    ({
      user: owner,
      client: { id: ownerClientId },
    } = await buildOwnedClient(t.services));

    // Nov 20, 10:00 AM: the admin adds an account, then changes its name, tier and status at once.
    clock.set(new Date('2026-11-20T15:00:00Z'));
    const session = await signIn(admin.email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      ...session,
      payload: {
        account_name: 'Harbor Works',
        email: 'harbor@example.com',
        phone: '512-555-0199',
        tier: 'bronze',
      },
    });
    createdClientId = created.json().id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/clients/${createdClientId}`,
      ...session,
      payload: { account_name: 'Harbor Works LLC', tier: 'silver', status: 'inactive' },
    });

    // Nov 21, 10:00 AM: the admin acts as the owner, renames the owner's account, and returns.
    clock.set(new Date('2026-11-21T15:00:00Z'));
    const adminSession = await signIn(admin.email);
    const masquerade = await t.app.inject({
      method: 'POST',
      url: `/api/services/user-token?email=${encodeURIComponent(owner.email)}`,
      ...adminSession,
    });
    const asOwner = {
      headers: bearer(masquerade.json().token),
      cookies: Object.fromEntries(masquerade.cookies.map((cookie) => [cookie.name, cookie.value])),
      remoteAddress: ADMIN_DESK,
    };
    await t.app.inject({
      method: 'PATCH',
      url: `/api/clients/${ownerClientId}`,
      ...asOwner,
      payload: { account_name: 'Renamed by support' },
    });
    await t.app.inject({ method: 'POST', url: '/api/services/user-token/return', ...asOwner });

    // Nov 22, 12:30 AM: someone guesses the owner's password past the limit; the admin deletes the account.
    clock.set(new Date('2026-11-22T05:30:00Z'));
    for (let attempt = 0; attempt < 3; attempt++)
      await t.app.inject({
        method: 'POST',
        url: '/auth/jwt/login',
        remoteAddress: STRANGER,
        payload: new URLSearchParams({ username: owner.email, password: 'Wrong#Guess1' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/clients/${createdClientId}`,
      ...(await signIn(admin.email)),
    });
  });
  afterAll(() => t.close());

  it('is for superusers only', async () => {
    const { user: goldOwner, client } = await buildOwnedClient(t.services);
    const { user: contact } = await buildContactUser(t.services, client.id);
    expect((await t.app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
    for (const user of [goldOwner, contact]) {
      const response = await t.app.inject({
        url: '/api/admin/audit',
        headers: bearer((await login(t.app, user.email)).token),
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await auditLog()).statusCode).toBe(200);
  });

  it('records client changes apart by status, tier and the rest, with each field before and after', async () => {
    const { items } = (await auditLog(`?client_id=${createdClientId}`)).json();
    expect(items.map((entry: { action: string }) => entry.action)).toEqual([
      'client_deleted',
      'client_changed',
      'client_tier_changed',
      'client_status_changed',
      'client_created',
    ]);
    const [deleted, changed, tier, status, created] = items;
    const byAdmin = { actor: { id: admin.id, email: admin.email }, as_user: null, ip: ADMIN_DESK };
    expect(created).toMatchObject({
      ...byAdmin,
      client: { id: createdClientId, account_name: null },
      changes: {
        account_name: { before: null, after: 'Harbor Works' },
        tier: { before: null, after: 'bronze' },
      },
    });
    expect(status).toMatchObject({
      ...byAdmin,
      changes: { status: { before: 'active', after: 'inactive' } },
    });
    expect(tier).toMatchObject({ ...byAdmin, changes: { tier: { before: 'bronze', after: 'silver' } } });
    expect(changed.changes).toEqual({ account_name: { before: 'Harbor Works', after: 'Harbor Works LLC' } });
    expect(deleted).toMatchObject({
      ...byAdmin,
      at: '2026-11-22T05:30:00.000Z',
      changes: { account_name: { before: 'Harbor Works LLC', after: null } },
    });
  });

  it('names the superuser as actor and the user acted as, from masquerade start to its end', async () => {
    const { items } = (
      await auditLog(`?actor_id=${admin.id}&start_date=2026-11-21&end_date=2026-11-21`)
    ).json();
    const notSignIns = items.filter((entry: { action: string }) => entry.action !== 'login');
    const asOwner = {
      actor: { id: admin.id, email: admin.email },
      as_user: { id: owner.id, email: owner.email },
      ip: ADMIN_DESK,
      at: '2026-11-21T15:00:00.000Z',
    };
    expect(notSignIns).toMatchObject([
      { ...asOwner, action: 'masquerade_end' },
      {
        ...asOwner,
        action: 'client_changed',
        client: { id: ownerClientId, account_name: 'Renamed by support' },
        changes: { account_name: { after: 'Renamed by support' } },
      },
      { ...asOwner, action: 'masquerade_start', subject: { id: owner.id, email: owner.email } },
    ]);
  });

  it('records sign-ins refused over the failure limit with the address they came from and the limit reached', async () => {
    const { items, total } = (await auditLog('?action=sign_in_refused')).json();
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      actor: null,
      subject: { id: owner.id, email: owner.email },
      ip: STRANGER,
      at: '2026-11-22T05:30:00.000Z',
      details: { limits: ['account'] },
    });
  });

  it('filters by actor e-mail, account, action and product days, newest first, in pages', async () => {
    const byEmail = (await auditLog('?actor_email=AUDIT-ADMIN@&action=masquerade_start')).json();
    expect(byEmail.items).toHaveLength(1);
    expect((await auditLog('?actor_email=nobody_here&action=client_created')).json().total).toBe(0);

    // Nov 21 in New York ends at 05:00 UTC on Nov 22: the refused sign-in at 05:30 is Nov 22.
    const nov21 = (await auditLog(`?end_date=2026-11-21&client_id=${createdClientId}`)).json();
    expect(nov21.total).toBe(4);
    const nov22 = (await auditLog('?start_date=2026-11-22&action=sign_in_refused')).json();
    expect(nov22.total).toBe(1);

    const first = (await auditLog(`?client_id=${createdClientId}&page_size=2`)).json();
    const second = (await auditLog(`?client_id=${createdClientId}&page_size=2&page=2`)).json();
    expect(first).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect([...first.items, ...second.items].map((entry: { action: string }) => entry.action)).toEqual([
      'client_deleted',
      'client_changed',
      'client_tier_changed',
      'client_status_changed',
    ]);
  });

  it('shows the names and addresses as they were when each entry was written', async () => {
    const renamed = await buildUser(t.services, { firstName: 'Rosa', email: 'rosa.before@example.com' });
    const asRosa = await signedInCaller(t.app, renamed.email);
    await asRosa({
      method: 'PATCH',
      url: '/users/me',
      payload: { first_name: 'Rosalind', last_name: 'Rainer' },
    });
    await t.services.database.db
      .update(users)
      .set({ email: 'rosa.after@example.com' })
      .where(eq(users.id, renamed.id));
    const [signedIn] = (await auditLog(`?actor_id=${renamed.id}&action=login`)).json().items;
    expect(signedIn).toMatchObject({
      actor: { id: renamed.id, email: 'rosa.before@example.com', name: 'Rosa User' },
      subject: { id: renamed.id, email: 'rosa.before@example.com', name: 'Rosa User' },
    });
    // The actor filter reads the address the entry recorded.
    expect((await auditLog('?actor_email=rosa.before&action=login')).json().total).toBe(1);
    expect((await auditLog('?actor_email=rosa.after&action=login')).json().total).toBe(0);
  });

  it.each([
    ['?action=everything', AUDIT_MESSAGES.action],
    ['?start_date=2026-11-22&end_date=2026-11-21', DATE_MESSAGES.order],
    ['?client_id=0x1', undefined],
    ['?actor_id=2147483648', undefined],
  ])('refuses %s with 422', async (query, message) => {
    const response = await auditLog(query);
    expect(response.statusCode).toBe(422);
    if (message) expect(response.json().detail[0].msg).toBe(message);
  });
});

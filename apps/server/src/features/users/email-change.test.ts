import { AUDIT_ACTIONS } from '@pluvio/shared/audit.schemas';
import { ERROR_CODES } from '@pluvio/shared/messages';
import { EMAIL_CHANGE_MESSAGES } from '@pluvio/shared/users.schemas';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import type { UserRow } from '../../core/tables/users';
import { bearer, buildOwnedClient, buildUser, login, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const HOUR_MS = 3_600_000;

describe('changing the sign-in e-mail (issue 25)', () => {
  const clock = manualClock(new Date('2026-11-21T15:00:00Z'));
  let t: TestApp;
  let admin: UserRow;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await buildUser(t.services, { isSuperuser: true, role: 'admin', firstName: 'Ada' });
  });
  afterAll(() => t.close());

  const call = (token: string, options: InjectOptions & { url: string }) =>
    t.app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });

  const patchMe = (token: string, payload: object) =>
    call(token, { method: 'PATCH', url: '/users/me', payload });

  const confirm = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/users/email-change/confirm', payload: { token }, headers });

  const me = async (token: string) => (await call(token, { url: '/users/me' })).json();

  async function emailsTo(address: string) {
    return queryRows<{ subject: string; text_body: string; kind: string }>(
      t.services.database.db,
      sql`select subject, text_body, kind from outbox where recipient = ${address} order by id`,
    );
  }

  /** The token of the newest confirmation link e-mailed to the address. */
  async function linkTo(address: string): Promise<string> {
    const links = (await emailsTo(address)).filter((email) => email.kind === 'email_change_confirm');
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(links.at(-1)?.text_body ?? '')?.[1];
    if (!token) throw new Error(`no confirmation link e-mailed to ${address}`);
    return token;
  }

  async function auditOf(userId: number) {
    const session = (await login(t.app, admin.email)).token;
    const page = await call(session, { url: '/api/admin/audit?page_size=250' });
    return (
      page.json().items as {
        action: string;
        actor: { id: number; email: string | null; name: string | null } | null;
        as_user: { id: number; email: string | null } | null;
        subject: { id: number; email: string | null; name: string | null } | null;
        changes: Record<string, { before: unknown; after: unknown }> | null;
      }[]
    ).filter((entry) => entry.subject?.id === userId);
  }

  /** A user with an account, signed in. */
  async function signedInUser() {
    const { user } = await buildOwnedClient(t.services);
    const { token, refreshCookie } = await login(t.app, user.email);
    return { user, token, refreshCookie: refreshCookie ?? '' };
  }

  it('asks for the current password and refuses a wrong one, changing nothing', async () => {
    const { user, token } = await signedInUser();
    const missing = await patchMe(token, { email: 'new.address@example.com', first_name: 'Rosa' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({
      loc: ['body', 'current_password'],
      msg: EMAIL_CHANGE_MESSAGES.passwordRequired,
    });
    const wrong = await patchMe(token, {
      email: 'new.address@example.com',
      current_password: 'Wrong#Guess1',
      first_name: 'Rosa',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: EMAIL_CHANGE_MESSAGES.passwordWrong });
    expect(await me(token)).toMatchObject({ email: user.email, first_name: 'Test', pending_email: null });
    expect(await emailsTo('new.address@example.com')).toEqual([]);
    expect(await emailsTo(user.email)).toEqual([]);
  });

  it('stops taking password guesses after five wrong ones an hour', async () => {
    const { token } = await signedInUser();
    const guess = (password: string) =>
      patchMe(token, { email: 'guessed@example.com', current_password: password });
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await guess(`Wrong#Guess${attempt}`)).statusCode).toBe(400);
    const refused = await guess(TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: EMAIL_CHANGE_MESSAGES.tooManyPasswordFailures });
  });

  it('keeps the old address until the link is followed, and tells the old address', async () => {
    const { user, token } = await signedInUser();
    const newEmail = `moved-${user.id}@example.com`;
    const asked = await patchMe(token, { email: newEmail.toUpperCase(), current_password: TEST_PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      email: user.email,
      pending_email: newEmail,
      pending_email_expires_at: '2026-11-22T15:00:00.000Z',
    });

    // Until confirmed: sign-in and password resets stay with the old address.
    expect((await login(t.app, newEmail)).response.statusCode).toBe(400);
    expect((await login(t.app, user.email)).response.statusCode).toBe(200);
    const [requested] = await emailsTo(user.email);
    expect(requested).toMatchObject({ kind: 'email_change_requested' });
    expect(requested?.text_body).toContain(`change its sign-in e-mail to ${newEmail}`);
    expect(requested?.text_body).toContain("If this wasn't you");

    const answer = await confirm(await linkTo(newEmail));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ detail: EMAIL_CHANGE_MESSAGES.confirmed(newEmail) });
    expect((await login(t.app, newEmail)).response.statusCode).toBe(200);
    expect((await login(t.app, user.email)).response.statusCode).toBe(400);
    const changed = (await emailsTo(user.email)).find((email) => email.kind === 'email_changed');
    expect(changed?.subject).toBe('Your Pluvio sign-in e-mail was changed');
    expect(changed?.text_body).toContain(`was changed to ${newEmail}`);
    expect(changed?.text_body).toContain("If this wasn't you");
  });

  it('changes nothing when the new address is the current one', async () => {
    const { user, token } = await signedInUser();
    const same = await patchMe(token, { email: user.email, first_name: 'Rosa' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ email: user.email, first_name: 'Rosa', pending_email: null });
    expect(await emailsTo(user.email)).toEqual([]);
  });

  it('ends the other sessions once confirmed, keeping the browser that confirmed', async () => {
    const { user, token, refreshCookie } = await signedInUser();
    const other = await login(t.app, user.email);
    const newEmail = `sessions-${user.id}@example.com`;
    await patchMe(token, { email: newEmail, current_password: TEST_PASSWORD });
    expect((await confirm(await linkTo(newEmail), bearer(token))).statusCode).toBe(200);

    expect((await call(token, { url: '/users/me' })).statusCode).toBe(200);
    expect((await call(other.token, { url: '/users/me' })).statusCode).toBe(401);
    const refresh = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/refresh-token', cookies: { pluvio_refresh: cookie } });
    expect((await refresh(other.refreshCookie ?? '')).statusCode).toBe(401);
    expect((await refresh(refreshCookie)).statusCode).toBe(200);
  });

  it('ends every session when the link is followed in a browser that is not signed in as the user', async () => {
    const { user, token } = await signedInUser();
    const newEmail = `anywhere-${user.id}@example.com`;
    await patchMe(token, { email: newEmail, current_password: TEST_PASSWORD });
    expect((await confirm(await linkTo(newEmail))).statusCode).toBe(200);
    expect((await call(token, { url: '/users/me' })).statusCode).toBe(401);
  });

  it('audits the request and the confirmation with both addresses, and older entries keep the old address', async () => {
    const { user, token } = await signedInUser();
    const oldEmail = user.email;
    const newEmail = `audited-${user.id}@example.com`;
    await patchMe(token, { email: newEmail, current_password: TEST_PASSWORD });
    await confirm(await linkTo(newEmail));

    const entries = await auditOf(user.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'email_change_confirmed',
      'email_change_requested',
      'login',
    ]);
    const [confirmed, requested, signedIn] = entries;
    const both = { email: { before: oldEmail, after: newEmail } };
    expect(requested).toMatchObject({
      actor: { id: user.id, email: oldEmail, name: 'Test User' },
      as_user: null,
      changes: both,
    });
    expect(confirmed).toMatchObject({ actor: { id: user.id }, changes: both });
    // Written before the change: the sign-in names the address the user had then.
    expect(signedIn).toMatchObject({
      actor: { id: user.id, email: oldEmail },
      subject: { id: user.id, email: oldEmail },
    });
    // The filter by actor address reads the addresses as they were, too.
    const session = (await login(t.app, admin.email)).token;
    const byOld = await call(session, {
      url: `/api/admin/audit?actor_email=${encodeURIComponent(oldEmail)}&action=login`,
    });
    expect(byOld.json().items.map((entry: { actor: { id: number } }) => entry.actor.id)).toEqual([user.id]);
  });

  it('lets a superuser acting as the user ask without the password, and names the superuser', async () => {
    const { user } = await buildOwnedClient(t.services);
    const adminToken = (await login(t.app, admin.email)).token;
    const masquerade = await call(adminToken, {
      method: 'POST',
      url: `/api/services/user-token?email=${encodeURIComponent(user.email)}`,
    });
    const actingToken = masquerade.json().token as string;
    const newEmail = `by-support-${user.id}@example.com`;
    const asked = await patchMe(actingToken, { email: newEmail });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ email: user.email, pending_email: newEmail });
    expect((await emailsTo(newEmail)).map((email) => email.kind)).toEqual(['email_change_confirm']);

    const [requested] = await auditOf(user.id);
    expect(requested).toMatchObject({
      action: 'email_change_requested',
      actor: { id: admin.id, email: admin.email, name: 'Ada User' },
      as_user: { id: user.id, email: user.email },
      changes: { email: { before: user.email, after: newEmail } },
    });
  });

  it('refuses an expired link and a link followed twice', async () => {
    const { user, token } = await signedInUser();
    const expiring = `expiring-${user.id}@example.com`;
    await patchMe(token, { email: expiring, current_password: TEST_PASSWORD });
    const late = await linkTo(expiring);
    clock.advance(24 * HOUR_MS + 1000);
    try {
      const fresh = (await login(t.app, user.email)).token;
      expect((await me(fresh)).pending_email).toBe(null);
      const expired = await confirm(late);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ detail: EMAIL_CHANGE_MESSAGES.badToken });

      const twice = `twice-${user.id}@example.com`;
      await patchMe(fresh, { email: twice, current_password: TEST_PASSWORD });
      const link = await linkTo(twice);
      expect((await confirm(link)).statusCode).toBe(200);
      const again = await confirm(link);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: EMAIL_CHANGE_MESSAGES.badToken });
    } finally {
      clock.advance(-(24 * HOUR_MS + 1000));
    }
  });

  it('refuses the change when the address was taken meanwhile', async () => {
    const { user, token } = await signedInUser();
    const wanted = `wanted-${user.id}@example.com`;
    await patchMe(token, { email: wanted, current_password: TEST_PASSWORD });
    await buildUser(t.services, { email: wanted });
    const answer = await confirm(await linkTo(wanted));
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ detail: EMAIL_CHANGE_MESSAGES.takenMeanwhile(wanted) });
    expect(await me(token)).toMatchObject({ email: user.email, pending_email: null });
    expect((await login(t.app, user.email)).response.statusCode).toBe(200);
  });

  it('refuses at once an address another login has', async () => {
    const { token } = await signedInUser();
    const other = await buildUser(t.services);
    const taken = await patchMe(token, { email: other.email, current_password: TEST_PASSWORD });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ detail: ERROR_CODES.registerUserAlreadyExists });
  });

  it('resends a new link (the previous one stops working) and cancels', async () => {
    const { user, token } = await signedInUser();
    const newEmail = `resent-${user.id}@example.com`;
    await patchMe(token, { email: newEmail, current_password: TEST_PASSWORD });
    const first = await linkTo(newEmail);
    const resent = await call(token, { method: 'POST', url: '/users/me/email-change/resend' });
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ detail: EMAIL_CHANGE_MESSAGES.requested(newEmail) });
    const second = await linkTo(newEmail);
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(400);

    const cancelled = await call(token, { method: 'DELETE', url: '/users/me/email-change' });
    expect(cancelled.statusCode).toBe(204);
    expect((await me(token)).pending_email).toBe(null);
    expect((await confirm(second)).statusCode).toBe(400);
    expect((await auditOf(user.id))[0]).toMatchObject({
      action: 'email_change_cancelled',
      changes: { email: { before: newEmail, after: null } },
    });
    const none = await call(token, { method: 'DELETE', url: '/users/me/email-change' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: EMAIL_CHANGE_MESSAGES.noPending });
    const nothingToResend = await call(token, { method: 'POST', url: '/users/me/email-change/resend' });
    expect(nothingToResend.statusCode).toBe(404);
  });

  it('names every new action in the audit trail', () => {
    expect(AUDIT_ACTIONS).toEqual(
      expect.arrayContaining(['email_change_requested', 'email_change_confirmed', 'email_change_cancelled']),
    );
  });
});

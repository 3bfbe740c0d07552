import { BILLING_MESSAGES } from '@pluvio/shared/billing';
import { WIZARD_MESSAGES } from '@pluvio/shared/signup';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { bearer, buildUser } from '../../test/factories';
import { SIGNUP_PASSWORD, trialSignupBody } from '../../test/signup-body';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

// 22:30 on 20 November in New York, already the 21st in UTC: trial dates follow the product time zone.
const NOW = new Date('2026-11-21T03:30:00Z');
const DAY = 24 * 3_600_000;

describe('/api/signups', () => {
  let t: TestApp;
  const logLines: string[] = [];
  const clock = manualClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { LOG_LEVEL: 'trace', SUPPORT_EMAIL: 'support@pluvio.test' },
      logStream: { write: (line) => logLines.push(line) },
    });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, options: Partial<InjectOptions> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...options });

  async function mailsTo(email: string) {
    const page = await t.services.outbox.page(1, 250);
    return page.items.filter((item) => item.to === email);
  }

  async function countUsers(email: string) {
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::integer as n from users where lower(email) = lower(${email})`,
    );
    return rows[0]?.n ?? 0;
  }

  async function accountsOf(email: string) {
    return queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select c.*, to_char(c.trial_end_date, 'YYYY-MM-DD') as trial_end,
                 (select count(*)::integer from locations l where l.client_id = c.id) as location_count
            from clients c join users u on u.id = c.owner_user_id where lower(u.email) = lower(${email})`,
    );
  }

  /** A paid sign-up up to its checkout: the test checkout's session id and the browser's cookie. */
  async function startPaid(overrides: Record<string, unknown> = {}) {
    const body = trialSignupBody({ account_type: 'paid', tier: 'silver', ...overrides });
    const response = await post('/api/signups', body);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.status).toBe('checkout');
    const sessionId = /\/checkout\/test\/([^/?]+)$/.exec(answer.checkout_url)?.[1] ?? '';
    const cookie = response.cookies.find((item) => item.name === 'pluvio_signup');
    return { body, sessionId: decodeURIComponent(sessionId), cookie };
  }

  it('refuses incomplete wizards with the spec messages and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: '' }, WIZARD_MESSAGES.firstNameRequired],
      [{ last_name: '' }, WIZARD_MESSAGES.lastNameRequired],
      [{ phone: '' }, WIZARD_MESSAGES.phoneRequired],
      [{ terms_accepted: false }, WIZARD_MESSAGES.termsRequired],
      [{ password: 'short' }, WIZARD_MESSAGES.password],
    ];
    for (const [overrides, message] of cases) {
      const body = trialSignupBody(overrides);
      const response = await post('/api/signups', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().detail.map((issue: { msg: string }) => issue.msg)).toContain(message);
      expect(await countUsers(body.email as string)).toBe(0);
    }
  });

  it('provisions a trial at once: gold for 30 days, one location, the defaults, e-mails, signed in', async () => {
    const body = trialSignupBody({ account_name: 'Rain Farms' });
    const response = await post('/api/signups', body);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ status: 'provisioned', notice: null });
    expect(response.cookies.find((item) => item.name === 'pluvio_refresh')).toBeDefined();

    const me = await t.app.inject({ method: 'GET', url: '/users/me', headers: bearer(answer.access_token) });
    expect(me.json()).toMatchObject({
      email: body.email,
      is_verified: false,
      role: 'client',
      agree_to_terms: true,
    });
    expect(me.json().clients[0]).toMatchObject({
      account_name: 'Rain Farms',
      tier: 'gold',
      account_type: 'trial',
      is_trial_account: true,
      trial_end_date: '2026-12-20',
      status: 'active',
      last_payment_status: null,
      payment_grace_end_date: null,
    });
    const [account] = await accountsOf(body.email as string);
    expect(account).toMatchObject({
      location_count: 1,
      daily_report_on: true,
      exceed24h_on: true,
      daily_report_combine_locations: true,
      only_show_locations_with_non_zero: true,
      sort_by_rainfall: true,
      forecast_on: true,
      forecast_combine_locations: true,
      atlas14_on: true,
      rapidrain_on: true,
      rapidrain_first_on: true,
    });
    const locations = await t.app.inject({
      method: 'GET',
      url: '/api/locations',
      headers: bearer(answer.access_token),
    });
    expect(locations.json()).toMatchObject([{ name: 'Barn', h24_threshold: 1, rapidrain_threshold: 0.25 }]);

    const mails = await mailsTo(body.email as string);
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['verify_email', 'welcome']);
    const verify = mails.find((mail) => mail.kind === 'verify_email');
    const token = decodeURIComponent(/\/verify-email\?token=(\S+)/.exec(verify?.text ?? '')?.[1] ?? '');
    const verified = await post('/auth/verify', { token });
    expect(verified.json().is_verified).toBe(true);
    const notices = await mailsTo('support@pluvio.test');
    expect(
      notices.some((mail) => mail.kind === 'new_trial_notice' && mail.subject?.includes('Rain Farms')),
    ).toBe(true);
  });

  it('refuses an address that already has an account', async () => {
    const user = await buildUser(t.services);
    const response = await post('/api/signups', trialSignupBody({ email: user.email.toUpperCase() }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: WIZARD_MESSAGES.emailTaken });
  });

  it('signs up a paid account end to end through the test checkout, once however often it completes', async () => {
    const { body, sessionId, cookie } = await startPaid();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/signups' });
    expect(await countUsers(body.email as string)).toBe(0);

    const page = await t.app.inject({ method: 'GET', url: `/api/test-checkout/${sessionId}` });
    expect(page.json()).toMatchObject({
      tier: 'silver',
      quantity: 1,
      unit_amount: 18,
      amount: 18,
      status: 'open',
    });
    expect(page.json().customer_email).toBe(body.email);

    const early = await post(
      '/api/signups/complete',
      { session_id: sessionId },
      { cookies: { pluvio_signup: cookie?.value ?? '' } },
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: WIZARD_MESSAGES.paymentNotCompleted });

    const paid = await post(`/api/test-checkout/${sessionId}/pay`, {});
    expect(paid.json().redirect_url).toBe(`http://localhost:3000/wizard?session_id=${sessionId}`);

    const cookies = { pluvio_signup: cookie?.value ?? '' };
    const [first, reload] = [
      await post('/api/signups/complete', { session_id: sessionId }, { cookies }),
      await post('/api/signups/complete', { session_id: sessionId }, { cookies }),
    ];
    for (const response of [first, reload]) {
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe('provisioned');
      expect(typeof response.json().access_token).toBe('string');
    }
    expect(await countUsers(body.email as string)).toBe(1);
    const accounts = await accountsOf(body.email as string);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      tier: 'silver',
      account_type: 'paid',
      is_trial_account: false,
      last_payment_status: 'paid',
      invoice_day: 20,
      location_count: 1,
      forecast_on: false,
      atlas14_on: true,
      rapidrain_on: true,
    });
    expect(String(accounts[0]?.stripe_subscription_id)).toMatch(/^sub_test_/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/users/me',
      headers: bearer(first.json().access_token),
    });
    expect(me.json().email).toBe(body.email);
    const welcome = (await mailsTo(body.email as string)).filter((mail) => mail.kind === 'welcome');
    expect(welcome).toHaveLength(1);
    const receipts = (await mailsTo(body.email as string)).filter((mail) => mail.kind === 'payment_receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('Plan: Silver');
    expect(receipts[0]?.text).toContain('Amount paid: $18.00');
    expect(receipts[0]?.text).toContain(`client-form?client_id=${accounts[0]?.id}`);
  });

  it('provisions once when the payment and two completions race, and signs in only the starting browser', async () => {
    const { body, sessionId, cookie } = await startPaid({ tier: 'bronze' });
    const [paid, withoutCookie, withCookie] = await Promise.all([
      post(`/api/test-checkout/${sessionId}/pay`, {}),
      post('/api/signups/complete', { session_id: sessionId }),
      post(
        '/api/signups/complete',
        { session_id: sessionId },
        { cookies: { pluvio_signup: cookie?.value ?? '' } },
      ),
    ]);
    expect(paid.statusCode).toBe(200);
    for (const response of [withoutCookie, withCookie]) expect([200, 409]).toContain(response.statusCode);
    const after = await post('/api/signups/complete', { session_id: sessionId });
    expect(after.json()).toEqual({ status: 'provisioned', access_token: null, notice: null });
    expect(await countUsers(body.email as string)).toBe(1);
    const accounts = await accountsOf(body.email as string);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      tier: 'bronze',
      location_count: 1,
      atlas14_on: false,
      rapidrain_on: false,
    });
    const locations = await queryRows<{ rapidrain_threshold: number; h24_threshold: number }>(
      t.database.db,
      sql`select rapidrain_threshold, h24_threshold from locations where client_id = ${accounts[0]?.id as number}`,
    );
    expect(locations).toEqual([{ rapidrain_threshold: 1, h24_threshold: 1 }]);
    const receipts = (await mailsTo(body.email as string)).filter((mail) => mail.kind === 'payment_receipt');
    expect(receipts).toHaveLength(1);
  });

  it('cancels a paid sign-up: support is told once, an unknown session is 404', async () => {
    const { body, sessionId } = await startPaid();
    const back = await post(`/api/test-checkout/${sessionId}/cancel`, {});
    expect(back.json().redirect_url).toBe(`http://localhost:3000/cancel-signup?session_id=${sessionId}`);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await post('/api/signups/cancel', { session_id: sessionId })).statusCode).toBe(204);
    }
    const notices = (await mailsTo('support@pluvio.test')).filter(
      (mail) => mail.kind === 'abandoned_signup_notice' && mail.text.includes(body.email as string),
    );
    expect(notices).toHaveLength(1);
    const unknown = await post('/api/signups/cancel', { session_id: 'cs_test_unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: WIZARD_MESSAGES.signupNotFound });
    const paidLater = await post(`/api/test-checkout/${sessionId}/pay`, {});
    expect(paidLater.statusCode).toBe(409);
  });

  it('holds the address while a paid sign-up waits for its checkout, until it is cancelled', async () => {
    const { body, sessionId, cookie } = await startPaid();
    const email = body.email as string;
    const trial = await post('/api/signups', trialSignupBody({ email: email.toUpperCase() }));
    expect(trial.statusCode).toBe(409);
    expect(trial.json()).toEqual({ detail: WIZARD_MESSAGES.emailHeld });
    const otherBrowser = await post('/api/signups', trialSignupBody({ email, account_type: 'paid' }));
    expect(otherBrowser.statusCode).toBe(409);
    expect(otherBrowser.json()).toEqual({ detail: WIZARD_MESSAGES.emailHeld });
    const register = await post('/auth/register', {
      email,
      password: SIGNUP_PASSWORD,
      first_name: 'Other',
      last_name: 'Person',
      phone: '512-555-0100',
    });
    expect(register.statusCode).toBe(409);
    expect(register.json()).toEqual({ detail: WIZARD_MESSAGES.emailHeld });
    expect(await countUsers(email)).toBe(0);

    // The same browser starting again closes its first checkout and holds the address anew.
    const again = await post(
      '/api/signups',
      { ...body, tier: 'gold' },
      { cookies: { pluvio_signup: cookie?.value ?? '' } },
    );
    expect(again.statusCode).toBe(200);
    const first = await t.app.inject({ method: 'GET', url: `/api/test-checkout/${sessionId}` });
    expect(first.json().status).toBe('expired');
    expect((await post(`/api/test-checkout/${sessionId}/pay`, {})).statusCode).toBe(409);

    const secondId = decodeURIComponent(
      /\/checkout\/test\/([^/?]+)$/.exec(again.json().checkout_url)?.[1] ?? '',
    );
    expect((await post('/api/signups/cancel', { session_id: secondId })).statusCode).toBe(204);
    const afterCancel = await post('/api/signups', trialSignupBody({ email }));
    expect(afterCancel.statusCode).toBe(200);
    expect(await countUsers(email)).toBe(1);
  });

  it('frees the address when the checkout expires after 24 hours, and its page no longer takes the payment', async () => {
    const { body, sessionId } = await startPaid();
    try {
      clock.advance(DAY - 60_000);
      expect((await post('/api/signups', trialSignupBody({ email: body.email }))).statusCode).toBe(409);
      clock.advance(60_000);
      const page = await t.app.inject({ method: 'GET', url: `/api/test-checkout/${sessionId}` });
      expect(page.json().status).toBe('expired');
      const pay = await post(`/api/test-checkout/${sessionId}/pay`, {});
      expect(pay.statusCode).toBe(409);
      expect(pay.json()).toEqual({ detail: BILLING_MESSAGES.checkoutClosed });
      const trial = await post('/api/signups', trialSignupBody({ email: body.email }));
      expect(trial.statusCode).toBe(200);
    } finally {
      clock.set(NOW);
    }
  });

  it('cancelling a sign-up closes its checkout: the pay page refuses and no account is made', async () => {
    const { body, sessionId } = await startPaid();
    expect((await post('/api/signups/cancel', { session_id: sessionId })).statusCode).toBe(204);
    const page = await t.app.inject({ method: 'GET', url: `/api/test-checkout/${sessionId}` });
    expect(page.json().status).toBe('expired');
    const pay = await post(`/api/test-checkout/${sessionId}/pay`, {});
    expect(pay.statusCode).toBe(409);
    const complete = await post('/api/signups/complete', { session_id: sessionId });
    expect(complete.statusCode).toBe(409);
    expect(await countUsers(body.email as string)).toBe(0);
  });

  it('refuses to cancel a sign-up that is already paid for', async () => {
    const { body, sessionId } = await startPaid();
    await post(`/api/test-checkout/${sessionId}/pay`, {});
    const cancel = await post('/api/signups/cancel', { session_id: sessionId });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({ detail: WIZARD_MESSAGES.alreadyPaid });
    expect(await countUsers(body.email as string)).toBe(1);
  });

  it('refunds a payment whose address got an account meanwhile, and tells the buyer once', async () => {
    const { body, sessionId, cookie } = await startPaid();
    const email = body.email as string;
    // An administrator (or a race the hold cannot see) made a user of the address meanwhile.
    await buildUser(t.services, { email });
    const paid = await post(`/api/test-checkout/${sessionId}/pay`, {});
    expect(paid.statusCode).toBe(200);
    const cookies = { pluvio_signup: cookie?.value ?? '' };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const complete = await post('/api/signups/complete', { session_id: sessionId }, { cookies });
      expect(complete.statusCode).toBe(409);
      expect(complete.json()).toEqual({ detail: WIZARD_MESSAGES.refundedEmailTaken });
    }
    expect(await countUsers(email)).toBe(1);
    expect(await accountsOf(email)).toHaveLength(0);
    const [checkout] = await queryRows<{ payment_status: string }>(
      t.database.db,
      sql`select payment_status from test_checkout_sessions where id = ${sessionId}`,
    );
    expect(checkout?.payment_status).toBe('refunded');
    const refunds = (await mailsTo(email)).filter((mail) => mail.kind === 'signup_refunded');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.subject).toBe('Your Pluvio payment has been refunded');
    expect((await mailsTo(email)).filter((mail) => mail.kind === 'payment_receipt')).toHaveLength(0);
    const [row] = await queryRows<{ password_hash: string; refusal: string }>(
      t.database.db,
      sql`select password_hash, refusal from signups where checkout_session_id = ${sessionId}`,
    );
    expect(row).toEqual({ password_hash: '', refusal: 'email_taken' });
  });

  it('never stores, sends or logs the password', async () => {
    const { sessionId } = await startPaid({ password: 'Unique#Secret-7731' });
    await post(`/api/test-checkout/${sessionId}/pay`, {});
    await post('/api/signups/complete', { session_id: sessionId });
    await post('/api/signups', trialSignupBody({ password: 'Unique#Secret-7731' }));
    const dump = await queryRows<{ text: string }>(
      t.database.db,
      sql`select concat_ws(' ', (select string_agg(to_jsonb(s)::text, ' ') from signups s),
                              (select string_agg(to_jsonb(c)::text, ' ') from test_checkout_sessions c),
                              (select string_agg(to_jsonb(o)::text, ' ') from outbox o),
                              (select string_agg(to_jsonb(a)::text, ' ') from audit_log a)) as text`,
    );
    expect(dump[0]?.text).not.toContain('Unique#Secret-7731');
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain('Unique#Secret-7731');
  });

  it('forgets a sign-up never paid for a week after it started, and keeps the paid ones', async () => {
    const { sessionId: paidId } = await startPaid();
    await post(`/api/test-checkout/${paidId}/pay`, {});
    const { sessionId: unpaidId } = await startPaid();
    const remaining = async () =>
      queryRows<{ checkout_session_id: string; provisioned: boolean }>(
        t.database.db,
        sql`select checkout_session_id, provisioned_at is not null as provisioned from signups
             where checkout_session_id in (${paidId}, ${unpaidId})`,
      );
    try {
      clock.advance(6 * DAY);
      expect(await t.services.signups.forgetUnfinished()).toBe(0);
      clock.advance(1 * DAY + 1);
      expect(await t.services.signups.forgetUnfinished()).toBeGreaterThanOrEqual(1);
      expect(await remaining()).toEqual([{ checkout_session_id: paidId, provisioned: true }]);
      const late = await post('/api/signups/complete', { session_id: unpaidId });
      expect(late.statusCode).toBe(404);
      expect(late.json()).toEqual({ detail: WIZARD_MESSAGES.signupNotFound });
    } finally {
      clock.set(NOW);
    }
  });
});

describe('/api/signups on a server started with only PORT set', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ clock: manualClock(NOW), env: { PORT: '8080', PUBLIC_URL: '' } });
  });
  afterAll(() => t.close());

  it('sends the browser to the test checkout on that port, and back to the wizard there', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/signups',
      payload: trialSignupBody({ account_type: 'paid', tier: 'silver' }),
    });
    const checkoutUrl: string = response.json().checkout_url;
    expect(checkoutUrl).toMatch(/^http:\/\/localhost:8080\/checkout\/test\//);
    const sessionId = decodeURIComponent(checkoutUrl.split('/').at(-1) ?? '');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/test-checkout/${sessionId}/pay`,
      payload: {},
    });
    expect(paid.json().redirect_url).toBe(`http://localhost:8080/wizard?session_id=${sessionId}`);
  });
});

describe('free trials a day from one client address', () => {
  let t: TestApp;
  const clock = manualClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { TRIALS_PER_ADDRESS_PER_DAY: '2' } });
  });
  afterAll(() => t.close());

  const from = (remoteAddress: string, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress });
  const registration = () => ({
    email: `register-${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: SIGNUP_PASSWORD,
    first_name: 'Reg',
    last_name: 'Ister',
    phone: '512-555-0123',
  });

  it('refuses a third trial from one address in a day, by the wizard or /auth/register, with 429', async () => {
    const taken = await buildUser(t.services);
    const refused = await from('198.51.100.7', '/api/signups', trialSignupBody({ email: taken.email }));
    expect(refused.statusCode).toBe(400);
    expect((await from('198.51.100.7', '/api/signups', trialSignupBody())).statusCode).toBe(200);
    expect((await from('198.51.100.7', '/auth/register', registration())).statusCode).toBe(201);
    for (const [url, body] of [
      ['/api/signups', trialSignupBody()],
      ['/auth/register', registration()],
    ] as const) {
      const response = await from('198.51.100.7', url, body);
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ detail: WIZARD_MESSAGES.trialsPerAddress });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(3600);
    }
    const paid = await from(
      '198.51.100.7',
      '/api/signups',
      trialSignupBody({ account_type: 'paid', tier: 'bronze' }),
    );
    expect(paid.statusCode).toBe(200);
    expect((await from('203.0.113.9', '/api/signups', trialSignupBody())).statusCode).toBe(200);
    clock.advance(DAY);
    expect((await from('198.51.100.7', '/api/signups', trialSignupBody())).statusCode).toBe(200);
  });

  it('gives an address one free trial, even after its login moved to another address', async () => {
    for (const [url, body] of [
      ['/api/signups', trialSignupBody()],
      ['/auth/register', registration()],
    ] as const) {
      expect((await from('192.0.2.10', url, body)).statusCode).toBeLessThan(300);
      await t.database.db.execute(
        sql`update users set email = ${`moved-${body.email}`} where email = ${body.email}`,
      );
      const again = await from('192.0.2.11', url, { ...body, email: body.email.toUpperCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: WIZARD_MESSAGES.trialUsed });
      const users = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from users where lower(email) = lower(${body.email})`,
      );
      expect(users[0]?.n).toBe(0);
      const paid = await from(
        '192.0.2.11',
        '/api/signups',
        trialSignupBody({ email: body.email, account_type: 'paid', tier: 'bronze' }),
      );
      expect(paid.statusCode).toBe(200);
    }
  });
});

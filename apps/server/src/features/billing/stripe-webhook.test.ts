import { BILLING_MESSAGES } from '@pluvio/shared/billing';
import { WIZARD_MESSAGES } from '@pluvio/shared/signup';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { monitoredClient } from '../../core/db/monitored-client';
import { productDate } from '../../core/lib/time';
import { bearer, buildOwnedClient, buildUser, login } from '../../test/factories';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const WEBHOOK_SECRET = 'whsec_test_secret';
const PASSWORD = 'Stripe#Secret-4412';
const signer = new Stripe('sk_test_fake');

/** Who signs up, and the first location, as the wizard sends them. */
interface SignupPerson {
  first_name: string;
  last_name: string;
  phone: string;
  location: { name: string; latitude: number; longitude: number };
}
const SAM: SignupPerson = {
  first_name: 'Sam',
  last_name: 'Storm',
  phone: '512-555-0142',
  location: { name: 'Ridge', latitude: 35.1, longitude: -101.8 },
};
const PAT: SignupPerson = {
  first_name: 'Pat',
  last_name: 'Puddle',
  phone: '512-555-0143',
  location: { name: 'Creek', latitude: 35.2, longitude: -101.7 },
};

describe('the Stripe adapter against a local server that answers as Stripe', () => {
  const clock = manualClock(new Date('2026-11-21T15:00:00Z'));
  let stripe: FakeStripe;
  let t: TestApp;
  let eventCount = 0;
  const logLines: string[] = [];

  beforeAll(async () => {
    stripe = await startFakeStripe({ now: () => clock.now() });
    t = await createTestApp({
      clock,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_GOLD: 'price_gold',
        STRIPE_PRICE_SILVER: 'price_silver',
        STRIPE_PRICE_BRONZE: 'price_bronze',
        STRIPE_API_URL: stripe.url,
        PAYMENT_GRACE_DAYS: '7',
        LOG_LEVEL: 'warn',
      },
      logStream: { write: (line) => logLines.push(line) },
      onSubscriptionQuantityChanged: async () => {},
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  /** A webhook delivery as Stripe signs it; `id` repeats an event; `data` replaces `{ object }`. */
  function deliver(
    type: string,
    object: unknown,
    options: { id?: string; secret?: string; signature?: null; data?: unknown } = {},
  ) {
    eventCount += 1;
    const payload = JSON.stringify({
      id: options.id ?? `evt_${eventCount}`,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(clock.now().getTime() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: 'data' in options ? options.data : { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        ...(options.signature === null ? {} : { 'stripe-signature': signature }),
      },
    });
  }

  async function accountOf(email: string) {
    const [row] = await queryRows<Record<string, unknown> & { id: number }>(
      t.database.db,
      sql`select c.*, to_char(c.payment_grace_end_date, 'YYYY-MM-DD') as grace_end
            from clients c join users u on u.id = c.owner_user_id where lower(u.email) = lower(${email})`,
    );
    return row;
  }

  const mailsOfKind = async (to: string, kind: string) =>
    (await t.services.outbox.page(1, 250)).items.filter((mail) => mail.to === to && mail.kind === kind);

  async function monitored(clientId: number): Promise<boolean> {
    const today = productDate(clock.now(), 'America/New_York');
    const [row] = await queryRows<{ monitored: boolean }>(
      t.database.db,
      sql`select ${monitoredClient(sql`c`, today)} as monitored from clients c where c.id = ${clientId}`,
    );
    return row?.monitored ?? false;
  }

  const invoice = (subscription: string, customer: string, id = `in_${eventCount}`) => ({
    id,
    object: 'invoice',
    customer,
    created: Math.floor(clock.now().getTime() / 1000),
    amount_paid: 4800,
    lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', quantity: 2 }] },
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription } },
  });

  /** Posts a paid gold sign-up of the person with the address, which goes on to Stripe's checkout. */
  const postPaidSignup = (address: string, person: SignupPerson) =>
    t.app.inject({
      method: 'POST',
      url: '/api/signups',
      payload: {
        email: address,
        password: PASSWORD,
        ...person,
        terms_accepted: true,
        account_type: 'paid',
        tier: 'gold',
      },
    });

  /** What the browser posts on the way back from Stripe, or from its Cancel link. */
  const completeSignup = (session: string) =>
    t.app.inject({ method: 'POST', url: '/api/signups/complete', payload: { session_id: session } });
  const cancelSignup = (session: string) =>
    t.app.inject({ method: 'POST', url: '/api/signups/cancel', payload: { session_id: session } });

  let email: string;
  let sessionId: string;

  it('signs up through a Checkout Session made on the server: price, quantity, URLs, no password', async () => {
    email = 'stripe-signup@example.com';
    const response = await postPaidSignup(email, SAM);
    expect(response.statusCode).toBe(200);
    const { checkout_url } = response.json();
    expect(checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    sessionId = checkout_url.split('/').pop();

    const customer = stripe.requests.find((request) => request.path === '/v1/customers');
    expect(customer?.form).toMatchObject({ email, name: 'Sam Storm', 'metadata[kind]': 'signup' });
    const checkout = stripe.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(checkout?.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_gold',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:3000/wizard?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/cancel-signup?session_id={CHECKOUT_SESSION_ID}',
      'metadata[kind]': 'signup',
      'metadata[tier]': 'gold',
    });
    expect(JSON.stringify(stripe.requests)).not.toContain(PASSWORD);
    expect(Object.keys(checkout?.form ?? {}).filter((key) => key.startsWith('metadata['))).toEqual([
      'metadata[kind]',
      'metadata[reference]',
      'metadata[tier]',
    ]);
    expect((await t.app.inject({ url: `/api/test-checkout/${sessionId}` })).statusCode).toBe(404);
  });

  it('refuses a webhook with a bad or missing signature and changes nothing', async () => {
    const paid = stripe.pay(sessionId);
    const forged = await deliver('checkout.session.completed', paid, { secret: 'whsec_wrong' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: BILLING_MESSAGES.invalidSignature });
    const unsigned = await deliver('checkout.session.completed', paid, { signature: null });
    expect(unsigned.statusCode).toBe(400);
    expect(await accountOf(email)).toBeUndefined();
  });

  it('provisions on checkout.session.completed once, however often the event comes or the browser completes', async () => {
    const paid = stripe.session(sessionId);
    const first = await deliver('checkout.session.completed', paid, { id: 'evt_checkout' });
    expect(first.statusCode).toBe(200);
    const repeat = await deliver('checkout.session.completed', paid, { id: 'evt_checkout' });
    expect(repeat.statusCode).toBe(200);
    const completed = await completeSignup(sessionId);
    expect(completed.json()).toEqual({ status: 'provisioned', access_token: null, notice: null });
    const account = await accountOf(email);
    expect(account).toMatchObject({
      tier: 'gold',
      account_type: 'paid',
      is_trial_account: false,
      last_payment_status: 'paid',
      stripe_customer_id: paid?.customer,
      stripe_subscription_id: paid?.subscription,
    });
    const users = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::integer as n from users where email = ${email}`,
    );
    expect(users[0]?.n).toBe(1);

    // Stripe also tells the first invoice as paid: the receipt of the checkout stands for it.
    const firstInvoice = invoice(String(paid?.subscription), String(paid?.customer), String(paid?.invoice));
    for (const id of ['evt_first_invoice', 'evt_first_invoice']) {
      expect((await deliver('invoice.paid', firstInvoice, { id })).statusCode).toBe(200);
    }
    const [receipt, ...more] = await mailsOfKind(email, 'payment_receipt');
    expect(more).toHaveLength(0);
    expect(receipt?.subject).toBe('Your Pluvio receipt: $24.00 for Gold, Sam Storm');
    expect(receipt?.text).toContain('Locations billed: 1 block of 5 (up to 5 locations)');
    expect(receipt?.text).toContain('Period: Saturday, November 21, 2026 to Sunday, December 20, 2026');
    expect(receipt?.text).toContain(`Reference: ${paid?.invoice}`);
    expect((await deliver('customer.created', { id: 'cus_x', object: 'customer' })).statusCode).toBe(200);
  });

  it('keeps the subscription quantity to the locations, and survives an outage', async () => {
    const account = await accountOf(email);
    const { token } = await login(t.app, email, PASSWORD);
    stripe.state.outage = true;
    for (let index = 0; index < 5; index += 1) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/locations',
        headers: bearer(token),
        payload: { name: `Field ${index}`, latitude: 35 + index / 100, longitude: -101 },
      });
      expect(created.statusCode).toBe(201);
    }
    await expect(t.services.billing.syncQuantity(account?.id ?? 0)).rejects.toThrow();
    stripe.state.outage = false;
    await t.services.billing.syncQuantity(account?.id ?? 0);
    const subscription = stripe.subscription(String(account?.stripe_subscription_id));
    expect(subscription?.items.data[0]?.quantity).toBe(2);
    const update = stripe.requests.findLast(
      (request) => request.method === 'POST' && request.path.startsWith('/v1/subscriptions/'),
    );
    expect(update?.form).toMatchObject({ 'items[0][quantity]': '2', proration_behavior: 'none' });

    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/billing/portal',
      headers: bearer(token),
      payload: { client_id: account?.id },
    });
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(stripe.requests.at(-1)?.form).toEqual({
      customer: String(account?.stripe_customer_id),
      return_url: 'http://localhost:3000/client-form',
    });
    const summary = await t.app.inject({
      url: `/api/billing/subscription?client_id=${account?.id}`,
      headers: bearer(token),
    });
    expect(summary.json()).toMatchObject({ locations_count: 6, blocks: 2, payment_method: 'card' });
    const planChange = await t.app.inject({
      method: 'POST',
      url: '/api/billing/subscription/plan',
      headers: bearer(token),
      payload: { client_id: account?.id, tier: 'silver' },
    });
    expect(planChange.statusCode).toBe(409);
    expect(planChange.json()).toEqual({ detail: BILLING_MESSAGES.changePlanInPortal });

    for (const [action, cancel] of [
      ['cancel', true],
      ['resume', false],
    ] as const) {
      const changed = await t.app.inject({
        method: 'POST',
        url: `/api/billing/subscription/${action}`,
        headers: bearer(token),
        payload: { client_id: account?.id },
      });
      expect(changed.json()).toMatchObject({ can_cancel: !cancel });
      expect(stripe.subscription(String(account?.stripe_subscription_id))?.cancel_at_period_end).toBe(cancel);
    }
  });

  it('pauses monitoring after the grace period of a failed payment, until invoice.paid', async () => {
    const account = await accountOf(email);
    const subscription = String(account?.stripe_subscription_id);
    const customer = String(account?.stripe_customer_id);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await deliver('invoice.payment_failed', invoice(subscription, customer))).statusCode).toBe(200);
    }
    expect(await accountOf(email)).toMatchObject({ last_payment_status: 'failed', grace_end: '2026-11-28' });
    const failures = (await t.services.outbox.page(1, 100)).items.filter(
      (mail) => mail.kind === 'payment_failed',
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]?.to).toBe(email);
    expect(await monitored(account?.id ?? 0)).toBe(true);

    clock.set(new Date('2026-11-28T20:00:00Z'));
    expect(await monitored(account?.id ?? 0)).toBe(true);
    clock.set(new Date('2026-11-29T15:00:00Z'));
    expect(await monitored(account?.id ?? 0)).toBe(false);
    const { token } = await login(t.app, email, PASSWORD);
    const me = await t.app.inject({ url: '/users/me', headers: bearer(token) });
    expect(me.json().clients[0]).toMatchObject({
      last_payment_status: 'failed',
      payment_grace_end_date: '2026-11-28',
    });

    // The renewal paid at last, its webhook delivered twice and then sent again as a new event.
    const renewal = invoice(subscription, customer, 'in_renewal');
    for (const id of ['evt_renewal', 'evt_renewal', 'evt_renewal_again']) {
      expect((await deliver('invoice.paid', renewal, { id })).statusCode).toBe(200);
    }
    expect(await accountOf(email)).toMatchObject({
      last_payment_status: 'paid',
      grace_end: null,
      invoice_day: 29,
    });
    const renewals = (await mailsOfKind(email, 'payment_receipt')).filter((mail) =>
      mail.text.includes('Reference: in_renewal'),
    );
    expect(renewals).toHaveLength(1);
    expect(renewals[0]?.subject).toBe('Your Pluvio receipt: $48.00 for Gold, Sam Storm');
    expect(renewals[0]?.text).toContain('Locations billed: 2 blocks of 5 (up to 10 locations)');
    expect(renewals[0]?.text).toContain('Period: Sunday, November 29, 2026 to Monday, December 28, 2026');
    expect(renewals[0]?.text).toContain(`client-form?client_id=${account?.id}`);
    expect(await monitored(account?.id ?? 0)).toBe(true);
  });

  it('follows plan changes and the end of the subscription', async () => {
    const account = await accountOf(email);
    const subscription = {
      id: String(account?.stripe_subscription_id),
      object: 'subscription',
      customer: String(account?.stripe_customer_id),
      status: 'active',
      items: { object: 'list', data: [{ id: 'si_1', quantity: 2, price: { id: 'price_silver' } }] },
    };
    await deliver('customer.subscription.updated', subscription);
    expect(await accountOf(email)).toMatchObject({ tier: 'silver' });
    await deliver('customer.subscription.deleted', { ...subscription, status: 'canceled' });
    expect(await accountOf(email)).toMatchObject({
      last_payment_status: 'cancelled',
      stripe_subscription_id: null,
      grace_end: '2026-11-29',
    });
    expect(await monitored(account?.id ?? 0)).toBe(true);
    clock.set(new Date('2026-11-30T15:00:00Z'));
    expect(await monitored(account?.id ?? 0)).toBe(false);
  });

  it('upgrades a trial through Stripe Checkout and records the tier once when confirmed', async () => {
    const { user, client } = await buildOwnedClient(t.services, undefined, {
      accountType: 'trial',
      isTrialAccount: true,
      trialEndDate: '2026-12-15',
    });
    const { token } = await login(t.app, user.email);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: bearer(token),
      payload: { client_id: client.id, tier: 'bronze' },
    });
    const upgradeSession = started.json().checkout_url.split('/').pop();
    const checkout = stripe.requests.findLast((request) => request.path === '/v1/checkout/sessions');
    expect(checkout?.form).toMatchObject({
      'line_items[0][price]': 'price_bronze',
      'line_items[0][quantity]': '1',
      'metadata[kind]': 'subscription',
      'metadata[reference]': String(client.id),
      success_url: 'http://localhost:3000/upgrade?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: `http://localhost:3000/upgrade?client_id=${client.id}`,
    });
    stripe.pay(upgradeSession);
    const [byEvent, byBrowser] = await Promise.all([
      deliver('checkout.session.completed', stripe.session(upgradeSession)),
      t.app.inject({
        method: 'POST',
        url: '/api/billing/checkout/confirm',
        headers: bearer(token),
        payload: { session_id: upgradeSession },
      }),
    ]);
    expect(byEvent.statusCode).toBe(200);
    expect(byBrowser.json()).toEqual({ paid: true, client_id: client.id, tier: 'bronze' });
    const changes = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::integer as n from audit_log where client_id = ${client.id} and action = 'client_tier_changed'`,
    );
    expect(changes[0]?.n).toBe(1);
    expect(await mailsOfKind(user.email, 'payment_receipt')).toHaveLength(1);
  });

  /** A paid sign-up up to Stripe's checkout: its session id. */
  async function startPaidSignup(address: string): Promise<string> {
    const response = await postPaidSignup(address, PAT);
    expect(response.statusCode).toBe(200);
    return response.json().checkout_url.split('/').pop();
  }

  it('cancelling a sign-up expires its Checkout Session at Stripe; a paid one cannot be cancelled', async () => {
    const open = await startPaidSignup('stripe-cancel@example.com');
    const cancel = await cancelSignup(open);
    expect(cancel.statusCode).toBe(204);
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/checkout/sessions/${open}/expire`,
    });
    expect(stripe.session(open)?.status).toBe('expired');

    const paid = await startPaidSignup('stripe-cancel-paid@example.com');
    stripe.pay(paid);
    const refused = await cancelSignup(paid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: WIZARD_MESSAGES.alreadyPaid });
    expect(stripe.session(paid)?.status).toBe('complete');
  });

  it('refunds a payment whose address got an account meanwhile: the PaymentIntent refunded once, the subscription cancelled, the buyer told', async () => {
    const address = 'stripe-taken@example.com';
    const session = await startPaidSignup(address);
    await buildUser(t.services, { email: address });
    const paid = stripe.pay(session);
    for (const id of ['evt_taken_1', 'evt_taken_2']) {
      expect((await deliver('checkout.session.completed', paid, { id })).statusCode).toBe(200);
    }
    const payment = stripe.paymentOf(session);
    expect(payment?.refunded).toBe(true);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === payment?.paymentIntent)).toHaveLength(
      1,
    );
    const refund = stripe.requests.find((request) => request.path === '/v1/refunds');
    expect(refund).toMatchObject({
      idempotencyKey: `refund-${session}`,
      form: { payment_intent: payment?.paymentIntent, reason: 'requested_by_customer' },
    });
    expect(stripe.subscription(String(paid.subscription))?.status).toBe('canceled');
    expect(await accountOf(address)).toBeUndefined();
    expect(await mailsOfKind(address, 'signup_refunded')).toHaveLength(1);
    const complete = await completeSignup(session);
    expect(complete.statusCode).toBe(409);
    expect(complete.json()).toEqual({ detail: WIZARD_MESSAGES.refundedEmailTaken });
    expect(stripe.refunds.filter((item) => item.payment_intent === payment?.paymentIntent)).toHaveLength(1);
  });

  it('makes no account of a completion for a cancelled sign-up, and refunds it once Stripe answers again', async () => {
    const address = 'stripe-late@example.com';
    const session = await startPaidSignup(address);
    await cancelSignup(session);
    // A payment Stripe took as the cancel crossed it (the checkout reopened for this test).
    Object.assign(stripe.session(session) ?? {}, { status: 'open' });
    const paid = stripe.pay(session);
    stripe.state.outage = true;
    try {
      expect((await deliver('checkout.session.completed', paid)).statusCode).toBe(200);
    } finally {
      stripe.state.outage = false;
    }
    expect(await accountOf(address)).toBeUndefined();
    expect(stripe.paymentOf(session)?.refunded).toBe(false);
    expect(await mailsOfKind(address, 'signup_refunded')).toHaveLength(0);

    expect(await t.services.signups.settleRefusals()).toBe(1);
    expect(stripe.paymentOf(session)?.refunded).toBe(true);
    expect(await mailsOfKind(address, 'signup_refunded')).toHaveLength(1);
    expect(await t.services.signups.settleRefusals()).toBe(0);
    const complete = await completeSignup(session);
    expect(complete.json()).toEqual({ detail: WIZARD_MESSAGES.refundedCancelled });
  });

  it('answers 400 to a signed event of a known type with an unexpected shape, logs it and changes nothing', async () => {
    const account = await accountOf(email);
    const subscription = String(account?.stripe_subscription_id);
    const before = await accountOf(email);
    const events = async () =>
      (
        await queryRows<{ n: number }>(t.database.db, sql`select count(*)::integer as n from billing_events`)
      )[0]?.n;
    const recorded = await events();
    const odd: [string, unknown, { data?: unknown }][] = [
      ['checkout.session.completed', { id: 'cs_odd', object: 'checkout.session' }, {}],
      ['invoice.paid', { id: 'in_odd', object: 'invoice', customer: 'cus_x', created: 'yesterday' }, {}],
      ['invoice.payment_failed', null, {}],
      ['customer.subscription.updated', { id: subscription, object: 'subscription', items: {} }, {}],
      ['customer.subscription.deleted', {}, {}],
      ['invoice.paid', undefined, { data: null }],
    ];
    for (const [type, object, options] of odd) {
      const response = await deliver(type, object, { id: 'evt_odd', ...options });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: BILLING_MESSAGES.unexpectedEvent });
    }
    expect(await events()).toBe(recorded);
    expect(await accountOf(email)).toEqual(before);
    expect(logLines.some((line) => line.includes('evt_odd') && line.includes('items'))).toBe(true);
  });
});

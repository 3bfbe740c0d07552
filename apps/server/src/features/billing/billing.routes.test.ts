import { BILLING_MESSAGES, SUBSCRIPTION_TEXT } from '@pluvio/shared/billing';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { monitoredClient } from '../../core/db/monitored-client';
import { bearer, buildContactUser, buildOwnedClient, login } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const NOW = new Date('2026-11-21T15:00:00Z');

describe('upgrade through the built-in test checkout', () => {
  let t: TestApp;
  const quantityChanges: number[] = [];
  const clock = manualClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      onSubscriptionQuantityChanged: async (clientId) => {
        quantityChanges.push(clientId);
      },
    });
  });
  afterAll(() => t.close());

  const call = (token: string, options: InjectOptions) =>
    t.app.inject({ method: 'POST', ...options, headers: { ...bearer(token), ...options.headers } });

  /** An owner signed in to a trial that ended yesterday. */
  async function endedTrial() {
    const { user, client } = await buildOwnedClient(t.services, undefined, {
      accountType: 'trial',
      isTrialAccount: true,
      trialEndDate: '2026-11-20',
    });
    return { user, client, token: (await login(t.app, user.email)).token };
  }

  async function monitored(clientId: number, on = '2026-11-21'): Promise<boolean> {
    const [row] = await queryRows<{ monitored: boolean }>(
      t.database.db,
      sql`select ${monitoredClient(sql`c`, on)} as monitored from clients c where c.id = ${clientId}`,
    );
    return row?.monitored ?? false;
  }

  const sessionOf = (url: string) => decodeURIComponent(/\/checkout\/test\/([^/?]+)$/.exec(url)?.[1] ?? '');

  /** Adds `count` locations named `${prefix} 0`, `${prefix} 1`, … to the account. */
  const addLocations = (clientId: number, prefix: string, count: number) =>
    t.services.locations.createMany(
      Array.from({ length: count }, (_, index) => ({
        clientId,
        name: `${prefix} ${index}`,
        latitude: 30,
        longitude: -95,
      })),
    );

  /** Starts a test checkout of the tier for the account. */
  const startCheckout = (token: string, clientId: number, tier: string) =>
    call(token, { url: '/api/billing/checkout', payload: { client_id: clientId, tier } });

  /** Pays a test checkout, as the Pay button of its page does. */
  const payCheckout = (sessionId: string) =>
    t.app.inject({ method: 'POST', url: `/api/test-checkout/${sessionId}/pay` });

  /** Starts a test checkout of the tier for the account and pays it; returns its session id. */
  async function subscribe(token: string, clientId: number, tier: string): Promise<string> {
    const sessionId = sessionOf((await startCheckout(token, clientId, tier)).json().checkout_url);
    await payCheckout(sessionId);
    return sessionId;
  }

  it('records the tier once the checkout is paid, and restores monitoring at once', async () => {
    const { client, token } = await endedTrial();
    await addLocations(client.id, 'Site', 6);
    expect(await monitored(client.id)).toBe(false);

    const started = await startCheckout(token, client.id, 'silver');
    expect(started.statusCode).toBe(200);
    const sessionId = sessionOf(started.json().checkout_url);
    const page = await t.app.inject({ url: `/api/test-checkout/${sessionId}` });
    expect(page.json()).toMatchObject({
      tier: 'silver',
      quantity: 2,
      unit_amount: 18,
      amount: 36,
      status: 'open',
      cancel_url: `http://localhost:3000/upgrade?client_id=${client.id}`,
    });

    const unpaid = await call(token, {
      url: '/api/billing/checkout/confirm',
      payload: { session_id: sessionId },
    });
    expect(unpaid.json()).toEqual({ paid: false, client_id: client.id, tier: 'silver' });

    const paid = await payCheckout(sessionId);
    expect(paid.json()).toEqual({ redirect_url: `http://localhost:3000/upgrade?session_id=${sessionId}` });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const confirmed = await call(token, {
        url: '/api/billing/checkout/confirm',
        payload: { session_id: sessionId },
      });
      expect(confirmed.json()).toEqual({ paid: true, client_id: client.id, tier: 'silver' });
    }
    const me = await t.app.inject({ url: '/users/me', headers: bearer(token) });
    expect(me.json().clients[0]).toMatchObject({
      tier: 'silver',
      account_type: 'paid',
      is_trial_account: false,
      last_payment_status: 'paid',
    });
    expect(await monitored(client.id)).toBe(true);
    const tierChanges = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::integer as n from audit_log where client_id = ${client.id} and action = 'client_tier_changed'`,
    );
    expect(tierChanges[0]?.n).toBe(1);

    const again = await payCheckout(sessionId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: BILLING_MESSAGES.checkoutClosed });
  });

  const receiptsTo = async (address: string) =>
    (await t.services.outbox.page(1, 250)).items.filter(
      (mail) => mail.to === address && mail.kind === 'payment_receipt',
    );

  it('e-mails one receipt per paid checkout, to the invoice address when the account has one', async () => {
    const { user, client, token } = await endedTrial();
    await addLocations(client.id, 'Yard', 7);
    const started = await startCheckout(token, client.id, 'silver');
    const sessionId = sessionOf(started.json().checkout_url);
    expect(await receiptsTo(user.email)).toHaveLength(0);
    await payCheckout(sessionId);
    await payCheckout(sessionId);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await call(token, { url: '/api/billing/checkout/confirm', payload: { session_id: sessionId } });
    }
    const [receipt, ...more] = await receiptsTo(user.email);
    expect(more).toHaveLength(0);
    expect(receipt?.subject).toBe(`Your Pluvio receipt: $36.00 for Silver, ${client.accountName}`);
    expect(receipt?.text).toContain(`Hello ${user.firstName},`);
    expect(receipt?.text).toContain('Plan: Silver');
    expect(receipt?.text).toContain('Locations billed: 2 blocks of 5 (up to 10 locations)');
    expect(receipt?.text).toContain('Amount paid: $36.00');
    expect(receipt?.text).toContain('Period: Saturday, November 21, 2026 to Sunday, December 20, 2026');
    expect(receipt?.text).toContain(`Reference: ${sessionId}`);
    expect(receipt?.text).toContain(
      `Open My Subscription: http://localhost:3000/client-form?client_id=${client.id}`,
    );

    const other = await endedTrial();
    await queryRows(
      t.database.db,
      sql`update clients set invoice_email = 'accounts@example.com' where id = ${other.client.id} returning id`,
    );
    await subscribe(other.token, other.client.id, 'bronze');
    expect(await receiptsTo(other.user.email)).toHaveLength(0);
    const [invoiced] = await receiptsTo('accounts@example.com');
    expect(invoiced?.text).toMatch(/^Hello,\n/);
    expect(invoiced?.text).toContain('Locations billed: 1 block of 5 (up to 5 locations)');
    expect(invoiced?.text).toContain('Amount paid: $12.00');
  });

  it('lets the quantity follow the locations of a subscribed account', async () => {
    const { client, token } = await endedTrial();
    const sessionId = await subscribe(token, client.id, 'gold');
    await call(token, { url: '/api/billing/checkout/confirm', payload: { session_id: sessionId } });

    for (let index = 0; index < 6; index += 1) {
      const created = await call(token, {
        url: '/api/locations',
        payload: { name: `Field ${index}`, latitude: 31 + index / 100, longitude: -96 },
      });
      expect(created.statusCode).toBe(201);
    }
    expect(quantityChanges.filter((id) => id === client.id)).toHaveLength(6);
    await t.services.billing.syncQuantity(client.id);
    const page = await t.app.inject({ url: `/api/test-checkout/${sessionId}` });
    expect(page.json()).toMatchObject({ quantity: 2, status: 'complete' });

    const change = await startCheckout(token, client.id, 'bronze');
    expect(change.statusCode).toBe(409);
    expect(change.json()).toEqual({ detail: BILLING_MESSAGES.changePlanInPortal });
    const portal = await call(token, { url: '/api/billing/portal', payload: { client_id: client.id } });
    expect(portal.statusCode).toBe(409);
    expect(portal.json()).toEqual({ detail: BILLING_MESSAGES.portalUnavailable });
  });

  it('admits owners and co-owners only, and refuses manual-invoice accounts', async () => {
    const { client, token } = await endedTrial();
    const payload = { client_id: client.id, tier: 'gold' };
    const contact = await buildContactUser(t.services, client.id);
    const contactToken = (await login(t.app, contact.user.email)).token;
    const byContact = await call(contactToken, { url: '/api/billing/checkout', payload });
    expect(byContact.statusCode).toBe(403);
    expect(byContact.json()).toEqual({ detail: BILLING_MESSAGES.ownersOnly });
    const coOwner = await buildContactUser(t.services, client.id, { coOwner: true });
    const byCoOwner = await call((await login(t.app, coOwner.user.email)).token, {
      url: '/api/billing/checkout',
      payload,
    });
    expect(byCoOwner.statusCode).toBe(200);
    const stranger = (await endedTrial()).token;
    expect((await call(stranger, { url: '/api/billing/checkout', payload })).statusCode).toBe(404);
    const confirmByStranger = await call(stranger, {
      url: '/api/billing/checkout/confirm',
      payload: { session_id: sessionOf(byCoOwner.json().checkout_url) },
    });
    expect(confirmByStranger.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/checkout', payload })).statusCode).toBe(
      401,
    );

    await t.services.accounts.updateSubscription(
      client.id,
      { accountType: 'free', isTrialAccount: false, manualInvoice: true },
      { actorUserId: null },
    );
    const manual = await call(token, { url: '/api/billing/checkout', payload });
    expect(manual.statusCode).toBe(409);
    expect(manual.json()).toEqual({ detail: BILLING_MESSAGES.manualInvoice });
  });

  it('lets a trial marked for manual invoice (as the admin form and the demo make one) pay through checkout', async () => {
    const { client, token } = await endedTrial();
    await t.services.accounts.updateSubscription(client.id, { manualInvoice: true }, { actorUserId: null });
    const started = await startCheckout(token, client.id, 'gold');
    expect(started.statusCode).toBe(200);
    const sessionId = sessionOf(started.json().checkout_url);
    await payCheckout(sessionId);
    const account = await t.app.inject({ url: `/api/clients/${client.id}`, headers: bearer(token) });
    expect(account.json()).toMatchObject({
      account_type: 'paid',
      is_trial_account: false,
      manual_invoice: false,
      tier: 'gold',
    });
  });

  it('sums up the subscription for My Subscription: plan, price per 5 locations, next bill, how it is paid', async () => {
    const { client, token } = await endedTrial();
    const summary = async () =>
      t.app.inject({ url: `/api/billing/subscription?client_id=${client.id}`, headers: bearer(token) });
    expect((await summary()).json()).toEqual({
      client_id: client.id,
      tier: 'gold',
      is_trial_account: true,
      trial_end_date: '2026-11-20',
      unit_amount: 24,
      locations_count: 0,
      blocks: 1,
      monthly_amount: 24,
      next_bill: null,
      ends_on: null,
      can_cancel: false,
      payment_method: 'none',
    });
    await subscribe(token, client.id, 'silver');
    await addLocations(client.id, 'Lot', 7);
    expect((await summary()).json()).toMatchObject({
      tier: 'silver',
      is_trial_account: false,
      unit_amount: 18,
      locations_count: 7,
      blocks: 2,
      monthly_amount: 36,
      next_bill: { date: '2026-12-21', amount: 36 },
      payment_method: 'test_checkout',
    });

    const contact = await buildContactUser(t.services, client.id);
    const byContact = await t.app.inject({
      url: `/api/billing/subscription?client_id=${client.id}`,
      headers: bearer((await login(t.app, contact.user.email)).token),
    });
    expect(byContact.statusCode).toBe(403);
    const bad = await t.app.inject({
      url: '/api/billing/subscription?client_id=0x1',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBeTruthy();
  });

  it('cancels at the end of the paid period, reversibly until then, audited; then the account may subscribe again', async () => {
    const { user, client, token } = await endedTrial();
    const payload = { client_id: client.id };
    const trialCancel = await call(token, { url: '/api/billing/subscription/cancel', payload });
    expect(trialCancel.statusCode).toBe(409);
    expect(trialCancel.json()).toEqual({ detail: SUBSCRIPTION_TEXT.nothingToCancel });
    await subscribe(token, client.id, 'gold');
    try {
      const cancelled = await call(token, { url: '/api/billing/subscription/cancel', payload });
      expect(cancelled.json()).toMatchObject({ ends_on: '2026-12-20', next_bill: null, can_cancel: false });
      const [entry] = await queryRows<{ changes: Record<string, unknown>; actor_user_id: number }>(
        t.database.db,
        sql`select changes, actor_user_id from audit_log where client_id = ${client.id} and action = 'client_changed' order by id desc limit 1`,
      );
      expect(entry?.changes).toEqual({ subscription_ends_on: { before: null, after: '2026-12-20' } });
      expect(entry?.actor_user_id).toBe(user.id);
      expect(await monitored(client.id, '2026-12-20')).toBe(true);
      expect(await monitored(client.id, '2026-12-21')).toBe(false);

      const resumed = await call(token, { url: '/api/billing/subscription/resume', payload });
      expect(resumed.json()).toMatchObject({
        ends_on: null,
        can_cancel: true,
        next_bill: { date: '2026-12-21', amount: 24 },
      });
      expect(await monitored(client.id, '2026-12-21')).toBe(true);

      await call(token, { url: '/api/billing/subscription/cancel', payload });
      clock.set(new Date('2026-12-22T15:00:00Z'));
      const later = (await login(t.app, user.email)).token;
      const tooLate = await call(later, { url: '/api/billing/subscription/resume', payload });
      expect(tooLate.statusCode).toBe(409);
      expect(tooLate.json()).toEqual({ detail: SUBSCRIPTION_TEXT.alreadyEnded });
      const again = await startCheckout(later, client.id, 'silver');
      expect(again.statusCode).toBe(200);
    } finally {
      clock.set(NOW);
    }
  });

  it('changes the plan of a running test-checkout subscription at once, audited, with the new price', async () => {
    const { user, client, token } = await endedTrial();
    const payload = { client_id: client.id, tier: 'gold' };
    const early = await call(token, { url: '/api/billing/subscription/plan', payload });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: SUBSCRIPTION_TEXT.nothingToChange });
    await addLocations(client.id, 'Pit', 6);
    await subscribe(token, client.id, 'silver');
    const tierChanges = () =>
      queryRows<{ actor_user_id: number | null; changes: Record<string, unknown> }>(
        t.database.db,
        sql`select actor_user_id, changes from audit_log where client_id = ${client.id} and action = 'client_tier_changed' order by id`,
      );
    expect(await tierChanges()).toHaveLength(1);

    const changed = await call(token, { url: '/api/billing/subscription/plan', payload });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      tier: 'gold',
      unit_amount: 24,
      blocks: 2,
      monthly_amount: 48,
      next_bill: { date: '2026-12-21', amount: 48 },
      payment_method: 'test_checkout',
    });
    const me = await t.app.inject({ url: '/users/me', headers: bearer(token) });
    expect(me.json().clients[0]).toMatchObject({ tier: 'gold', account_type: 'paid' });
    const [, change] = await tierChanges();
    expect(change).toEqual({
      actor_user_id: user.id,
      changes: { tier: { before: 'silver', after: 'gold' } },
    });
    await call(token, { url: '/api/billing/subscription/plan', payload });
    expect(await tierChanges()).toHaveLength(2);

    const contact = await buildContactUser(t.services, client.id);
    const byContact = await call((await login(t.app, contact.user.email)).token, {
      url: '/api/billing/subscription/plan',
      payload: { client_id: client.id, tier: 'bronze' },
    });
    expect(byContact.statusCode).toBe(403);
    const bad = await call(token, {
      url: '/api/billing/subscription/plan',
      payload: { client_id: client.id, tier: 'platinum' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBeTruthy();
    const after = await t.app.inject({ url: '/users/me', headers: bearer(token) });
    expect(after.json().clients[0].tier).toBe('gold');
  });

  it('answers unknown test checkouts 404 and sends a cancelled one back to its cancel URL', async () => {
    expect((await t.app.inject({ url: '/api/test-checkout/cs_test_nothing' })).statusCode).toBe(404);
    const { client, token } = await endedTrial();
    const started = await startCheckout(token, client.id, 'bronze');
    const sessionId = sessionOf(started.json().checkout_url);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/test-checkout/${sessionId}/cancel` });
    expect(cancelled.json()).toEqual({
      redirect_url: `http://localhost:3000/upgrade?client_id=${client.id}`,
    });
    expect((await t.app.inject({ url: `/api/test-checkout/${sessionId}` })).json().status).toBe('expired');
    const webhook = await t.app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', payload: {} });
    expect(webhook.statusCode).toBe(404);
  });
});

import { BILLING_MESSAGES, type TestCheckout, testCheckoutPath } from '@pluvio/shared/billing';
import { PLAN_PRICES } from '@pluvio/shared/plans';
import type { TierName } from '@pluvio/shared/tiers';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { conflict, notFound } from '../../core/lib/errors';
import { hashToken, randomToken } from '../../core/lib/tokens';
import type { TestCheckoutRow } from '../../core/tables/billing';
import { type CheckoutSession, type PaymentAdapter, referenceOf } from './payment-provider';
import { createTestCheckoutRepository } from './test-checkout.repository';

/** Stripe writes the session's id where a success or cancel URL says `{CHECKOUT_SESSION_ID}`. */
export function withSessionId(url: string, id: string): string {
  return url.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(id));
}

const testId = (prefix: string) => `${prefix}_test_${randomToken(18)}`;

/** Like Stripe's hosted checkout, a test checkout can be paid for 24 hours. */
export const TEST_CHECKOUT_HOURS = 24;

/** The fingerprint of a test card number: the same number gives the same fingerprint, as with Stripe. */
export function testCardFingerprint(cardNumber: string): string {
  return `fp_test_${hashToken(cardNumber.replace(/\D/g, '')).slice(0, 16)}`;
}

/** An open session past its expiry is expired, as the provider would say. */
function statusAt(row: TestCheckoutRow, now: Date): string {
  return row.status === 'open' && row.expiresAt && row.expiresAt <= now ? 'expired' : row.status;
}

function presentSession(row: TestCheckoutRow, now: Date): CheckoutSession {
  return {
    id: row.id,
    status: statusAt(row, now),
    paymentStatus: row.paymentStatus,
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    invoiceId: null,
    amount: row.unitAmount * row.quantity,
    quantity: row.quantity,
    expiresAt: row.expiresAt,
    reference: referenceOf({ kind: row.kind, reference: row.reference, tier: row.tier }),
  };
}

export function presentTestCheckout(row: TestCheckoutRow, now: Date): TestCheckout {
  return {
    id: row.id,
    tier: row.tier as TierName,
    quantity: row.quantity,
    unit_amount: row.unitAmount,
    amount: row.unitAmount * row.quantity,
    customer_email: row.customerEmail,
    status: statusAt(row, now) as TestCheckout['status'],
    cancel_url: withSessionId(row.cancelUrl, row.id),
  };
}

/**
 * The built-in test checkout (D20): a hosted checkout of our own, so a fresh install signs up
 * and upgrades end to end with no payment account anywhere. Its page is the web app's
 * /checkout/test/{id}; paying there completes the session like Stripe would.
 */
export function createTestCheckoutAdapter(db: AppDb, options: { publicUrl: string; clock: Clock }) {
  const repository = createTestCheckoutRepository(db);
  const { clock } = options;

  const adapter: PaymentAdapter = {
    name: 'test',

    async createCheckout(checkout) {
      const id = testId('cs');
      const customerId = checkout.customer.id ?? testId('cus');
      const expiresAt = new Date(clock.now().getTime() + TEST_CHECKOUT_HOURS * 3_600_000);
      await repository.insert({
        id,
        kind: checkout.kind,
        reference: checkout.reference,
        tier: checkout.tier,
        quantity: checkout.quantity,
        unitAmount: PLAN_PRICES[checkout.tier],
        customerId,
        customerEmail: checkout.customer.email,
        customerName: checkout.customer.name,
        successUrl: checkout.successUrl,
        cancelUrl: checkout.cancelUrl,
        createdAt: clock.now(),
        expiresAt,
      });
      return { id, url: `${options.publicUrl}${testCheckoutPath(id)}`, customerId, expiresAt };
    },

    async retrieveCheckout(id) {
      const row = await repository.find(id);
      return row ? presentSession(row, clock.now()) : null;
    },

    async expireCheckout(id) {
      const row = await repository.find(id);
      if (row?.status === 'complete') return 'complete';
      if (row) await repository.expire(id);
      return 'expired';
    },

    async refundCheckout(session) {
      if ((await adapter.expireCheckout(session.id)) === 'expired') return null;
      return (await repository.refund(session.id)) ? `re_test_${session.id.slice(8)}` : null;
    },

    async cardFingerprint(session) {
      return (await repository.find(session.id))?.cardFingerprint ?? null;
    },

    async updateQuantity(subscriptionId, quantity) {
      await repository.setQuantity(subscriptionId, quantity);
    },

    async cancelAtPeriodEnd() {
      // Nothing renews at the test checkout: the account's end date alone ends the subscription.
    },

    async portalUrl() {
      return null;
    },
  };

  async function requireSession(id: string): Promise<TestCheckoutRow> {
    const row = await repository.find(id);
    if (!row) throw notFound(BILLING_MESSAGES.checkoutNotFound);
    return row;
  }

  return {
    ...adapter,
    /** GET /api/test-checkout/{id}: what the page shows. */
    async page(id: string): Promise<TestCheckout> {
      return presentTestCheckout(await requireSession(id), clock.now());
    },
    /**
     * Pays an open session (use the adapter of the transaction that also handles the completion):
     * the session as the provider's "checkout completed" event would carry it, and where to go.
     */
    async pay(id: string, cardNumber?: string): Promise<{ session: CheckoutSession; redirectUrl: string }> {
      const open = await requireSession(id);
      const now = clock.now();
      const paid = await repository.complete(id, {
        subscriptionId: open.subscriptionId ?? testId('sub'),
        cardFingerprint: cardNumber ? testCardFingerprint(cardNumber) : null,
        now,
      });
      if (!paid) throw conflict(BILLING_MESSAGES.checkoutClosed);
      return { session: presentSession(paid, now), redirectUrl: withSessionId(paid.successUrl, id) };
    },
    /** The buyer went back: the session closes unpaid; where to go. */
    async cancel(id: string): Promise<string> {
      const row = await requireSession(id);
      if (row.status === 'complete') throw conflict(BILLING_MESSAGES.checkoutClosed);
      await repository.expire(id);
      return withSessionId(row.cancelUrl, id);
    },
  };
}

export type TestCheckoutAdapter = ReturnType<typeof createTestCheckoutAdapter>;

import { BILLING_MESSAGES, type TestCheckout, testCheckoutPath } from '@pluvio/shared/billing';
import { PLAN_PRICES } from '@pluvio/shared/plans';
import type { TierName } from '@pluvio/shared/tiers';
import type { AppDb } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import { randomToken } from '../../lib/tokens';
import type { TestCheckoutRow } from './billing.schema';
import { type CheckoutSession, type PaymentAdapter, referenceOf } from './payment-provider';
import { createTestCheckoutRepository } from './test-checkout.repository';

/** Stripe writes the session's id where a success or cancel URL says `{CHECKOUT_SESSION_ID}`. */
export function withSessionId(url: string, id: string): string {
  return url.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(id));
}

const testId = (prefix: string) => `${prefix}_test_${randomToken(18)}`;

function presentSession(row: TestCheckoutRow): CheckoutSession {
  return {
    id: row.id,
    status: row.status,
    paymentStatus: row.paymentStatus,
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    reference: referenceOf({ kind: row.kind, reference: row.reference, tier: row.tier }),
  };
}

export function presentTestCheckout(row: TestCheckoutRow): TestCheckout {
  return {
    id: row.id,
    tier: row.tier as TierName,
    quantity: row.quantity,
    unit_amount: row.unitAmount,
    amount: row.unitAmount * row.quantity,
    customer_email: row.customerEmail,
    status: row.status as TestCheckout['status'],
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

  const adapter: PaymentAdapter = {
    name: 'test',

    async createCheckout(checkout) {
      const id = testId('cs');
      const customerId = checkout.customer.id ?? testId('cus');
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
      });
      return { id, url: `${options.publicUrl}${testCheckoutPath(id)}`, customerId };
    },

    async retrieveCheckout(id) {
      const row = await repository.find(id);
      return row ? presentSession(row) : null;
    },

    async updateQuantity(subscriptionId, quantity) {
      await repository.setQuantity(subscriptionId, quantity);
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
      return presentTestCheckout(await requireSession(id));
    },
    /**
     * Pays an open session (use the adapter of the transaction that also handles the completion):
     * the session as the provider's "checkout completed" event would carry it, and where to go.
     */
    async pay(id: string): Promise<{ session: CheckoutSession; redirectUrl: string }> {
      const open = await requireSession(id);
      const paid = await repository.complete(id, open.subscriptionId ?? testId('sub'), options.clock.now());
      if (!paid) throw conflict(BILLING_MESSAGES.checkoutClosed);
      return { session: presentSession(paid), redirectUrl: withSessionId(paid.successUrl, id) };
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

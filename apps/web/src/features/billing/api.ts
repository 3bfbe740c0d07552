import {
  type CheckoutOutcome,
  checkoutOutcomeSchema,
  checkoutUrlSchema,
  type TestCheckout,
  testCheckoutRedirectSchema,
  testCheckoutSchema,
} from '@pluvio/shared/billing';
import type { TierName } from '@pluvio/shared/tiers';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { oncePerKey } from '../../lib/once-per-key';

/** Checkout and the built-in test checkout (spec part 2 §4 "Upgrade", §7; D12, D20). */

/** POST /api/billing/checkout: where the owner pays for `tier` on the account. */
export async function startCheckout(clientId: number, tier: TierName): Promise<string> {
  return checkoutUrlSchema.parse(
    await apiRequest('/api/billing/checkout', { method: 'POST', json: { client_id: clientId, tier } }),
  ).checkout_url;
}

/** POST /api/billing/checkout/confirm, once per checkout session while the page lives. */
export const confirmCheckout = oncePerKey(
  async (sessionId: string): Promise<CheckoutOutcome> =>
    checkoutOutcomeSchema.parse(
      await apiRequest('/api/billing/checkout/confirm', { method: 'POST', json: { session_id: sessionId } }),
    ),
);

function testCheckoutPath(id: string): string {
  return `/api/test-checkout/${encodeURIComponent(id)}`;
}

export const testCheckoutKeys = { one: (id: string) => ['test-checkout', id] as const };

/** GET /api/test-checkout/{id}: what the test checkout page shows. */
export function testCheckoutQuery(id: string) {
  return queryOptions({
    queryKey: testCheckoutKeys.one(id),
    queryFn: async (): Promise<TestCheckout> =>
      testCheckoutSchema.parse(await apiRequest(testCheckoutPath(id), { refreshOn401: false })),
    retry: false,
  });
}

/** POST /api/test-checkout/{id}/pay or /cancel: where the browser goes next. */
export async function finishTestCheckout(id: string, outcome: 'pay' | 'cancel'): Promise<string> {
  return testCheckoutRedirectSchema.parse(
    await apiRequest(`${testCheckoutPath(id)}/${outcome}`, { method: 'POST', refreshOn401: false }),
  ).redirect_url;
}

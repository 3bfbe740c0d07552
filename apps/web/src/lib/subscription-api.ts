import { type Subscription, subscriptionSchema } from '@pluvio/shared/billing';
import type { TierName } from '@pluvio/shared/tiers';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const subscriptionKey = (clientId: number) => ['subscription', clientId] as const;

/** GET /api/billing/subscription: My Subscription's (and /upgrade's) plan, price, locations and next bill (issue 26). */
export const subscriptionQuery = (clientId: number) =>
  queryOptions({
    queryKey: subscriptionKey(clientId),
    queryFn: async (): Promise<Subscription> =>
      subscriptionSchema.parse(
        await apiRequest('/api/billing/subscription', { query: { client_id: clientId } }),
      ),
  });

/** POST /api/billing/subscription/cancel or /resume: the summary as it is afterwards. */
export async function changeSubscription(
  clientId: number,
  change: 'cancel' | 'resume',
): Promise<Subscription> {
  return subscriptionSchema.parse(
    await apiRequest(`/api/billing/subscription/${change}`, {
      method: 'POST',
      json: { client_id: clientId },
    }),
  );
}

/** POST /api/billing/subscription/plan: a running subscription's plan changed at once (test checkout). */
export async function changePlan(clientId: number, tier: TierName): Promise<Subscription> {
  return subscriptionSchema.parse(
    await apiRequest('/api/billing/subscription/plan', {
      method: 'POST',
      json: { client_id: clientId, tier },
    }),
  );
}

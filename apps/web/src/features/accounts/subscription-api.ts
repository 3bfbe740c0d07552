import { type Subscription, subscriptionSchema } from '@pluvio/shared/billing';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** GET /api/billing/subscription: My Subscription's plan, price, locations and next bill (issue 26). */
export const subscriptionQuery = (clientId: number) =>
  queryOptions({
    queryKey: ['subscription', clientId] as const,
    queryFn: async (): Promise<Subscription> =>
      subscriptionSchema.parse(
        await apiRequest('/api/billing/subscription', { query: { client_id: clientId } }),
      ),
  });

import { portalUrlSchema } from '@pluvio/shared/billing';
import { apiRequest } from './api-client';

/** POST /api/billing/portal: the payment provider's page where the owner changes the card. */
export async function billingPortalUrl(clientId: number): Promise<string> {
  return portalUrlSchema.parse(
    await apiRequest('/api/billing/portal', { method: 'POST', json: { client_id: clientId } }),
  ).url;
}

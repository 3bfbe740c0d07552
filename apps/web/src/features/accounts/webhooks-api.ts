import {
  type CreatedWebhook,
  type CreateWebhook,
  createdWebhookSchema,
  type UpdateWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookTest,
  webhookDeliverySchema,
  webhookSchema,
  webhookTestSchema,
} from '@pluvio/shared/webhooks';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

/**
 * An account owner's webhook endpoints (issue 29): list, add (the signing secret comes back once),
 * change, delete, send a test event, and each endpoint's delivery log.
 */

export const webhookKeys = {
  /** Every endpoint of the account, and under it each one's deliveries. */
  all: (clientId: number) => ['webhooks', clientId] as const,
  deliveries: (clientId: number, id: number) => [...webhookKeys.all(clientId), id, 'deliveries'] as const,
};

const scoped = (clientId: number) => ({ query: { client_id: clientId } });

export const webhooksQuery = (clientId: number) =>
  queryOptions({
    queryKey: webhookKeys.all(clientId),
    queryFn: async (): Promise<Webhook[]> =>
      z.array(webhookSchema).parse(await apiRequest('/api/webhooks', scoped(clientId))),
  });

/** The endpoint's deliveries, newest first. */
export const webhookDeliveriesQuery = (clientId: number, id: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(clientId, id),
    queryFn: async (): Promise<WebhookDelivery[]> =>
      z
        .array(webhookDeliverySchema)
        .parse(await apiRequest(`/api/webhooks/${id}/deliveries`, scoped(clientId))),
  });

export async function createWebhook(clientId: number, input: CreateWebhook): Promise<CreatedWebhook> {
  return createdWebhookSchema.parse(
    await apiRequest('/api/webhooks', { method: 'POST', json: input, ...scoped(clientId) }),
  );
}

export async function updateWebhook(clientId: number, id: number, changes: UpdateWebhook): Promise<Webhook> {
  return webhookSchema.parse(
    await apiRequest(`/api/webhooks/${id}`, { method: 'PATCH', json: changes, ...scoped(clientId) }),
  );
}

export async function deleteWebhook(clientId: number, id: number): Promise<void> {
  await apiRequest(`/api/webhooks/${id}`, { method: 'DELETE', ...scoped(clientId) });
}

/** Queues a signed `ping` to the endpoint; it shows in the delivery log once sent. */
export async function sendTestEvent(clientId: number, id: number): Promise<WebhookTest> {
  return webhookTestSchema.parse(
    await apiRequest(`/api/webhooks/${id}/test`, { method: 'POST', ...scoped(clientId) }),
  );
}

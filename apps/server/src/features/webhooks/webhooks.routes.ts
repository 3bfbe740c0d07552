import {
  createdWebhookSchema,
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookTestSchema,
} from '@pluvio/shared/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountRecordRoutes } from '../../core/account-routes';
import { accessOf, auditActorOf } from '../../core/guards';
import { errorResponse } from '../../core/lib/error-responses';
import type { Services } from '../../services';

const OVER_LIMIT = errorResponse('The account holds WEBHOOKS_PER_ACCOUNT endpoints (a setting, default 10)');
const REFUSED = errorResponse("The caller is not the account's owner, or the account is below Silver");
const DISABLED = errorResponse('The endpoint is disabled');

/** An account owner's webhook endpoints (issue 29 point 1): the secret is in the creation's answer only. */
export function webhooksRoutes(services: Services): FastifyPluginAsyncZod {
  const { webhooks, guards } = services;
  const routes = accountRecordRoutes(guards.requireAccount, ['webhooks']);
  return async (app) => {
    app.post(
      '/api/webhooks',
      routes.scoped({
        summary: 'Adds a webhook endpoint; the answer is the only time its signing secret is shown',
        body: createWebhookSchema,
        response: { 201: createdWebhookSchema, 403: REFUSED, 409: OVER_LIMIT },
      }),
      async (request, reply) =>
        reply.code(201).send(await webhooks.create(accessOf(request), auditActorOf(request), request.body)),
    );
    app.get(
      '/api/webhooks',
      routes.scoped({
        summary: "The account's webhook endpoints (never their secrets)",
        response: { 200: z.array(webhookSchema), 403: REFUSED },
      }),
      async (request) => webhooks.list(accessOf(request)),
    );
    app.patch(
      '/api/webhooks/:id',
      routes.record({
        summary: "Changes an endpoint's URL or events, or disables or enables it",
        body: updateWebhookSchema,
        response: { 200: webhookSchema, 403: REFUSED },
      }),
      async (request) => webhooks.update(accessOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/webhooks/:id',
      routes.record({ summary: 'Deletes an endpoint and its delivery log' }),
      async (request, reply) => {
        await webhooks.remove(accessOf(request), auditActorOf(request), request.params.id);
        return reply.code(204).send();
      },
    );
    app.post(
      '/api/webhooks/:id/test',
      routes.record({
        summary: 'Queues a signed `ping` event to the endpoint',
        response: { 202: webhookTestSchema, 403: REFUSED, 409: DISABLED },
      }),
      async (request, reply) =>
        reply.code(202).send(await webhooks.test(accessOf(request), request.params.id)),
    );
    app.get(
      '/api/webhooks/:id/deliveries',
      routes.record({
        summary: "A page of the endpoint's deliveries, newest first, with the answer codes",
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: z.array(webhookDeliverySchema), 403: REFUSED },
      }),
      async (request) => webhooks.deliveries(accessOf(request), request.params.id, request.query),
    );
  };
}

import {
  checkoutConfirmSchema,
  checkoutOutcomeSchema,
  checkoutRequestSchema,
  checkoutUrlSchema,
  portalRequestSchema,
  portalUrlSchema,
  subscriptionChangeSchema,
  subscriptionQuerySchema,
  subscriptionSchema,
  testCheckoutPaySchema,
  testCheckoutRedirectSchema,
  testCheckoutSchema,
} from '@pluvio/shared/billing';
import { checkoutSessionIdSchema } from '@pluvio/shared/signup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf, authOf } from '../../core/guards';
import type { Services } from '../../services';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

const tags = ['billing'];
const sessionParamsSchema = z.object({ id: checkoutSessionIdSchema });

/**
 * Upgrade checkout, its confirmation and the customer portal (spec part 2 §4 "Upgrade"); the
 * Stripe webhook (`stripe-webhook.routes.ts`); the built-in test checkout's calls when it is the
 * provider (D20).
 */
export function billingRoutes(services: Services): FastifyPluginAsyncZod {
  const { billing, guards } = services;
  const preHandler = guards.requireUser;
  return async (app) => {
    app.post(
      '/api/billing/checkout',
      { preHandler, schema: { tags, body: checkoutRequestSchema, response: { 200: checkoutUrlSchema } } },
      async (request) => billing.startCheckout(authOf(request).user, request.body),
    );
    app.post(
      '/api/billing/checkout/confirm',
      { preHandler, schema: { tags, body: checkoutConfirmSchema, response: { 200: checkoutOutcomeSchema } } },
      async (request) =>
        billing.confirmCheckout(authOf(request).user, request.body.session_id, auditActorOf(request)),
    );
    app.get(
      '/api/billing/subscription',
      {
        preHandler,
        schema: { tags, querystring: subscriptionQuerySchema, response: { 200: subscriptionSchema } },
      },
      async (request) => billing.subscription(authOf(request).user, request.query.client_id),
    );
    const change = {
      preHandler,
      schema: { tags, body: subscriptionChangeSchema, response: { 200: subscriptionSchema } },
    };
    app.post('/api/billing/subscription/cancel', change, async (request) =>
      billing.cancelSubscription(authOf(request).user, request.body.client_id, auditActorOf(request)),
    );
    app.post('/api/billing/subscription/resume', change, async (request) =>
      billing.resumeSubscription(authOf(request).user, request.body.client_id, auditActorOf(request)),
    );
    app.post(
      '/api/billing/subscription/plan',
      { preHandler, schema: { tags, body: checkoutRequestSchema, response: { 200: subscriptionSchema } } },
      async (request) => billing.changePlan(authOf(request).user, request.body, auditActorOf(request)),
    );
    app.post(
      '/api/billing/portal',
      { preHandler, schema: { tags, body: portalRequestSchema, response: { 200: portalUrlSchema } } },
      async (request) => billing.portalUrl(authOf(request).user, request.body.client_id),
    );

    await app.register(stripeWebhookRoutes(services));

    if (billing.provider !== 'test') return;
    app.get(
      '/api/test-checkout/:id',
      { schema: { tags, params: sessionParamsSchema, response: { 200: testCheckoutSchema } } },
      async (request) => billing.testCheckoutPage(request.params.id),
    );
    app.post(
      '/api/test-checkout/:id/pay',
      {
        schema: {
          tags,
          params: sessionParamsSchema,
          body: testCheckoutPaySchema,
          response: { 200: testCheckoutRedirectSchema },
        },
      },
      async (request) => ({
        redirect_url: await billing.payTestCheckout(request.params.id, request.body?.card_number),
      }),
    );
    app.post(
      '/api/test-checkout/:id/cancel',
      { schema: { tags, params: sessionParamsSchema, response: { 200: testCheckoutRedirectSchema } } },
      async (request) => ({ redirect_url: await billing.cancelTestCheckout(request.params.id) }),
    );
  };
}

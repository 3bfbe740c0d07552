import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services';

/**
 * POST /api/billing/stripe/webhook: Stripe's signed events, applied once by billing. Stripe signs
 * the exact bytes it sent, so this plugin alone keeps its JSON body unparsed.
 */
export function stripeWebhookRoutes({ billing }: Services): FastifyPluginAsync {
  return async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/api/billing/stripe/webhook',
      { schema: { tags: ['billing'], hide: true } },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const payload = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await billing.receiveStripeWebhook(payload, typeof signature === 'string' ? signature : undefined);
        return { received: true };
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../core/guards';
import { notFound, unauthorized } from '../../core/lib/errors';
import { sameSecret } from '../../core/lib/tokens';
import type { Services } from '../../services';

/** Prometheus scrapes /metrics with METRICS_TOKEN as its bearer token; without the setting there is none. */
export function metricsRoutes(services: Services): FastifyPluginAsyncZod {
  const { config, metrics } = services;
  return async (app) => {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!config.METRICS_TOKEN) throw notFound();
      const token = bearerToken(request);
      if (!token || !sameSecret(token, config.METRICS_TOKEN)) throw unauthorized();
      const { contentType, body } = await metrics.scrape();
      return reply.type(contentType).send(body);
    });
  };
}

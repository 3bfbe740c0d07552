import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerHolds, etagOf } from '../../core/lib/etag';
import type { Services } from '../../services';

const nationalImageParamsSchema = z.object({
  day: z.enum(['1', '2', '3']).transform((day) => Number(day) as 1 | 2 | 3),
});

/** Browsers and proxies may keep a map for 15 minutes, then revalidate it by its ETag. */
const CACHE_CONTROL = 'public, max-age=900';

/**
 * The national precipitation forecast maps. Public, because the login screen shows them too
 * and an <img> sends no bearer token; they hold nothing about any account.
 */
export function sourcesRoutes(services: Services): FastifyPluginAsyncZod {
  const { sources, clock } = services;
  return async (app) => {
    app.get(
      '/api/forecast/national/:day',
      {
        schema: {
          tags: ['forecast'],
          summary: 'National precipitation forecast map for day 1, 2 or 3 (SVG)',
          params: nationalImageParamsSchema,
        },
      },
      async (request, reply) => {
        const image = await sources.forecast.nationalImage(request.params.day, clock.now());
        if (callerHolds(request, reply, etagOf(image.body), CACHE_CONTROL)) return reply.code(304).send();
        return reply.type(image.contentType).send(image.body);
      },
    );
  };
}

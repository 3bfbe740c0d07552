import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
        const etag = `"${createHash('sha256').update(image.body).digest('base64url')}"`;
        reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
        if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
        return reply.type(image.contentType).send(image.body);
      },
    );
  };
}

/** If-None-Match lists tags, maybe weak (W/"..."), or is "*" (RFC 9110 §13.1.2). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return (ifNoneMatch ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

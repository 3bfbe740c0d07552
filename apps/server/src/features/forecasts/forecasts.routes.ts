import { forecastResponseSchema } from '@pluvio/shared/rainfall';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountRecordRoutes } from '../../core/account-routes';
import { accessOf } from '../../core/guards';
import { callerHolds, etagOf } from '../../core/lib/etag';
import type { Services } from '../../services';

const nationalImageParamsSchema = z.object({
  day: z.enum(['1', '2', '3']).transform((day) => Number(day) as 1 | 2 | 3),
});

/** Browsers and proxies may keep a map for 15 minutes, then revalidate it by its ETag. */
const CACHE_CONTROL = 'public, max-age=900';

const tags = ['forecast'];

/**
 * Forecast rainfall: the national precipitation maps, public because the login screen shows
 * them too and an <img> sends no bearer token (they hold nothing about any account); a
 * location's next days, for gold and up.
 */
export function forecastsRoutes(services: Services): FastifyPluginAsyncZod {
  const { forecasts, guards } = services;
  const routes = accountRecordRoutes(guards.requireAccount, tags);
  return async (app) => {
    app.get(
      '/api/forecast/national/:day',
      {
        schema: {
          tags,
          summary: 'National precipitation forecast map for day 1, 2 or 3 (SVG)',
          params: nationalImageParamsSchema,
        },
      },
      async (request, reply) => {
        const image = await forecasts.nationalMap(request.params.day);
        if (callerHolds(request, reply, etagOf(image.body), CACHE_CONTROL)) return reply.code(304).send();
        return reply.type(image.contentType).send(image.body);
      },
    );

    app.get(
      '/api/locations/:id/forecast',
      routes.record({
        summary: 'Forecast rainfall for today and the next two days (gold and up)',
        response: { 200: forecastResponseSchema },
      }),
      async (request) => forecasts.atLocation(accessOf(request), request.params.id),
    );
  };
}

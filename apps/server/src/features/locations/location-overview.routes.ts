import { clientIdQuerySchema, type Paging } from '@pluvio/shared/lists';
import { locationOverviewOf, locationOverviewSchema } from '@pluvio/shared/location-overview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../core/guards';
import type { Services } from '../../services';
import type { PendingQuarters } from '../rainfall';

const presentPending = (pending: PendingQuarters) => ({
  from: pending.from.toISOString(),
  to: pending.to.toISOString(),
});

/** The whole list as one page: the paged list's rows, order and visibility rules, all at once. */
const EVERY_ROW: Paging = { page: 1, page_size: Number.MAX_SAFE_INTEGER };

/** The browser keeps the answer and asks again each time, with its ETag: unchanged costs a 304. */
const CACHE_CONTROL = 'private, no-cache';

/**
 * GET /api/locations/overview (issue 18, allowed by D21): every location the caller may see with
 * its totals and colours, in columns, for the dashboard's list, map and filters. The paged
 * GET /api/locations stays the specification's list.
 */
export function locationOverviewRoutes(services: Services): FastifyPluginAsyncZod {
  const { locations, guards, locationViews, answers, rainfallData } = services;
  return async (app) => {
    app.get(
      '/api/locations/overview',
      {
        preHandler: guards.requireAccount,
        schema: {
          tags: ['locations'],
          summary:
            "Every location the caller may see, with totals and colours, as columns (the dashboard's list)",
          querystring: clientIdQuerySchema,
          response: {
            200: locationOverviewSchema,
            304: z.void().describe('Not modified: the ETag in If-None-Match is still current'),
          },
        },
      },
      async (request, reply) =>
        answers.send(
          request,
          reply,
          async () => {
            const access = accessOf(request);
            const rows = await locations.listVisible(access, EVERY_ROW);
            const [summaries, pending] = await Promise.all([
              locationViews.present(access, rows),
              rainfallData.pendingQuarters(access.client.id),
            ]);
            return locationOverviewOf(summaries, pending && presentPending(pending));
          },
          { cacheControl: CACHE_CONTROL },
        ),
    );
  };
}

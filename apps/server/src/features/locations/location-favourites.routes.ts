import { locationFavouritesSchema } from '@pluvio/shared/locations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountRecordRoutes } from '../../core/account-routes';
import { accessOf } from '../../core/guards';
import type { Services } from '../../services';

const tags = ['locations'];
const STARRED = { 204: z.void().describe('Done (also when it was so already)') };

/**
 * The caller's favourite locations (spec part 1 §2 "Other": the list pickers' favourites-only
 * toggle; allowed by D21 as a path the old client never calls): read, star, unstar.
 */
export function locationFavouritesRoutes(services: Services): FastifyPluginAsyncZod {
  const { locations, guards } = services;
  const routes = accountRecordRoutes(guards.requireAccount, tags);
  return async (app) => {
    app.get(
      '/api/locations/favourites',
      routes.scoped({ response: { 200: locationFavouritesSchema } }),
      async (request) => ({ location_ids: await locations.favourites.idsOf(accessOf(request)) }),
    );
    app.put('/api/locations/:id/favourite', routes.record({ response: STARRED }), async (request, reply) => {
      await locations.favourites.set(accessOf(request), request.params.id, true);
      return reply.code(204).send();
    });
    app.delete(
      '/api/locations/:id/favourite',
      routes.record({ response: STARRED }),
      async (request, reply) => {
        await locations.favourites.set(accessOf(request), request.params.id, false);
        return reply.code(204).send();
      },
    );
  };
}

import { geocodeAnswerSchema, geocodeQuerySchema } from '@pluvio/shared/geocode';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services';

/**
 * Address search for the location form and the sign-up wizard. Open to callers without a
 * session, because the wizard asks for the first location before the account exists; each
 * client address is limited to GEOCODE_PER_MINUTE searches.
 */
export function geocodingRoutes(services: Services): FastifyPluginAsyncZod {
  const { geocoding, requestLimits } = services;
  return async (app) => {
    app.get(
      '/api/geocode',
      {
        config: { rateLimit: requestLimits.geocode },
        schema: {
          tags: ['locations'],
          summary: 'Addresses in the contiguous US matching a typed one, with their coordinates',
          querystring: geocodeQuerySchema,
          response: { 200: geocodeAnswerSchema },
        },
      },
      async (request) => geocoding.search(request.query.q),
    );
  };
}

import { alertListQuerySchema, alertSchema } from '@pluvio/shared/alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../core/guards';
import type { Services } from '../../services';

/** GET /api/alerts (issue 6 point 6): the account's alert history; a plain contact sees its locations' only. */
export function alertsRoutes(services: Services): FastifyPluginAsyncZod {
  const { alerts, guards } = services;
  return async (app) => {
    app.get(
      '/api/alerts',
      {
        preHandler: guards.requireAccount,
        schema: {
          tags: ['alerts'],
          summary: 'What fired, when, and to whom it went, newest first',
          querystring: alertListQuerySchema,
          response: { 200: z.array(alertSchema) },
        },
      },
      async (request) => {
        return alerts.history(accessOf(request), request.query);
      },
    );
  };
}

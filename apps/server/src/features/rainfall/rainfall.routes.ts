import {
  ingestStatusSchema,
  processStatusSchema,
  signInHoursQuerySchema,
  signInHoursResponseSchema,
} from '@pluvio/shared/rainfall';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services';

/**
 * The state of the rainfall data: per D3 for every user, in detail for superusers; and the
 * sign-in page's hourly figure, public since it names no location or account.
 */
export function rainfallRoutes(services: Services): FastifyPluginAsyncZod {
  const { ingestion, rainfallData, guards } = services;
  return async (app) => {
    app.get(
      '/api/rainfall/hourly_today',
      {
        schema: {
          tags: ['rainfall'],
          summary:
            'Each processed hour of a local day (default today): the heaviest rain at any location, orange where one reached its threshold',
          querystring: signInHoursQuerySchema,
          response: { 200: signInHoursResponseSchema },
        },
      },
      (request) => rainfallData.signInHours(request.query.date),
    );
    app.get(
      '/api/services/process_status',
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['rainfall'],
          summary: 'The newest hourly pass and whether it is being ingested (D3)',
          response: { 200: processStatusSchema },
        },
      },
      () => ingestion.processStatus(),
    );
    app.get(
      '/api/services/ingest_status',
      {
        preHandler: guards.requireSuperuser,
        schema: {
          tags: ['rainfall'],
          summary: 'Newest stored interval per product and pass, backlog and failures (superusers)',
          response: { 200: ingestStatusSchema },
        },
      },
      () => ingestion.ingestStatus(),
    );
  };
}

import { inspectionCreateSchema, inspectionPatchSchema, inspectionSchema } from '@pluvio/shared/inspections';
import { clientIdQuerySchema, idParamsSchema } from '@pluvio/shared/lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf, auditActorOf } from '../../core/guards';
import type { Services } from '../../services';

/** POST /api/storm-events/{id}/inspections, GET and PATCH /api/inspections/{id} (issue 28 point 4). */
export function inspectionsRoutes(services: Services): FastifyPluginAsyncZod {
  const { inspections, guards } = services;
  const tags = ['storm-events'];
  return async (app) => {
    app.post(
      '/api/storm-events/:id/inspections',
      {
        preHandler: guards.requireAccount,
        schema: {
          tags,
          summary: "Records an inspection of the storm event (owners, co-owners, the location's contacts)",
          params: idParamsSchema,
          querystring: clientIdQuerySchema,
          body: inspectionCreateSchema,
          response: { 201: inspectionSchema },
        },
      },
      async (request, reply) => {
        const inspection = await inspections.record(
          accessOf(request),
          auditActorOf(request),
          request.params.id,
          request.body,
        );
        return reply.code(201).send(inspection);
      },
    );

    app.get(
      '/api/inspections/:id',
      {
        preHandler: guards.requireAccount,
        schema: {
          tags,
          summary: 'An inspection with its corrective actions',
          params: idParamsSchema,
          querystring: clientIdQuerySchema,
          response: { 200: inspectionSchema },
        },
      },
      async (request) => inspections.get(accessOf(request), request.params.id),
    );

    app.patch(
      '/api/inspections/:id',
      {
        preHandler: guards.requireAccount,
        schema: {
          tags,
          summary:
            'Changes an inspection; corrective actions are sent as the whole list (kept ones with their id)',
          params: idParamsSchema,
          querystring: clientIdQuerySchema,
          body: inspectionPatchSchema,
          response: { 200: inspectionSchema },
        },
      },
      async (request) =>
        inspections.change(accessOf(request), auditActorOf(request), request.params.id, request.body),
    );
  };
}

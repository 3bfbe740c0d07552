import { locationImportSchema } from '@pluvio/shared/csv-import';
import { listQuerySchema } from '@pluvio/shared/lists';
import {
  locationBulkDeleteSchema,
  locationCreateSchema,
  locationPatchSchema,
  locationSchema,
} from '@pluvio/shared/locations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountRecordRoutes } from '../../core/account-routes';
import { accessOf } from '../../core/guards';
import { errorResponse } from '../../core/lib/error-responses';
import type { Services } from '../../services';

const tags = ['locations'];
const OVER_LOCATION_LIMIT = errorResponse(
  'The account would hold more than LOCATIONS_PER_ACCOUNT locations (a setting, default 10,000); nothing was added',
);

/** Locations CRUD and CSV import (spec part 2 §7), each path with and without its trailing slash. */
export function locationsRoutes(services: Services): FastifyPluginAsyncZod {
  const { locations, guards, locationViews, answers } = services;
  const preHandler = guards.requireAccount;
  const routes = accountRecordRoutes(preHandler, tags);
  return async (app) => {
    app.get(
      '/api/locations',
      {
        preHandler,
        schema: { tags, querystring: listQuerySchema, response: { 200: z.array(locationSchema) } },
      },
      async (request, reply) =>
        answers.send(request, reply, async () => {
          const access = accessOf(request);
          return locationViews.present(access, await locations.listVisible(access, request.query));
        }),
    );
    app.post(
      '/api/locations',
      routes.scoped({
        body: locationCreateSchema,
        response: { 201: locationSchema, 409: OVER_LOCATION_LIMIT },
      }),
      async (request, reply) => {
        const access = accessOf(request);
        const row = await locations.create(access, request.body);
        return reply.code(201).send(await locationViews.presentOne(access, row));
      },
    );

    app.post(
      '/api/locations/import',
      routes.import(locationImportSchema, { 409: OVER_LOCATION_LIMIT }),
      async (request) => {
        const access = accessOf(request);
        return locations.importRows(access, request.body.rows, request.body.preview);
      },
    );

    app.post(
      '/api/locations/bulk-delete',
      routes.bulkDelete(locationBulkDeleteSchema, {}),
      async (request) => ({ deleted: await locations.removeMany(accessOf(request), request.body.ids) }),
    );

    app.get('/api/locations/:id', routes.record({ response: { 200: locationSchema } }), async (request) => {
      const access = accessOf(request);
      return locationViews.presentOne(access, await locations.findVisible(access, request.params.id));
    });
    app.patch(
      '/api/locations/:id',
      routes.record({ body: locationPatchSchema, response: { 200: locationSchema } }),
      async (request) => {
        const access = accessOf(request);
        return locationViews.presentOne(
          access,
          await locations.update(access, request.params.id, request.body),
        );
      },
    );
    app.delete('/api/locations/:id', routes.record({}), async (request, reply) => {
      const access = accessOf(request);
      await locations.remove(access, request.params.id);
      return reply.code(204).send();
    });
  };
}

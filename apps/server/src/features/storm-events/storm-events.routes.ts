import {
  routineInspectionListQuerySchema,
  routineInspectionListSchema,
} from '@pluvio/shared/routine-inspections';
import {
  pendingStormEventsSchema,
  stormEventDetailSchema,
  stormEventListQuerySchema,
  stormEventPageSchema,
} from '@pluvio/shared/storm-events-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRecordRoutes } from '../../core/account-routes';
import { accessOf } from '../../core/guards';
import type { Services } from '../../services';

/** GET /api/storm-events, /api/storm-events/{id} and the routine schedule (issue 28 points 3 and 7). */
export function stormEventsRoutes(services: Services): FastifyPluginAsyncZod {
  const { stormEvents, guards } = services;
  const routes = accountRecordRoutes(guards.requireAccount, ['storm-events']);
  return async (app) => {
    app.get(
      '/api/storm-events',
      routes.scoped({
        summary: "The account's storm events (or one location's), newest first, by status and dates",
        querystring: stormEventListQuerySchema,
        response: { 200: stormEventPageSchema },
      }),
      async (request) => stormEvents.list(accessOf(request), request.query),
    );

    app.get(
      '/api/storm-events/pending',
      routes.scoped({
        summary: 'Each location with an event raining or waiting for its inspection, the most urgent one',
        response: { 200: pendingStormEventsSchema },
      }),
      async (request) => stormEvents.pending(accessOf(request)),
    );

    app.get(
      '/api/storm-events/:id',
      routes.record({
        summary: 'A storm event with its hourly rainfall and the history of its revisions',
        response: { 200: stormEventDetailSchema },
      }),
      async (request) => stormEvents.detail(accessOf(request), request.params.id),
    );

    app.get(
      '/api/routine-inspections',
      routes.scoped({
        summary:
          'Each location with a routine cadence: its latest inspection and when the next routine one is due, overdue first',
        querystring: routineInspectionListQuerySchema,
        response: { 200: routineInspectionListSchema },
      }),
      async (request) => stormEvents.routine(accessOf(request), request.query),
    );
  };
}

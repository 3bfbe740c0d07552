import { idListSchema } from '@pluvio/shared/lists';
import {
  dailyDataParamsSchema,
  dailyDataResponseSchema,
  hourlyDataQuerySchema,
  locationTotalsResponseSchema,
  quarterHourDataQuerySchema,
  seriesResponseSchema,
  totalsQuerySchema,
} from '@pluvio/shared/rainfall';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRecordRoutes } from '../../core/account-routes';
import { accessOf } from '../../core/guards';
import type { Services } from '../../services';

const tags = ['rainfall'];

/** The rainfall data calls of spec part 1 §7 (shapes §3, D5); 404 for a location the caller may not see. */
export function rainfallDataRoutes(services: Services): FastifyPluginAsyncZod {
  const { guards, rainfallData, answers } = services;
  const routes = accountRecordRoutes(guards.requireAccount, tags);
  return async (app) => {
    app.post(
      '/api/locations/24h_data',
      routes.scoped({
        summary: 'Trailing 24-hour totals, or the totals of one local day, of the listed locations',
        querystring: totalsQuerySchema,
        body: idListSchema,
        response: { 200: locationTotalsResponseSchema },
      }),
      async (request, reply) =>
        answers.send(request, reply, () =>
          rainfallData.totals(accessOf(request), request.body, request.query.date),
        ),
    );

    app.get(
      '/api/locations/:id/hourly_data',
      routes.record({
        summary:
          "Each hour of the local days ending with `date`: the hour's amount and the trailing 24 hours",
        querystring: hourlyDataQuerySchema,
        response: { 200: seriesResponseSchema },
      }),
      async (request, reply) =>
        answers.send(request, reply, () =>
          rainfallData.hourly(accessOf(request), request.params.id, request.query),
        ),
    );

    app.get(
      '/api/locations/:id/15m_data',
      routes.record({
        summary: 'Each 15 minutes of the last `hours` hours (silver and up)',
        querystring: quarterHourDataQuerySchema,
        response: { 200: seriesResponseSchema },
      }),
      async (request, reply) =>
        answers.send(request, reply, () =>
          rainfallData.quarterHours(accessOf(request), request.params.id, request.query.hours),
        ),
    );

    app.get(
      '/api/locations/:id/24h_data/:startDate/:endDate',
      routes.scoped({
        summary: 'Rainfall of each local day from startDate to endDate and their total',
        params: dailyDataParamsSchema,
        response: { 200: dailyDataResponseSchema },
      }),
      async (request, reply) => {
        const { id, startDate, endDate } = request.params;
        return answers.send(request, reply, () =>
          rainfallData.daily(accessOf(request), id, startDate, endDate),
        );
      },
    );
  };
}

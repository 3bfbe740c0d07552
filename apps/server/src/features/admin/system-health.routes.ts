import { systemHealthSchema } from '@pluvio/shared/system-health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services';

/** The system health page's one read (issue 16 point 1), superusers only. */
export function systemHealthRoutes(services: Services): FastifyPluginAsyncZod {
  const { systemHealth, guards } = services;
  return async (app) => {
    app.get(
      '/api/admin/health',
      {
        preHandler: guards.requireSuperuser,
        schema: {
          tags: ['admin'],
          summary: "Today's e-mails and texts and the state of each hourly pass of the rainfall data",
          response: { 200: systemHealthSchema },
        },
      },
      () => systemHealth.today(),
    );
  };
}

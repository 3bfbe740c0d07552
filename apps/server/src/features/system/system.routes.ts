import { publicConfigSchema } from '@pluvio/shared/app-config.schemas';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapTiles, paymentProvider } from '../../config';
import type { Services } from '../../services';

/** Health probes and the browser's runtime settings. */
export function systemRoutes(services: Services): FastifyPluginAsyncZod {
  const { config, database } = services;
  return async (app) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      try {
        await database.db.execute(sql`select 1 from users limit 1`);
        return { status: 'ready' };
      } catch {
        return reply.code(503).send({ status: 'unavailable' });
      }
    });

    app.get(
      '/api/config',
      { schema: { tags: ['system'], response: { 200: publicConfigSchema } } },
      async () => ({
        features: {
          account_switcher: config.FEATURE_ACCOUNT_SWITCHER,
          table_view: config.FEATURE_TABLE_VIEW,
        },
        support_email: config.SUPPORT_EMAIL,
        time_zone: config.TIME_ZONE,
        historical_report_fee: config.HISTORICAL_REPORT_FEE,
        payment_provider: paymentProvider(config),
        map: mapTiles(config),
        address_search: config.GEOCODER !== 'none',
      }),
    );
  };
}

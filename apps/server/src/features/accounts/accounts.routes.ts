import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services';

export function clientsRoutes(_services: Services): FastifyPluginAsyncZod {
  return async (_app) => {};
}

import { apiKeySchema, createApiKeySchema, createdApiKeySchema } from '@pluvio/shared/api-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountRecordRoutes } from '../../core/account-routes';
import { accessOf, auditActorOf } from '../../core/guards';
import { errorResponse } from '../../core/lib/error-responses';
import type { Services } from '../../services';

const OVER_KEY_LIMIT = errorResponse('The account holds API_KEYS_PER_ACCOUNT keys (a setting, default 20)');
const OWNERS_ONLY = errorResponse("The caller is not the account's owner");

/** An account owner's API keys (issue 29 point 2): the key is in the creation's answer only. */
export function apiKeysRoutes(services: Services): FastifyPluginAsyncZod {
  const { apiKeys, guards } = services;
  const routes = accountRecordRoutes(guards.requireAccount, ['api-keys']);
  return async (app) => {
    app.post(
      '/api/api-keys',
      routes.scoped({
        summary: 'Creates an API key; the answer is the only time the key is shown',
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema, 403: OWNERS_ONLY, 409: OVER_KEY_LIMIT },
      }),
      async (request, reply) =>
        reply.code(201).send(await apiKeys.create(accessOf(request), auditActorOf(request), request.body)),
    );
    app.get(
      '/api/api-keys',
      routes.scoped({
        summary: "The account's API keys, each by its prefix (never the key)",
        response: { 200: z.array(apiKeySchema), 403: OWNERS_ONLY },
      }),
      async (request) => apiKeys.list(accessOf(request)),
    );
    app.delete(
      '/api/api-keys/:id',
      routes.record({ summary: 'Revokes an API key at once' }),
      async (request, reply) => {
        await apiKeys.revoke(accessOf(request), auditActorOf(request), request.params.id);
        return reply.code(204).send();
      },
    );
  };
}

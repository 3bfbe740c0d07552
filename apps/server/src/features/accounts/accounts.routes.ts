import {
  associatedClientSchema,
  clientAdminQuerySchema,
  clientAdminSchema,
  clientCreateSchema,
  clientPatchSchema,
  clientSchema,
} from '@pluvio/shared/clients';
import { idParamSchema } from '@pluvio/shared/inputs';
import { idParamsSchema, listQuerySchema } from '@pluvio/shared/lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountRecordRoutes } from '../../core/account-routes';
import { auditActorOf, authOf } from '../../core/guards';
import type { Services } from '../../services';

const adminParamsSchema = idParamsSchema.extend({ userId: idParamSchema });

/** Client accounts and their co-owners (spec part 2 §7 "Clients"), each path with and without its trailing slash. */
export function clientsRoutes(services: Services): FastifyPluginAsyncZod {
  const { accounts, guards } = services;
  const preHandler = guards.requireUser;
  const tags = ['clients'];
  const account = accountRecordRoutes(preHandler, tags).record;
  return async (app) => {
    app.get(
      '/api/clients',
      {
        preHandler,
        schema: { tags, querystring: listQuerySchema, response: { 200: z.array(clientSchema) } },
      },
      async (request) => accounts.listClients(authOf(request).user, request.query),
    );
    app.post(
      '/api/clients',
      { preHandler, schema: { tags, body: clientCreateSchema, response: { 201: clientSchema } } },
      async (request, reply) =>
        reply
          .code(201)
          .send(await accounts.addClient(authOf(request).user, request.body, auditActorOf(request))),
    );

    app.get('/api/clients/:id', account({ response: { 200: clientSchema } }), async (request) =>
      accounts.getClient(authOf(request).user, request.params.id),
    );
    app.patch(
      '/api/clients/:id',
      account({ body: clientPatchSchema, response: { 200: clientSchema } }),
      async (request) =>
        accounts.updateClient(authOf(request).user, request.params.id, request.body, auditActorOf(request)),
    );
    app.delete('/api/clients/:id', account({}), async (request, reply) => {
      await accounts.deleteClient(authOf(request).user, request.params.id, auditActorOf(request));
      return reply.code(204).send();
    });

    app.post(
      '/api/clients/:id/new',
      {
        preHandler,
        schema: {
          tags,
          params: idParamsSchema,
          body: associatedClientSchema,
          response: { 201: clientSchema },
        },
      },
      async (request, reply) => {
        const { user } = authOf(request);
        const client = await accounts.addAssociatedClient(
          user,
          request.params.id,
          request.body.account_name,
          auditActorOf(request),
        );
        return reply.code(201).send(client);
      },
    );

    app.get(
      '/api/clients/:id/admins',
      account({ response: { 200: z.array(clientAdminSchema) } }),
      async (request) => accounts.coOwners(authOf(request).user, request.params.id),
    );
    app.post(
      '/api/clients/:id/admins',
      account({ querystring: clientAdminQuerySchema, response: { 201: clientAdminSchema } }),
      async (request, reply) => {
        const { user } = authOf(request);
        const admin = await accounts.addCoOwner(user, request.params.id, request.query.user_id);
        return reply.code(201).send(admin);
      },
    );

    app.delete(
      '/api/clients/:id/admins/:userId',
      account({ params: adminParamsSchema }),
      async (request, reply) => {
        await accounts.removeCoOwner(authOf(request).user, request.params.id, request.params.userId);
        return reply.code(204).send();
      },
    );
  };
}

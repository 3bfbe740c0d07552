import { currentUserSchema, updateMeSchema } from '@pluvio/shared/users.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services';
import { authOf } from '../auth/auth.guard';
import { hasParkedSession } from '../auth/session-cookies';

/** GET and PATCH /users/me, with and without the trailing slash the old client uses. */
export function usersRoutes(services: Services): FastifyPluginAsyncZod {
  const { users, guards } = services;
  return async (app) => {
    app.get(
      '/users/me',
      { preHandler: guards.requireUser, schema: { tags: ['users'], response: { 200: currentUserSchema } } },
      async (request) => {
        const { user, actorUserId } = authOf(request);
        return users.currentUser(user, actorUserId, hasParkedSession(request));
      },
    );
    app.patch(
      '/users/me',
      {
        preHandler: guards.requireUser,
        schema: { tags: ['users'], body: updateMeSchema, response: { 200: currentUserSchema } },
      },
      async (request) => {
        const { user, actorUserId } = authOf(request);
        const updated = await users.updateMe(user, request.body);
        return users.currentUser(updated, actorUserId, hasParkedSession(request));
      },
    );
  };
}

import { currentUserSchema, updateMeSchema } from '@pluvio/shared/users.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tablesIn } from '../../db/read-cache';
import type { Services } from '../../services';
import * as accountsSchema from '../accounts/accounts.schema';
import * as assignmentsSchema from '../assignments/assignments.schema';
import { authOf } from '../auth/auth.guard';
import { hasParkedSession } from '../auth/session-cookies';
import * as contactsSchema from '../contacts/contacts.schema';
import * as locationsSchema from '../locations/locations.schema';
import * as usersSchema from './users.schema';

/** What the current user's answer reads: the user, the actor, their accounts and location counts. */
const CURRENT_USER_READS = tablesIn(
  usersSchema,
  accountsSchema,
  contactsSchema,
  assignmentsSchema,
  locationsSchema,
);

/** GET and PATCH /users/me, with and without the trailing slash the old client uses. */
export function usersRoutes(services: Services): FastifyPluginAsyncZod {
  const { users, guards, answers } = services;
  return async (app) => {
    app.get(
      '/users/me',
      { preHandler: guards.requireUser, schema: { tags: ['users'], response: { 200: currentUserSchema } } },
      async (request, reply) => {
        const { user, actorUserId } = authOf(request);
        const canReturn = hasParkedSession(request);
        return answers.send(
          request,
          reply,
          CURRENT_USER_READS,
          () => users.currentUser(user, actorUserId, canReturn),
          {
            vary: String(canReturn),
          },
        );
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

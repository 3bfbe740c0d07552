import {
  currentUserSchema,
  EMAIL_CHANGE_MESSAGES,
  emailChangeAnswerSchema,
  emailChangeConfirmSchema,
  updateMeSchema,
} from '@pluvio/shared/users.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../core/guards';
import { errorResponse } from '../../core/lib/error-responses';
import { hasParkedSession } from '../../core/session-cookies';
import type { Services } from '../../services';
import type { EmailChangeCaller } from './email-change.service';

const tags = ['users'];

/** The caller of an e-mail change: the user, the superuser acting as them, the session and address. */
function callerOf(request: FastifyRequest): EmailChangeCaller {
  return { ...authOf(request), ip: request.ip };
}

/**
 * GET and PATCH /users/me, with and without the trailing slash the old client uses, and the
 * change of sign-in e-mail that waits for its link (issue 25).
 */
export function usersRoutes(services: Services): FastifyPluginAsyncZod {
  const { users, emailChanges, guards, answers } = services;
  const { auth: rateLimit } = services.requestLimits;
  return async (app) => {
    app.get(
      '/users/me',
      { preHandler: guards.requireUser, schema: { tags, response: { 200: currentUserSchema } } },
      async (request, reply) => {
        const { user, actorUserId } = authOf(request);
        const canReturn = hasParkedSession(request);
        return answers.send(request, reply, () => users.currentUser(user, actorUserId, canReturn), {
          vary: String(canReturn),
        });
      },
    );
    app.patch(
      '/users/me',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          description:
            'Profile fields change at once. A new `email` waits for the link e-mailed to it (`pending_email`) and takes `current_password`, except from a superuser acting as the user.',
          body: updateMeSchema,
          response: {
            200: currentUserSchema,
            400: errorResponse('The current password is wrong, or the new address belongs to another login'),
            422: errorResponse('A field is invalid, or `current_password` is missing for a new e-mail'),
            429: errorResponse('Too many wrong passwords or confirmation e-mails in the last hour'),
          },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { email, current_password, ...profile } = request.body;
        await users.checkProfileChanges(caller.user, profile);
        if (email !== undefined) await emailChanges.request(caller, email, current_password);
        const updated = await users.updateMe(caller.user, profile);
        return users.currentUser(updated, caller.actorUserId, hasParkedSession(request));
      },
    );
    app.post(
      '/users/me/email-change/resend',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary:
            'E-mails a new link for the waiting change of sign-in e-mail (the previous link stops working)',
          response: {
            202: emailChangeAnswerSchema,
            404: errorResponse(EMAIL_CHANGE_MESSAGES.noPending),
            429: errorResponse(EMAIL_CHANGE_MESSAGES.tooManyLinks),
          },
        },
      },
      async (request, reply) => reply.code(202).send(await emailChanges.resend(callerOf(request))),
    );
    app.delete(
      '/users/me/email-change',
      {
        preHandler: guards.requireUser,
        schema: {
          tags,
          summary: 'Cancels the waiting change of sign-in e-mail: its link stops working',
          response: {
            204: z.null().describe('Cancelled'),
            404: errorResponse(EMAIL_CHANGE_MESSAGES.noPending),
          },
        },
      },
      async (request, reply) => {
        await emailChanges.cancel(callerOf(request));
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/users/email-change/confirm',
      {
        config: { rateLimit },
        schema: {
          tags,
          summary:
            "The link e-mailed to a new sign-in address: makes it the user's sign-in e-mail and ends their other sessions",
          body: emailChangeConfirmSchema,
          response: {
            200: emailChangeAnswerSchema,
            400: errorResponse(EMAIL_CHANGE_MESSAGES.badToken),
            409: errorResponse('The new address belongs to another login now; nothing changed'),
          },
        },
      },
      async (request) => {
        await guards.optionalUser(request);
        const session = request.auth && { userId: request.auth.user.id, sessionId: request.auth.sessionId };
        return emailChanges.confirm(request.body.token, session, request.ip);
      },
    );
  };
}

import { tokenSchema } from '@pluvio/shared/auth.schemas';
import { TEXT_LIMITS, textSchema } from '@pluvio/shared/inputs';
import { MESSAGES } from '@pluvio/shared/messages';
import { userListPageSchema, userListQuerySchema } from '@pluvio/shared/users.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../core/guards';
import { badRequest, unauthorized } from '../../core/lib/errors';
import type { SessionCookies } from '../../core/session-cookies';
import type { Services } from '../../services';

/**
 * Switch user (D11): a superuser starts acting as another user (the old client's
 * `/api/services/user-token`), returns to their own session, and picks from the list of users.
 */
export function switchUserRoutes(services: Services, cookies: SessionCookies): FastifyPluginAsyncZod {
  const { auth, switchUser, guards } = services;
  return async (app) => {
    app.post(
      '/api/services/user-token',
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['switch-user'],
          querystring: z.object({ email: textSchema(TEXT_LIMITS.email).min(1) }),
          response: { 200: tokenSchema },
        },
      },
      async (request, reply) => {
        const tokens = await switchUser.start(authOf(request), request.query.email, request.ip);
        // The old client sends only the bearer token: without the admin's own refresh cookie the
        // masquerade still starts, and returning means signing in again.
        cookies.park(reply, cookies.refreshToken(request));
        cookies.start(reply, tokens.refreshToken);
        return { token: tokens.accessToken };
      },
    );

    app.post(
      '/api/services/user-token/return',
      { preHandler: guards.requireUser, schema: { tags: ['switch-user'], response: { 200: tokenSchema } } },
      async (request, reply) => {
        const current = authOf(request);
        if (!current.actorUserId) throw badRequest('Not acting as another user');
        const origin = await auth.refresh(cookies.parkedRefreshToken(request));
        if (origin.userId !== current.actorUserId) throw unauthorized(MESSAGES.refreshFailed);
        await switchUser.end(current, request.ip);
        cookies.unpark(reply);
        cookies.start(reply, origin.refreshToken);
        return { token: origin.accessToken };
      },
    );

    app.get(
      '/api/admin/users',
      {
        preHandler: guards.requireSuperuser,
        schema: {
          tags: ['switch-user'],
          summary: 'Active users for Switch User, by name, searched by name or e-mail address',
          querystring: userListQuerySchema,
          response: { 200: userListPageSchema },
        },
      },
      async (request) => switchUser.list(request.query),
    );
  };
}

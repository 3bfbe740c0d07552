import { auditPageSchema, auditQuerySchema } from '@pluvio/shared/audit.schemas';
import { tokenSchema } from '@pluvio/shared/auth.schemas';
import { TEXT_LIMITS, textSchema } from '@pluvio/shared/inputs';
import { idParamsSchema } from '@pluvio/shared/lists';
import { MESSAGES } from '@pluvio/shared/messages';
import {
  deliveryLogPageSchema,
  deliveryLogQuerySchema,
  OUTBOX_MESSAGES,
  outboxPageSchema,
  outboxQuerySchema,
} from '@pluvio/shared/outbox.schemas';
import { userListPageSchema, userListQuerySchema } from '@pluvio/shared/users.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../core/guards';
import { contentDisposition } from '../../core/lib/content-disposition';
import { badRequest, notFound, unauthorized } from '../../core/lib/errors';
import {
  type CookieSettings,
  clearRefreshCookie,
  ORIGIN_REFRESH_COOKIE,
  REFRESH_COOKIE,
  readCookie,
  setRefreshCookie,
} from '../../core/session-cookies';
import type { Services } from '../../services';

/**
 * Superuser tools: switch user (masquerade, D11) and its list of users, the mail viewer's outbox
 * (D16), the delivery log and the audit trail.
 */
export function adminRoutes(services: Services, cookies: CookieSettings): FastifyPluginAsyncZod {
  const { auth, users, outbox, deliveryLog, audit, guards } = services;
  return async (app) => {
    app.post(
      '/api/services/user-token',
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['admin'],
          querystring: z.object({ email: textSchema(TEXT_LIMITS.email).min(1) }),
          response: { 200: tokenSchema },
        },
      },
      async (request, reply) => {
        const tokens = await auth.startMasquerade(authOf(request), request.query.email, request.ip);
        // The old client sends only the bearer token: without the admin's own refresh cookie the
        // masquerade still starts, and returning means signing in again.
        const ownRefresh = readCookie(request, REFRESH_COOKIE);
        if (ownRefresh) setRefreshCookie(reply, ORIGIN_REFRESH_COOKIE, ownRefresh, cookies);
        else clearRefreshCookie(reply, ORIGIN_REFRESH_COOKIE);
        setRefreshCookie(reply, REFRESH_COOKIE, tokens.refreshToken, cookies);
        return { token: tokens.accessToken };
      },
    );

    app.post(
      '/api/services/user-token/return',
      { preHandler: guards.requireUser, schema: { tags: ['admin'], response: { 200: tokenSchema } } },
      async (request, reply) => {
        const current = authOf(request);
        if (!current.actorUserId) throw badRequest('Not acting as another user');
        const origin = await auth.refresh(readCookie(request, ORIGIN_REFRESH_COOKIE));
        if (origin.userId !== current.actorUserId) throw unauthorized(MESSAGES.refreshFailed);
        await auth.endMasquerade(current, request.ip);
        clearRefreshCookie(reply, ORIGIN_REFRESH_COOKIE);
        setRefreshCookie(reply, REFRESH_COOKIE, origin.refreshToken, cookies);
        return { token: origin.accessToken };
      },
    );

    app.get(
      '/api/admin/users',
      {
        preHandler: guards.requireSuperuser,
        schema: {
          tags: ['admin'],
          summary: 'Active users for Switch User, by name, searched by name or e-mail address',
          querystring: userListQuerySchema,
          response: { 200: userListPageSchema },
        },
      },
      async (request) => users.list(request.query),
    );

    app.get(
      '/api/admin/outbox',
      {
        preHandler: guards.requireSuperuser,
        schema: { tags: ['admin'], querystring: outboxQuerySchema, response: { 200: outboxPageSchema } },
      },
      async ({ query }) =>
        outbox.page(query.page, query.page_size, { messageId: query.message, search: query.search }),
    );

    app.get(
      '/api/admin/outbox/:id/attachment',
      {
        preHandler: guards.requireSuperuser,
        schema: {
          tags: ['admin'],
          summary: 'The file an outgoing e-mail carries (a report), as a download',
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const attachment = await outbox.attachmentOf(request.params.id);
        if (!attachment) throw notFound(OUTBOX_MESSAGES.noAttachment);
        return reply
          .type(attachment.contentType)
          .header('content-disposition', contentDisposition('attachment', attachment.filename))
          .send(attachment.content);
      },
    );

    app.get(
      '/api/admin/deliveries',
      {
        preHandler: guards.requireSuperuser,
        schema: {
          tags: ['admin'],
          summary: "Every account's e-mails and texts and how each fared, newest first",
          querystring: deliveryLogQuerySchema,
          response: { 200: deliveryLogPageSchema },
        },
      },
      async (request) => deliveryLog.page(request.query),
    );

    app.get(
      '/api/admin/audit',
      {
        preHandler: guards.requireSuperuser,
        schema: {
          tags: ['admin'],
          summary: 'The audit trail: who did what, as whom, from where, and what changed, newest first',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema },
        },
      },
      async (request) => audit.page(request.query),
    );
  };
}

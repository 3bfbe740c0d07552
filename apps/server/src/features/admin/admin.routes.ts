import { auditPageSchema, auditQuerySchema } from '@pluvio/shared/audit.schemas';
import { idParamsSchema } from '@pluvio/shared/lists';
import {
  deliveryLogPageSchema,
  deliveryLogQuerySchema,
  OUTBOX_MESSAGES,
  outboxPageSchema,
  outboxQuerySchema,
} from '@pluvio/shared/outbox.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../core/lib/content-disposition';
import { notFound } from '../../core/lib/errors';
import type { Services } from '../../services';

/** Superuser tools: the mail viewer's outbox (D16), the delivery log and the audit trail. */
export function adminRoutes(services: Services): FastifyPluginAsyncZod {
  const { outbox, deliveryLog, audit, guards } = services;
  return async (app) => {
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

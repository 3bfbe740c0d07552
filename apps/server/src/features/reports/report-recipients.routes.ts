import {
  recipientConfirmedSchema,
  recipientConfirmSchema,
  reportRecipientCreateSchema,
  reportRecipientParamsSchema,
  reportRecipientSchema,
} from '@pluvio/shared/quotas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountRecordRoutes } from '../../core/account-routes';
import { authOf } from '../../core/guards';
import { errorResponse } from '../../core/lib/error-responses';
import type { Services } from '../../services';

const tags = ['reports'];

/**
 * An account's extra report recipients (issue 24): owners and co-owners list, add and remove
 * them; an added address receives reports only after following the link e-mailed to it.
 */
export function reportRecipientsRoutes(services: Services): FastifyPluginAsyncZod {
  const { reportRecipients, guards } = services;
  const account = accountRecordRoutes(guards.requireUser, tags).record;
  return async (app) => {
    app.get(
      '/api/clients/:id/report-recipients',
      account({
        summary: "The account's extra report recipients, confirmed or waiting (owners and co-owners)",
        response: { 200: z.array(reportRecipientSchema) },
      }),
      async (request) => reportRecipients.list(authOf(request).user, request.params.id),
    );
    app.post(
      '/api/clients/:id/report-recipients',
      account({
        summary:
          'Adds a report recipient and e-mails it a confirmation link; reports go to it once confirmed',
        body: reportRecipientCreateSchema,
        response: {
          201: reportRecipientSchema,
          409: errorResponse('The address is a recipient already, or the account has 100 recipients'),
          429: errorResponse(
            '10 confirmation e-mails were sent for the account in the last hour; nothing was added',
          ),
        },
      }),
      async (request, reply) =>
        reply
          .code(201)
          .send(await reportRecipients.add(authOf(request).user, request.params.id, request.body.email)),
    );
    app.delete(
      '/api/clients/:id/report-recipients/:recipientId',
      account({ params: reportRecipientParamsSchema }),
      async (request, reply) => {
        const { id, recipientId } = request.params;
        await reportRecipients.remove(authOf(request).user, id, recipientId);
        return reply.code(204).send();
      },
    );
    app.post(
      '/api/report-recipients/confirm',
      {
        schema: {
          tags,
          summary:
            "The confirmation e-mail's link: the address may receive the account's reports from now on",
          body: recipientConfirmSchema,
          response: { 200: recipientConfirmedSchema },
        },
      },
      async (request) => reportRecipients.confirm(request.body.token),
    );
  };
}

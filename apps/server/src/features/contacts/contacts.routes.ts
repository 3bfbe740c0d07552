import {
  allContactsQuerySchema,
  contactBulkDeleteSchema,
  contactCreateSchema,
  contactPatchSchema,
  contactSchema,
} from '@pluvio/shared/contacts';
import { contactImportSchema } from '@pluvio/shared/csv-import';
import { listQuerySchema } from '@pluvio/shared/lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountRecordRoutes } from '../../core/account-routes';
import { accessOf, auditActorOf, authOf } from '../../core/guards';
import { errorResponse } from '../../core/lib/error-responses';
import type { Services } from '../../services';
import { presentListedContact } from './contacts.presenter';

const tags = ['contacts'];

const OVER_EMAIL_LIMIT = errorResponse(
  'The new contacts would be e-mailed more invitations or notices than CONTACT_EMAILS_PER_DAY allows the account today (a setting, default 5,000); nothing was added. Retry-After says when the day ends',
);

const OVER_CONTACT_LIMIT = errorResponse(
  'The address is taken in this account, or the account would hold more than CONTACTS_PER_ACCOUNT contacts (a setting, default 5,000); nothing was added',
);

/** Contacts CRUD, every account's contacts and CSV import (spec part 2 §7), with and without trailing slashes. */
export function contactsRoutes(services: Services): FastifyPluginAsyncZod {
  const { contacts, guards } = services;
  const routes = accountRecordRoutes(guards.requireAccount, tags);
  return async (app) => {
    app.get(
      '/api/contacts',
      {
        preHandler: guards.requireAccount,
        schema: { tags, querystring: listQuerySchema, response: { 200: z.array(contactSchema) } },
      },
      async (request) => {
        const access = accessOf(request);
        const rows = await contacts.list(access, request.query);
        return rows.map(presentListedContact);
      },
    );
    app.post(
      '/api/contacts',
      routes.scoped({
        body: contactCreateSchema,
        response: { 201: contactSchema, 409: OVER_CONTACT_LIMIT, 429: OVER_EMAIL_LIMIT },
      }),
      async (request, reply) => {
        const access = accessOf(request);
        const row = await contacts.add(access, request.body);
        return reply.code(201).send(presentListedContact(row));
      },
    );

    app.get(
      '/api/contacts/all',
      {
        // Every account of the caller, not one: no account scope.
        preHandler: guards.requireUser,
        schema: { tags, querystring: allContactsQuerySchema, response: { 200: z.array(contactSchema) } },
      },
      async (request) => {
        const rows = await contacts.listAll(authOf(request).user, request.query);
        return rows.map(presentListedContact);
      },
    );

    app.post(
      '/api/contacts/import',
      routes.import(contactImportSchema, { 409: OVER_CONTACT_LIMIT, 429: OVER_EMAIL_LIMIT }),
      async (request) => {
        const access = accessOf(request);
        return contacts.importRows(access, request.body.rows, request.body.preview);
      },
    );

    app.post(
      '/api/contacts/bulk-delete',
      routes.bulkDelete(contactBulkDeleteSchema, {
        404: errorResponse("An id is not one of the account's contacts; nothing was deleted"),
      }),
      async (request) => ({
        deleted: await contacts.remove(accessOf(request), request.body.ids, auditActorOf(request)),
      }),
    );

    app.get('/api/contacts/:id', routes.record({ response: { 200: contactSchema } }), async (request) => {
      const access = accessOf(request);
      return presentListedContact(await contacts.get(access, request.params.id));
    });
    app.patch(
      '/api/contacts/:id',
      routes.record({ body: contactPatchSchema, response: { 200: contactSchema, 429: OVER_EMAIL_LIMIT } }),
      async (request) => {
        const access = accessOf(request);
        return presentListedContact(await contacts.update(access, request.params.id, request.body));
      },
    );
    app.delete('/api/contacts/:id', routes.record({}), async (request, reply) => {
      const access = accessOf(request);
      await contacts.remove(access, [request.params.id], auditActorOf(request));
      return reply.code(204).send();
    });
  };
}

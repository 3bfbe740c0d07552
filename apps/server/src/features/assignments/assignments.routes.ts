import { ASSIGNMENT_MESSAGES } from '@pluvio/shared/assignments';
import { contactSchema } from '@pluvio/shared/contacts';
import { idListSchema, idParamsSchema, listQuerySchema } from '@pluvio/shared/lists';
import { locationSchema } from '@pluvio/shared/locations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors';
import type { Services } from '../../services';
import { type AccountAccess, manages } from '../accounts/accounts.access';
import { authOf } from '../auth/auth.guard';
import { presentContact } from '../contacts/contacts.presenter';
import type { ContactRow } from '../contacts/contacts.schema';
import { presentLocations } from '../locations/locations.presenter';

const tags = ['assignments'];
const contactList = { 200: z.array(contactSchema) };
const locationList = { 200: z.array(locationSchema) };

/** Owners, co-owners and superusers assign; a plain contact does not. */
function requireAssigner(access: AccountAccess): void {
  if (!manages(access)) throw forbidden(ASSIGNMENT_MESSAGES.managersOnly);
}

/**
 * Assigning contacts to a location and locations to a contact (spec part 2 §7): managers only,
 * except that a plain contact may read its own locations. Writes answer the new assigned list
 * (paged like the read) so the screen can reload it.
 */
export function assignmentsRoutes(services: Services): FastifyPluginAsyncZod {
  const { assignments, accounts, guards, rainfallData } = services;
  const preHandler = guards.requireUser;

  async function presentContacts(access: AccountAccess, rows: ContactRow[]) {
    const coOwners = await accounts.adminUserIds(access.client.id);
    return rows.map((row) => presentContact(row, access.client.accountName, coOwners));
  }

  return async (app) => {
    app.get(
      '/api/locations/:id/contacts',
      {
        preHandler,
        schema: { tags, params: idParamsSchema, querystring: listQuerySchema, response: contactList },
      },
      async (request) => {
        const access = await accounts.accessFor(authOf(request).user, request.query.client_id);
        requireAssigner(access);
        const rows = await assignments.contactsOf(access.client.id, request.params.id, request.query);
        return presentContacts(access, rows);
      },
    );
    app.post(
      '/api/locations/:id/contacts',
      {
        preHandler,
        schema: {
          tags,
          params: idParamsSchema,
          querystring: listQuerySchema,
          body: idListSchema,
          response: contactList,
        },
      },
      async (request) => {
        const access = await accounts.accessFor(authOf(request).user, request.query.client_id);
        requireAssigner(access);
        const { params, body, query } = request;
        const rows = await assignments.assignContacts(access.client.id, params.id, body, query);
        return presentContacts(access, rows);
      },
    );

    app.post(
      '/api/locations/:id/remove_contacts',
      {
        preHandler,
        schema: {
          tags,
          params: idParamsSchema,
          querystring: listQuerySchema,
          body: idListSchema,
          response: contactList,
        },
      },
      async (request) => {
        const access = await accounts.accessFor(authOf(request).user, request.query.client_id);
        requireAssigner(access);
        const { params, body, query } = request;
        const rows = await assignments.removeContacts(access.client.id, params.id, body, query);
        return presentContacts(access, rows);
      },
    );

    app.get(
      '/api/contacts/:id/locations',
      {
        preHandler,
        schema: { tags, params: idParamsSchema, querystring: listQuerySchema, response: locationList },
      },
      async (request) => {
        const access = await accounts.accessFor(authOf(request).user, request.query.client_id);
        // A contact reads its own locations; anyone else's need a manager.
        if (access.contactId !== request.params.id) requireAssigner(access);
        const rows = await assignments.locationsOf(access.client.id, request.params.id, request.query);
        return presentLocations(rainfallData, access, rows);
      },
    );
    app.post(
      '/api/contacts/:id/locations',
      {
        preHandler,
        schema: {
          tags,
          params: idParamsSchema,
          querystring: listQuerySchema,
          body: idListSchema,
          response: locationList,
        },
      },
      async (request) => {
        const access = await accounts.accessFor(authOf(request).user, request.query.client_id);
        requireAssigner(access);
        const { params, body, query } = request;
        const rows = await assignments.assignLocations(access.client.id, params.id, body, query);
        return presentLocations(rainfallData, access, rows);
      },
    );

    app.post(
      '/api/contacts/:id/remove_locations',
      {
        preHandler,
        schema: {
          tags,
          params: idParamsSchema,
          querystring: listQuerySchema,
          body: idListSchema,
          response: locationList,
        },
      },
      async (request) => {
        const access = await accounts.accessFor(authOf(request).user, request.query.client_id);
        requireAssigner(access);
        const { params, body, query } = request;
        const rows = await assignments.removeLocations(access.client.id, params.id, body, query);
        return presentLocations(rainfallData, access, rows);
      },
    );
  };
}

import { ASSIGNMENT_MESSAGES } from '@pluvio/shared/assignments';
import { contactSchema } from '@pluvio/shared/contacts';
import {
  type IdList,
  idListSchema,
  idParamsSchema,
  listQuerySchema,
  type Paging,
} from '@pluvio/shared/lists';
import { locationSchema } from '@pluvio/shared/locations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccountAccess, manages } from '../../core/access';
import { accessOf } from '../../core/guards';
import { forbidden } from '../../core/lib/errors';
import type { Services } from '../../services';

const tags = ['assignments'];

type App = Parameters<FastifyPluginAsyncZod>[0];
type Change<Row> = (clientId: number, id: number, ids: IdList, paging: Paging) => Promise<Row[]>;

/** One direction of the assignments, a location's contacts or a contact's locations: its three routes. */
interface AssignedList<Row, Item> {
  /** GET reads and POST assigns at `path` (`/api/locations/:id/contacts`); POST at `removePath` removes. */
  path: string;
  removePath: string;
  item: z.ZodType<Item>;
  read(clientId: number, id: number, paging: Paging): Promise<Row[]>;
  assign: Change<Row>;
  remove: Change<Row>;
  present(access: AccountAccess, rows: Row[]): Promise<Item[]>;
  /** Whether the caller reads its own list, which needs no manager. */
  isOwn(access: AccountAccess, id: number): boolean;
}

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
  const { assignments, contacts, guards, locationViews } = services;
  const preHandler = guards.requireAccount;

  function listRoutes<Row, Item>(app: App, list: AssignedList<Row, Item>): void {
    const schema = {
      tags,
      params: idParamsSchema,
      querystring: listQuerySchema,
      response: { 200: z.array(list.item) },
    };
    app.get(list.path, { preHandler, schema }, async (request) => {
      const access = accessOf(request);
      if (!list.isOwn(access, request.params.id)) requireAssigner(access);
      return list.present(access, await list.read(access.client.id, request.params.id, request.query));
    });
    for (const [path, change] of [
      [list.path, list.assign],
      [list.removePath, list.remove],
    ] as const) {
      app.post(path, { preHandler, schema: { ...schema, body: idListSchema } }, async (request) => {
        const access = accessOf(request);
        requireAssigner(access);
        const { params, body, query } = request;
        return list.present(access, await change(access.client.id, params.id, body, query));
      });
    }
  }

  return async (app) => {
    listRoutes(app, {
      path: '/api/locations/:id/contacts',
      removePath: '/api/locations/:id/remove_contacts',
      item: contactSchema,
      read: assignments.contactsOf,
      assign: assignments.assignContacts,
      remove: assignments.removeContacts,
      present: contacts.present,
      isOwn: () => false,
    });
    listRoutes(app, {
      path: '/api/contacts/:id/locations',
      removePath: '/api/contacts/:id/remove_locations',
      item: locationSchema,
      read: assignments.locationsOf,
      assign: assignments.assignLocations,
      remove: assignments.removeLocations,
      present: locationViews.present,
      // A contact reads its own locations; anyone else's need a manager.
      isOwn: (access, id) => access.contactId === id,
    });
  };
}

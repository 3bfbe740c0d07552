import { type Paging, pageWindow } from '@pluvio/shared/lists';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import { pgArray } from '../../core/db/pg-array';
import { contactLocations } from '../../core/tables/assignments';
import { type ContactRow, contacts } from '../../core/tables/contacts';
import { type LocationRow, locations } from '../../core/tables/locations';

/**
 * `contact_locations`. Reads the assigned contacts' and locations' rows in the same query, and
 * checks ids against the account there, for speed: what is assigned is this feature's question.
 */
export function createAssignmentsRepository(db: AppDb) {
  return {
    /** The account's locations assigned to the contact, by name. */
    async locationsOfContact(clientId: number, contactId: number, paging: Paging): Promise<LocationRow[]> {
      const { limit, offset } = pageWindow(paging);
      return db
        .select(getTableColumns(locations))
        .from(contactLocations)
        .innerJoin(locations, eq(locations.id, contactLocations.locationId))
        .where(and(eq(contactLocations.contactId, contactId), eq(locations.clientId, clientId)))
        .orderBy(asc(sql`lower(${locations.name})`), asc(locations.id))
        .limit(limit)
        .offset(offset);
    },
    /** The account's contacts assigned to the location, by name. */
    async contactsOfLocation(clientId: number, locationId: number, paging: Paging): Promise<ContactRow[]> {
      const { limit, offset } = pageWindow(paging);
      return db
        .select(getTableColumns(contacts))
        .from(contactLocations)
        .innerJoin(contacts, eq(contacts.id, contactLocations.contactId))
        .where(and(eq(contactLocations.locationId, locationId), eq(contacts.clientId, clientId)))
        .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id))
        .limit(limit)
        .offset(offset);
    },
    async isAssigned(contactId: number, locationId: number): Promise<boolean> {
      const rows = await db
        .select({ contactId: contactLocations.contactId })
        .from(contactLocations)
        .where(and(eq(contactLocations.contactId, contactId), eq(contactLocations.locationId, locationId)));
      return rows.length > 0;
    },
    /** Which of the location ids are assigned to the contact. */
    async assignedAmong(contactId: number, locationIds: readonly number[]): Promise<number[]> {
      if (locationIds.length === 0) return [];
      const rows = await db
        .select({ id: contactLocations.locationId })
        .from(contactLocations)
        .where(
          and(
            eq(contactLocations.contactId, contactId),
            sql`${contactLocations.locationId} = any(${pgArray(locationIds)}::int[])`,
          ),
        );
      return rows.map((row) => row.id);
    },
    /** Which of the ids are locations of the account. */
    async locationIdsInClient(clientId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.clientId, clientId), inArray(locations.id, ids)));
      return rows.map((row) => row.id);
    },
    /** Which of the ids are contacts of the account. */
    async contactIdsInClient(clientId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.clientId, clientId), inArray(contacts.id, ids)));
      return rows.map((row) => row.id);
    },
    /** Assigns every contact to every location; a pair already assigned stays as it was. */
    async add(contactIds: number[], locationIds: number[]): Promise<void> {
      const pairs = contactIds.flatMap((contactId) =>
        locationIds.map((locationId) => ({ contactId, locationId })),
      );
      if (pairs.length === 0) return;
      await db.insert(contactLocations).values(pairs).onConflictDoNothing();
    },
    /** Unassigns every contact from every location. */
    async remove(contactIds: number[], locationIds: number[]): Promise<void> {
      if (contactIds.length === 0 || locationIds.length === 0) return;
      await db
        .delete(contactLocations)
        .where(
          and(
            inArray(contactLocations.contactId, contactIds),
            inArray(contactLocations.locationId, locationIds),
          ),
        );
    },
  };
}

export type AssignmentsRepository = ReturnType<typeof createAssignmentsRepository>;

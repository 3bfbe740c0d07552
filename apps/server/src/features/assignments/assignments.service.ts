import { CONTACT_MESSAGES } from '@pluvio/shared/contacts';
import { MAX_PAGE_SIZE, type Paging } from '@pluvio/shared/lists';
import { LOCATION_MESSAGES } from '@pluvio/shared/locations';
import type { AppDb } from '../../core/db/client';
import { notFound } from '../../core/lib/errors';
import { createAssignmentsRepository } from './assignments.repository';

/**
 * Which contacts a location's notifications go to and which locations a contact sees
 * (spec part 2 §7 "Assignment and locations"). Every id must belong to the account, or the
 * call is "not found" and changes nothing; assigning twice or removing what is not there is
 * not an error. Writes answer the new assigned list.
 */
const FIRST_PAGE: Paging = { page: 1, page_size: MAX_PAGE_SIZE };

export function createAssignmentsService(db: AppDb) {
  const repository = createAssignmentsRepository(db);

  async function requireLocations(clientId: number, ids: number[]): Promise<void> {
    const found = await repository.locationIdsInClient(clientId, ids);
    if (found.length !== ids.length) throw notFound(LOCATION_MESSAGES.notFound);
  }
  async function requireContacts(clientId: number, ids: number[]): Promise<void> {
    const found = await repository.contactIdsInClient(clientId, ids);
    if (found.length !== ids.length) throw notFound(CONTACT_MESSAGES.notFound);
  }
  /** Checks every id before writing anything. */
  async function change(
    write: 'add' | 'remove',
    clientId: number,
    contactIds: number[],
    locationIds: number[],
  ) {
    const contactSet = [...new Set(contactIds)];
    const locationSet = [...new Set(locationIds)];
    await requireContacts(clientId, contactSet);
    await requireLocations(clientId, locationSet);
    await repository[write](contactSet, locationSet);
  }

  return {
    /** For the contact's own view of its locations: no id check, the contact is the caller's. */
    locationsOfContact: repository.locationsOfContact,
    isAssigned: repository.isAssigned,
    assignedAmong: repository.assignedAmong,

    async contactsOf(clientId: number, locationId: number, paging: Paging) {
      await requireLocations(clientId, [locationId]);
      return repository.contactsOfLocation(clientId, locationId, paging);
    },
    async locationsOf(clientId: number, contactId: number, paging: Paging) {
      await requireContacts(clientId, [contactId]);
      return repository.locationsOfContact(clientId, contactId, paging);
    },
    async assignContacts(clientId: number, locationId: number, contactIds: number[], paging = FIRST_PAGE) {
      await change('add', clientId, contactIds, [locationId]);
      return repository.contactsOfLocation(clientId, locationId, paging);
    },
    async removeContacts(clientId: number, locationId: number, contactIds: number[], paging = FIRST_PAGE) {
      await change('remove', clientId, contactIds, [locationId]);
      return repository.contactsOfLocation(clientId, locationId, paging);
    },
    async assignLocations(clientId: number, contactId: number, locationIds: number[], paging = FIRST_PAGE) {
      await change('add', clientId, [contactId], locationIds);
      return repository.locationsOfContact(clientId, contactId, paging);
    },
    async removeLocations(clientId: number, contactId: number, locationIds: number[], paging = FIRST_PAGE) {
      await change('remove', clientId, [contactId], locationIds);
      return repository.locationsOfContact(clientId, contactId, paging);
    },
  };
}

export type AssignmentsService = ReturnType<typeof createAssignmentsService>;

import { type Contact, contactSchema } from '@pluvio/shared/contacts';
import type { IdList } from '@pluvio/shared/lists';
import { type Location, locationSchema } from '@pluvio/shared/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactsQuery, fetchAllPages, locationsQuery } from '../../lib/account-api';
import { apiRequest } from '../../lib/api-client';

/**
 * Both directions of assignment (spec part 2 §7 "Assignment and locations"). Assign and remove
 * answer the new assigned list.
 */

export const assignmentKeys = {
  all: ['assignments'] as const,
  locationContacts: (clientId: number | undefined, locationId: number) =>
    ['assignments', 'location-contacts', clientId, locationId] as const,
  contactLocations: (clientId: number | undefined, contactId: number) =>
    ['assignments', 'contact-locations', clientId, contactId] as const,
};

const contactList = contactSchema.array();
const locationList = locationSchema.array();

export function locationContactsQuery(clientId: number | undefined, locationId: number) {
  return queryOptions({
    queryKey: assignmentKeys.locationContacts(clientId, locationId),
    queryFn: (): Promise<Contact[]> =>
      fetchAllPages(`/api/locations/${locationId}/contacts`, contactSchema, { client_id: clientId }),
  });
}

export function contactLocationsQuery(clientId: number | undefined, contactId: number) {
  return queryOptions({
    queryKey: assignmentKeys.contactLocations(clientId, contactId),
    queryFn: async (): Promise<Location[]> =>
      locationList.parse(
        await apiRequest(`/api/contacts/${contactId}/locations`, { query: { client_id: clientId } }),
      ),
  });
}

export function useLocations(clientId: number | undefined) {
  return useQuery(locationsQuery(clientId));
}

export function useContacts(clientId: number | undefined) {
  return useQuery(contactsQuery(clientId));
}

export function useLocationContacts(clientId: number | undefined, locationId: number | null) {
  return useQuery({ ...locationContactsQuery(clientId, locationId ?? 0), enabled: locationId !== null });
}

export function useContactLocations(clientId: number | undefined, contactId: number | null) {
  return useQuery({ ...contactLocationsQuery(clientId, contactId ?? 0), enabled: contactId !== null });
}

async function postIds(path: string, ids: IdList, clientId: number | undefined): Promise<unknown> {
  return apiRequest(path, { method: 'POST', json: ids, query: { client_id: clientId } });
}

export async function assignContacts(
  clientId: number | undefined,
  locationId: number,
  contactIds: IdList,
): Promise<Contact[]> {
  return contactList.parse(await postIds(`/api/locations/${locationId}/contacts`, contactIds, clientId));
}

export async function removeContacts(
  clientId: number | undefined,
  locationId: number,
  contactIds: IdList,
): Promise<Contact[]> {
  return contactList.parse(
    await postIds(`/api/locations/${locationId}/remove_contacts`, contactIds, clientId),
  );
}

export async function assignLocations(
  clientId: number | undefined,
  contactId: number,
  locationIds: IdList,
): Promise<Location[]> {
  return locationList.parse(await postIds(`/api/contacts/${contactId}/locations`, locationIds, clientId));
}

export async function removeLocations(
  clientId: number | undefined,
  contactId: number,
  locationIds: IdList,
): Promise<Location[]> {
  return locationList.parse(
    await postIds(`/api/contacts/${contactId}/remove_locations`, locationIds, clientId),
  );
}

import { type Client, clientSchema } from '@pluvio/shared/clients';
import { type Contact, contactSchema } from '@pluvio/shared/contacts';
import { MAX_PAGE_SIZE } from '@pluvio/shared/lists';
import { type Location, locationSchema } from '@pluvio/shared/locations';
import { viewerOf } from '@pluvio/shared/viewer';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './api-client';
import { useCurrentUser } from './session';

/** Pages asked for at once after a full first page: a 10,000-location account loads in ten rounds, not forty. */
const PAGES_AT_ONCE = 4;

/**
 * Reads of the account's lists that several screens share. Lists come in pages of 250 and
 * are read until a page is short (spec part 2 §7); `client_id` is the active account. A small
 * account costs one request; after a full first page the next pages are asked for together.
 */
export async function fetchAllPages<T>(
  path: string,
  itemSchema: z.ZodType<T>,
  query: Record<string, string | number | undefined> = {},
): Promise<T[]> {
  const pageOf = async (page: number) =>
    itemSchema.array().parse(await apiRequest(path, { query: { ...query, page, page_size: MAX_PAGE_SIZE } }));
  const items = await pageOf(1);
  if (items.length < MAX_PAGE_SIZE) return items;
  for (let first = 2; ; first += PAGES_AT_ONCE) {
    const pages = await Promise.all(
      Array.from({ length: PAGES_AT_ONCE }, (_, index) => pageOf(first + index)),
    );
    for (const rows of pages) {
      items.push(...rows);
      if (rows.length < MAX_PAGE_SIZE) return items;
    }
  }
}

export const accountKeys = {
  locations: (clientId: number | undefined) => ['locations', clientId] as const,
  contacts: (clientId: number | undefined) => ['contacts', clientId] as const,
  client: (clientId: number | undefined) => ['client', clientId] as const,
};

export function locationsQuery(clientId: number | undefined) {
  return queryOptions({
    queryKey: accountKeys.locations(clientId),
    queryFn: (): Promise<Location[]> =>
      fetchAllPages('/api/locations/', locationSchema, { client_id: clientId }),
  });
}

/** GET /api/locations/{id}?client_id: one location with its thresholds and Atlas 14 depths. */
export function locationQuery(id: number, clientId: number | undefined) {
  return queryOptions({
    queryKey: [...accountKeys.locations(clientId), id],
    queryFn: async (): Promise<Location> =>
      locationSchema.parse(await apiRequest(`/api/locations/${id}`, { query: { client_id: clientId } })),
  });
}

export function contactsQuery(clientId: number | undefined) {
  return queryOptions({
    queryKey: accountKeys.contacts(clientId),
    queryFn: (): Promise<Contact[]> =>
      fetchAllPages('/api/contacts/', contactSchema, { client_id: clientId }),
  });
}

export function clientQuery(clientId: number | undefined) {
  return queryOptions({
    queryKey: accountKeys.client(clientId),
    queryFn: async (): Promise<Client> => clientSchema.parse(await apiRequest(`/api/clients/${clientId}`)),
    enabled: clientId !== undefined,
  });
}

/** The signed-in user, their access facts and the active account (first in `clients`). */
export function useActiveAccount() {
  const user = useCurrentUser();
  const viewer = user ? viewerOf(user) : null;
  const account = user?.clients[0] ?? null;
  return { user, viewer, account, clientId: account?.id };
}

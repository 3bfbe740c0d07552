import { bulkDeletedSchema } from '@pluvio/shared/bulk-delete';
import { type Contact, type ContactCreate, contactSchema } from '@pluvio/shared/contacts';
import { type ContactImportRow, type ImportResult, importResultSchema } from '@pluvio/shared/csv-import';
import { queryOptions } from '@tanstack/react-query';
import { accountKeys, fetchAllPages } from '../../lib/account-api';
import { apiRequest } from '../../lib/api-client';

/** Every cached contact list and contact starts with this key. */
export const CONTACTS_KEY = ['contacts'] as const;

/** GET /api/contacts/all/?a=true: every account's contacts (role admin and superusers). */
export const allContactsQuery = queryOptions({
  queryKey: [...CONTACTS_KEY, 'all'],
  queryFn: (): Promise<Contact[]> => fetchAllPages('/api/contacts/all/', contactSchema, { a: 'true' }),
});

/** GET /api/contacts/{id}: the contact the form edits when it arrives without one. */
export function contactQuery(id: number, clientId: number | undefined) {
  return queryOptions({
    queryKey: [...accountKeys.contacts(clientId), id],
    queryFn: async (): Promise<Contact> =>
      contactSchema.parse(await apiRequest(`/api/contacts/${id}`, { query: { client_id: clientId } })),
  });
}

/** POST /api/contacts/?client_id: a new contact of the active account. */
export async function createContact(clientId: number | undefined, body: ContactCreate): Promise<Contact> {
  return contactSchema.parse(
    await apiRequest('/api/contacts/', { method: 'POST', query: { client_id: clientId }, json: body }),
  );
}

/** PATCH /api/contacts/{id}/?client_id, in the contact's own account. */
export async function updateContact(contact: Contact, body: ContactCreate): Promise<Contact> {
  return contactSchema.parse(
    await apiRequest(`/api/contacts/${contact.id}/`, {
      method: 'PATCH',
      query: { client_id: contact.client_id },
      json: body,
    }),
  );
}

/** DELETE /api/contacts/{id}?client_id, in the contact's own account. */
export async function deleteContact(contact: Contact): Promise<void> {
  await apiRequest(`/api/contacts/${contact.id}`, {
    method: 'DELETE',
    query: { client_id: contact.client_id },
  });
}

/** POST /api/contacts/bulk-delete?client_id: many contacts of the account in one request; answers how many went. */
export async function deleteContacts(ids: number[], clientId: number | undefined): Promise<number> {
  const answer = await apiRequest('/api/contacts/bulk-delete', {
    method: 'POST',
    query: { client_id: clientId },
    json: { ids },
  });
  return bulkDeletedSchema.parse(answer).deleted;
}

/** POST /api/contacts/import?client_id: the rows of a file in one request; `preview` changes nothing. */
export async function importContacts(
  clientId: number | undefined,
  rows: ContactImportRow[],
  preview: boolean,
): Promise<ImportResult> {
  return importResultSchema.parse(
    await apiRequest('/api/contacts/import', {
      method: 'POST',
      query: { client_id: clientId },
      json: { rows, preview },
    }),
  );
}

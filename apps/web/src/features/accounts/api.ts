import { type Client, type ClientCreate, type ClientPatch, clientSchema } from '@pluvio/shared/clients';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { accountKeys, fetchAllPages } from '../../lib/account-api';
import { apiRequest } from '../../lib/api-client';

/** Client accounts: list, create, change, delete, associated accounts (spec part 2 §7 "Clients"). */

const CLIENTS_PATH = '/api/clients/';

export const clientsKey = ['clients'] as const;

/** Superusers: every account; others: the accounts they own or co-own. All pages are read. */
export const clientsQuery = queryOptions({
  queryKey: clientsKey,
  queryFn: (): Promise<Client[]> => fetchAllPages(CLIENTS_PATH, clientSchema),
});

function clientPath(id: number): string {
  return `/api/clients/${id}`;
}

export async function createClient(fields: ClientCreate): Promise<Client> {
  return clientSchema.parse(await apiRequest(CLIENTS_PATH, { method: 'POST', json: fields }));
}

/** PATCH /api/clients/{id}: client fields or notification settings; the answer is the client. */
export async function updateClient(id: number, changes: ClientPatch): Promise<Client> {
  return clientSchema.parse(
    await apiRequest(clientPath(id), { method: 'PATCH', json: changes, query: { client_id: id } }),
  );
}

export async function deleteClient(id: number): Promise<void> {
  await apiRequest(clientPath(id), { method: 'DELETE', query: { client_id: id } });
}

/** POST /api/clients/{id}/new: a new account like `source`, under another name. */
export async function createAssociatedAccount(source: Client, accountName: string): Promise<Client> {
  return clientSchema.parse(
    await apiRequest(`${clientPath(source.id)}/new`, {
      method: 'POST',
      json: { ...source, account_name: accountName },
      query: { client_id: source.id },
    }),
  );
}

/** After a change: the cached client takes the server's answer and the account list reloads. */
export async function storeClient(queryClient: QueryClient, client: Client): Promise<void> {
  queryClient.setQueryData(accountKeys.client(client.id), client);
  await queryClient.invalidateQueries({ queryKey: clientsKey });
}

export async function forgetClient(queryClient: QueryClient, id: number): Promise<void> {
  queryClient.removeQueries({ queryKey: accountKeys.client(id) });
  await queryClient.invalidateQueries({ queryKey: clientsKey });
}

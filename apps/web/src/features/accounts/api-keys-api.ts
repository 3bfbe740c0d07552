import {
  type ApiKey,
  apiKeySchema,
  type CreateApiKey,
  type CreatedApiKey,
  createdApiKeySchema,
} from '@pluvio/shared/api-keys';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

/** An account owner's API keys (issue 29): list, create (the key comes back once), revoke. */

export const apiKeysKey = (clientId: number) => ['api-keys', clientId] as const;

export const apiKeysQuery = (clientId: number) =>
  queryOptions({
    queryKey: apiKeysKey(clientId),
    queryFn: async (): Promise<ApiKey[]> =>
      z.array(apiKeySchema).parse(await apiRequest('/api/api-keys', { query: { client_id: clientId } })),
  });

export async function createApiKey(clientId: number, input: CreateApiKey): Promise<CreatedApiKey> {
  return createdApiKeySchema.parse(
    await apiRequest('/api/api-keys', { method: 'POST', json: input, query: { client_id: clientId } }),
  );
}

export async function revokeApiKey(clientId: number, id: number): Promise<void> {
  await apiRequest(`/api/api-keys/${id}`, { method: 'DELETE', query: { client_id: clientId } });
}

import { Text } from '@mantine/core';
import { CLIENT_MESSAGES, type Client } from '@pluvio/shared/clients';
import { MESSAGES } from '@pluvio/shared/messages';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorMessage } from '../../components/form-message';
import { clientQuery } from '../../lib/account-api';

/** Reads the account `clientId` and shows `children` of it; no account or a failed read says so. */
export function LoadedClient({
  clientId,
  children,
}: {
  clientId: number | undefined;
  children: (client: Client) => ReactNode;
}) {
  const client = useQuery(clientQuery(clientId));
  if (clientId === undefined || client.isError)
    return <ErrorMessage>{CLIENT_MESSAGES.loadFailed}</ErrorMessage>;
  if (client.isPending) return <Text role="status">{MESSAGES.loading}</Text>;
  return children(client.data);
}

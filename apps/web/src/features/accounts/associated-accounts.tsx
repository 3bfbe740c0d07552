import { Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { planLabel } from '@pluvio/shared/billing';
import { CLIENT_MESSAGES, type Client } from '@pluvio/shared/clients';
import { MESSAGES } from '@pluvio/shared/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { UpgradeLink } from '../../components/upgrade-link';
import { failureMessage } from '../../lib/api-client';
import { refreshCurrentUser } from '../../lib/current-user';
import { clientsKey, clientsQuery, createAssociatedAccount } from './api';
import { SettingsSection } from './settings-section';

function OtherAccounts({ current }: { current: Client }) {
  const clients = useQuery(clientsQuery);
  if (clients.isPending) return <Text role="status">{MESSAGES.loading}</Text>;
  if (clients.isError) return <ErrorMessage>{failureMessage(clients.error, MESSAGES.tryAgain)}</ErrorMessage>;
  const others = clients.data.filter((client) => client.id !== current.id && client.status === 'active');
  if (others.length === 0) return <Text size="sm">No other active accounts.</Text>;
  return (
    <List aria-label="Other accounts" spacing={4}>
      {others.map((client) => (
        <List.Item key={client.id}>
          {client.account_name} ({planLabel(client)}){' '}
          <UpgradeLink clientId={client.id} size="sm" aria-label={`Upgrade ${client.account_name}`}>
            Upgrade
          </UpgradeLink>
        </List.Item>
      ))}
    </List>
  );
}

/** A new account is created like this one under another name; it then appears in the account switcher. */
function AddAssociatedAccount({ source }: { source: Client }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [missingName, setMissingName] = useState(false);
  const create = useMutation({
    mutationFn: (accountName: string) => createAssociatedAccount(source, accountName),
    onSuccess: async () => {
      setName('');
      await Promise.all([queryClient.invalidateQueries({ queryKey: clientsKey }), refreshCurrentUser()]);
    },
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const accountName = name.trim();
        setMissingName(!accountName);
        if (accountName) create.mutate(accountName);
      }}
      noValidate
    >
      <Stack gap="sm">
        <Title order={3} fz="h4">
          Add Associated Account
        </Title>
        <Text size="sm">{CLIENT_MESSAGES.associatedStartsAsTrial}</Text>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label="New Account Name"
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={missingName ? CLIENT_MESSAGES.accountNameRequired : undefined}
            style={{ flexGrow: 1 }}
          />
          <Button type="submit" loading={create.isPending} mt={{ base: 0, xs: 25 }}>
            Add Associated Account
          </Button>
        </Group>
        {create.isSuccess && <InfoMessage>{CLIENT_MESSAGES.associatedAdded}</InfoMessage>}
        {create.isError && <ErrorMessage>{failureMessage(create.error, MESSAGES.tryAgain)}</ErrorMessage>}
      </Stack>
    </form>
  );
}

/** Non-superusers: their other active accounts and a way to add one (spec part 2 §2 "Client form"). */
export function AssociatedAccounts({ client }: { client: Client }) {
  return (
    <SettingsSection id="associated-accounts" title="Associated Accounts">
      <OtherAccounts current={client} />
      <AddAssociatedAccount source={client} />
    </SettingsSection>
  );
}

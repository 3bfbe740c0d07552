import { Button, Code, Group, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { alertTimeLabel } from '@pluvio/shared/alerts';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKey,
  type CreateApiKey,
  createApiKeySchema,
} from '@pluvio/shared/api-keys';
import { MESSAGES } from '@pluvio/shared/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { askToConfirm } from '../../components/confirm-dialog';
import { RowDeleteButton } from '../../components/delete-button';
import { ErrorMessage } from '../../components/form-message';
import { TableHead } from '../../components/table-head';
import { failureMessage } from '../../lib/api-client';
import { useTimeZone } from '../../lib/app-config';
import { validateWith } from '../../lib/form-validation';
import { apiKeysKey, apiKeysQuery, createApiKey, revokeApiKey } from './api-keys-api';
import { SettingsSection } from './settings-section';
import { CreateOnceActions, CreateOnceDialog, type OnceSecret } from './shown-once';

function KeyRow({ clientId, apiKey }: { clientId: number; apiKey: ApiKey }) {
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const revoke = useMutation({
    mutationFn: () => revokeApiKey(clientId, apiKey.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(clientId) }),
  });
  const confirmRevoke = async () => {
    const confirmed = await askToConfirm({
      title: `Revoke ${apiKey.name}?`,
      question: `Revoke the API key ${apiKey.name} (${apiKey.prefix}…)?`,
      consequence: 'Scripts that use it are refused from now on. This cannot be undone.',
      confirmLabel: 'Revoke',
      danger: true,
    });
    if (confirmed) revoke.mutate();
  };
  return (
    <Table.Tr>
      <Table.Td>{apiKey.name}</Table.Td>
      <Table.Td>{API_KEY_SCOPE_LABELS[apiKey.scope]}</Table.Td>
      <Table.Td>
        <Code>{apiKey.prefix}…</Code>
      </Table.Td>
      <Table.Td>{alertTimeLabel(new Date(apiKey.created_at), timeZone)}</Table.Td>
      <Table.Td>
        {apiKey.last_used_at ? alertTimeLabel(new Date(apiKey.last_used_at), timeZone) : 'Never'}
      </Table.Td>
      <Table.Td>
        <RowDeleteButton busy={revoke.isPending} onClick={confirmRevoke} label={`Revoke ${apiKey.name}`}>
          Revoke
        </RowDeleteButton>
        {revoke.isError && <ErrorMessage>{failureMessage(revoke.error, MESSAGES.tryAgain)}</ErrorMessage>}
      </Table.Td>
    </Table.Tr>
  );
}

function CreateKeyDialog({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<CreateApiKey>({
    initialValues: { name: '', scope: 'read' },
    validate: validateWith<CreateApiKey>(createApiKeySchema),
  });
  const create = useMutation({
    mutationFn: (values: CreateApiKey) => createApiKey(clientId, createApiKeySchema.parse(values)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(clientId) }),
  });
  const created: OnceSecret | null = create.data
    ? {
        note: (
          <>
            Copy the key <strong>{create.data.name}</strong> now: it will not be shown again. Send it as{' '}
            <Code>Authorization: Bearer {'<key>'}</Code>.
          </>
        ),
        value: create.data.key,
        label: 'New API key',
        copyLabel: 'Copy key',
      }
    : null;
  return (
    <CreateOnceDialog title="Create API Key" created={created} onClose={onClose}>
      <form noValidate onSubmit={form.onSubmit((values) => create.mutate(values))}>
        <Stack>
          <TextInput
            label="Name"
            description="What the key is for, such as the script that uses it."
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Radio.Group label="Access" {...form.getInputProps('scope')}>
            <Stack gap="xs" mt="xs">
              {API_KEY_SCOPES.map((each) => (
                <Radio key={each} value={each} label={API_KEY_SCOPE_LABELS[each]} />
              ))}
            </Stack>
          </Radio.Group>
          <CreateOnceActions create={create} submitLabel="Create Key" onClose={onClose} />
        </Stack>
      </form>
    </CreateOnceDialog>
  );
}

function KeyTable({ clientId, keys }: { clientId: number; keys: ApiKey[] }) {
  if (keys.length === 0) return <Text size="sm">No API keys.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="API keys">
        <TableHead columns={['Name', 'Access', 'Key', 'Created', 'Last used', '']} />
        <Table.Tbody>
          {keys.map((apiKey) => (
            <KeyRow key={apiKey.id} clientId={clientId} apiKey={apiKey} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The account owner's API keys: for scripts and integrations that call the Pluvio API as them. */
export function ApiKeys({ clientId }: { clientId: number }) {
  const keys = useQuery(apiKeysQuery(clientId));
  const [creating, setCreating] = useState(false);
  return (
    <SettingsSection id="api-keys" title="API Keys">
      <Text size="sm">
        A script or integration calls the Pluvio API with a key instead of your password. A key acts as you on
        this account only; a read-only key cannot change anything. Revoke a key as soon as it is no longer
        used.
      </Text>
      {keys.isPending && <Text role="status">{MESSAGES.loading}</Text>}
      {keys.isError && <ErrorMessage>{failureMessage(keys.error, MESSAGES.tryAgain)}</ErrorMessage>}
      {keys.data && <KeyTable clientId={clientId} keys={keys.data} />}
      <Group>
        <Button variant="outline" onClick={() => setCreating(true)}>
          Create API Key
        </Button>
      </Group>
      {creating && <CreateKeyDialog clientId={clientId} onClose={() => setCreating(false)} />}
    </SettingsSection>
  );
}

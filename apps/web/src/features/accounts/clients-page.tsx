import {
  ActionIcon,
  Button,
  Checkbox,
  Container,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CLIENT_FILTERS,
  CLIENT_MESSAGES,
  type Client,
  type ClientFilter,
  filterClients,
} from '@pluvio/shared/clients';
import { deleteConfirmation, MESSAGES } from '@pluvio/shared/messages';
import { canManageClients } from '@pluvio/shared/permissions';
import { accountLevel, tierLabel } from '@pluvio/shared/tiers';
import { plural } from '@pluvio/shared/words';
import { IconUserShare } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { ActAsNotice } from '../../components/act-as-notice';
import { askToConfirm } from '../../components/confirm-dialog';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { EditDeleteIcons } from '../../components/record-table';
import { SettingsTabs } from '../../components/settings-tabs';
import { useActiveAccount } from '../../lib/account-api';
import { failureMessage } from '../../lib/api-client';
import { PATHS } from '../../lib/routes';
import { useIsSettingsNarrow } from '../../lib/use-is-mobile';
import { useActAs } from '../../lib/use-switch-user';
import { clientsQuery, deleteClient, forgetClient } from './api';

const FILTER_LABELS: Record<ClientFilter, string> = {
  gold: 'Gold',
  silver: 'Silver',
  bronze: 'Bronze',
  trial: 'Trial',
};

/** The system-health cards open this page with `{filter}` in the navigation state (spec part 1 §2). */
const arrivalStateSchema = z.object({ filter: z.enum(CLIENT_FILTERS) });

function useArrivalFilters(): ClientFilter[] {
  const parsed = arrivalStateSchema.safeParse(useLocation().state);
  return parsed.success ? [parsed.data.filter] : [];
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function ClientFilters({
  filters,
  onFiltersChange,
  search,
  onSearchChange,
}: {
  filters: ClientFilter[];
  onFiltersChange: (filters: ClientFilter[]) => void;
  search: string;
  onSearchChange: (search: string) => void;
}) {
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Checkbox.Group
        label="Show"
        value={filters}
        onChange={(value) => onFiltersChange(value as ClientFilter[])}
      >
        <Group gap="md" mt={10}>
          {CLIENT_FILTERS.map((filter) => (
            <Checkbox key={filter} value={filter} label={FILTER_LABELS[filter]} />
          ))}
        </Group>
      </Checkbox.Group>
      <TextInput
        type="search"
        label="Search"
        placeholder="Name, e-mail or phone"
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        miw={260}
        style={{ flexGrow: 1 }}
      />
    </Group>
  );
}

interface RowActions {
  actAs: (client: Client) => void;
  edit: (client: Client) => void;
  remove: (client: Client) => Promise<void>;
  busy: boolean;
}

function ClientRow({ client, actions, narrow }: { client: Client; actions: RowActions; narrow: boolean }) {
  const name = client.account_name;
  return (
    <Table.Tr>
      <Table.Td>{name}</Table.Td>
      {!narrow && <Table.Td>{capitalized(client.account_type)}</Table.Td>}
      {!narrow && <Table.Td ta="right">{client.locations_count}</Table.Td>}
      <Table.Td>{tierLabel(accountLevel(client))}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Act as the owner of ${name}`}
            title={client.owner_email ? `Act as ${client.owner_email}` : 'This account has no owner'}
            disabled={!client.owner_email || actions.busy}
            onClick={() => actions.actAs(client)}
          >
            <IconUserShare size={18} aria-hidden="true" />
          </ActionIcon>
          <EditDeleteIcons
            name={name}
            busy={actions.busy}
            onEdit={() => actions.edit(client)}
            onDelete={() => actions.remove(client)}
          />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function ClientTable({ clients, actions }: { clients: Client[]; actions: RowActions }) {
  const narrow = useIsSettingsNarrow();
  return (
    <Table.ScrollContainer minWidth={narrow ? 0 : 640}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Account Name</Table.Th>
            {!narrow && <Table.Th>Status</Table.Th>}
            {!narrow && <Table.Th ta="right">Locations</Table.Th>}
            <Table.Th>Account Type</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
            <ClientRow key={client.id} client={client} actions={actions} narrow={narrow} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ClientManagement() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const arrivalFilters = useArrivalFilters();
  const [filters, setFilters] = useState(arrivalFilters);
  const [search, setSearch] = useState('');
  const clients = useQuery(clientsQuery);
  const actAs = useActAs();
  const remove = useMutation({
    mutationFn: (client: Client) => deleteClient(client.id),
    onSuccess: (_, client) => forgetClient(queryClient, client.id),
  });

  const actions: RowActions = {
    actAs: (client) => {
      if (client.owner_email) void actAs.ask(client.owner_email, `the owner of ${client.account_name}`);
    },
    edit: (client) => navigate(PATHS.clientForm, { state: { client } }),
    remove: async (client) => {
      const question = deleteConfirmation('client', client.account_name, CLIENT_MESSAGES.deleteConfirm);
      if (await askToConfirm(question)) remove.mutate(client);
    },
    busy: actAs.busy || remove.isPending,
  };
  const all = clients.data ?? [];
  const shown = filterClients(all, filters, search);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <ClientFilters
          filters={filters}
          onFiltersChange={setFilters}
          search={search}
          onSearchChange={setSearch}
        />
        <Button onClick={() => navigate(PATHS.clientForm)}>Add Client</Button>
      </Group>
      <ActAsNotice actAs={actAs} />
      {remove.isError && <ErrorMessage>{CLIENT_MESSAGES.deleteFailed}</ErrorMessage>}
      {clients.isPending && <Text role="status">{MESSAGES.loading}</Text>}
      {clients.isError && <ErrorMessage>{failureMessage(clients.error, MESSAGES.tryAgain)}</ErrorMessage>}
      {clients.isSuccess && (
        <>
          <Text size="sm" c="dimmed" role="status">
            Showing {shown.length} of {plural(all.length, 'account')}
          </Text>
          <ClientTable clients={shown} actions={actions} />
        </>
      )}
    </Stack>
  );
}

/** /settings-admin: client management, tier 4 only (spec part 2 §2 "Clients"). */
export function ClientsPage() {
  const { viewer } = useActiveAccount();
  return (
    <Container size="lg" py="lg">
      <SettingsTabs />
      <Stack>
        <Title order={1}>Clients</Title>
        {viewer && canManageClients(viewer) ? (
          <ClientManagement />
        ) : (
          <InfoMessage>{MESSAGES.administratorsOnly}</InfoMessage>
        )}
      </Stack>
    </Container>
  );
}

import {
  Badge,
  Container,
  Group,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { alertTimeLabel } from '@pluvio/shared/alerts';
import { MESSAGES } from '@pluvio/shared/messages';
import {
  type DeliveryCounts,
  type DeliveryLogEntry,
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  type OutboxChannel,
} from '@pluvio/shared/outbox.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { ErrorMessage } from '../../components/form-message';
import { RefreshableTitle } from '../../components/refreshable-title';
import { ScrollRegion } from '../../components/scroll-region';
import { failureMessage } from '../../lib/api-client';
import { useTimeZone } from '../../lib/app-config';
import { type DeliveryLogFilters, deliveryLogQuery } from './api';
import { messageKindLabel, STATUS_COLORS } from './outbox-status';

const CHANNEL_LABELS: Record<OutboxChannel, string> = { email: 'E-mail', sms: 'SMS' };

const ALL = '';
const CHANNEL_OPTIONS = [
  { value: ALL, label: 'All channels' },
  ...OUTBOX_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] })),
];
const STATUS_OPTIONS = [{ value: ALL, label: 'All statuses' }, ...OUTBOX_STATUSES];

function StatusCounts({ counts }: { counts: DeliveryCounts }) {
  const shown = OUTBOX_STATUSES.filter((status) => counts[status] > 0);
  if (shown.length === 0) return null;
  return (
    <Group gap="xs" component="ul" aria-label="Messages by status" style={{ listStyle: 'none', padding: 0 }}>
      {shown.map((status) => (
        <li key={status}>
          <Badge variant="dot" size="lg" tt="none" color={STATUS_COLORS[status]}>
            {counts[status]} {status}
          </Badge>
        </li>
      ))}
    </Group>
  );
}

function StatusCell({ entry }: { entry: DeliveryLogEntry }) {
  return (
    <Stack gap={2}>
      <Badge variant="dot" color={STATUS_COLORS[entry.status]} size="sm">
        {entry.status}
      </Badge>
      {entry.last_error && (
        <Text size="xs" c="red.9" maw={260}>
          {entry.last_error}
        </Text>
      )}
    </Stack>
  );
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function DeliveryTable({ entries, timeZone }: { entries: DeliveryLogEntry[]; timeZone: string }) {
  const time = (iso: string) => alertTimeLabel(new Date(iso), timeZone);
  return (
    <ScrollRegion label="Delivery log table">
      <Table striped miw={1040} aria-label="Messages">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Queued</Table.Th>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Recipient</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Status time</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={NO_WRAP}>{time(entry.queued_at)}</Table.Td>
              <Table.Td style={NO_WRAP}>{CHANNEL_LABELS[entry.channel]}</Table.Td>
              <Table.Td style={NO_WRAP}>{messageKindLabel(entry.kind)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.recipient}</Table.Td>
              <Table.Td>{entry.subject ?? ''}</Table.Td>
              <Table.Td>
                <StatusCell entry={entry} />
              </Table.Td>
              <Table.Td style={NO_WRAP}>{time(entry.status_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/** /admin/deliveries: every account's e-mails and texts and how each fared (issue 6 point 6), superusers only. */
export function DeliveryLogPage() {
  const timeZone = useTimeZone();
  const [filters, setFilters] = useState<DeliveryLogFilters>({});
  const [page, setPage] = useState(1);
  const query = useQuery({ ...deliveryLogQuery(filters, page), placeholderData: keepPreviousData });
  const log = query.data;
  const pages = log ? Math.max(1, Math.ceil(log.total / log.page_size)) : 1;

  /** The change handler of one filter: an emptied field shows everything again, from the first page. */
  const filterBy =
    (key: keyof DeliveryLogFilters) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      setFilters({ ...filters, [key]: event.currentTarget.value || undefined });
      setPage(1);
    };

  return (
    <Container size="xl" py="lg">
      <Stack>
        <RefreshableTitle
          title="Delivery Log"
          refreshing={query.isFetching}
          onRefresh={() => query.refetch()}
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }} role="search" aria-label="Filter messages">
          <NativeSelect
            label="Channel"
            data={CHANNEL_OPTIONS}
            value={filters.channel ?? ALL}
            onChange={filterBy('channel')}
          />
          <NativeSelect
            label="Status"
            data={STATUS_OPTIONS}
            value={filters.status ?? ALL}
            onChange={filterBy('status')}
          />
          <TextInput
            type="date"
            label="From"
            value={filters.start_date ?? ''}
            onChange={filterBy('start_date')}
          />
          <TextInput type="date" label="To" value={filters.end_date ?? ''} onChange={filterBy('end_date')} />
        </SimpleGrid>
        {query.isPending && <Text role="status">{MESSAGES.loading}</Text>}
        {query.isError && (
          <ErrorMessage>{failureMessage(query.error, 'Could not load the delivery log.')}</ErrorMessage>
        )}
        {log && <StatusCounts counts={log.counts} />}
        {log && log.items.length === 0 && <Text>No messages in this range</Text>}
        {log && log.items.length > 0 && <DeliveryTable entries={log.items} timeZone={timeZone} />}
        {pages > 1 && (
          <Pagination total={pages} value={page} onChange={setPage} aria-label="Delivery log pages" />
        )}
      </Stack>
    </Container>
  );
}

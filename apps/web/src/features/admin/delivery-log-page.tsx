import { Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { alertTimeLabel } from '@pluvio/shared/alerts';
import {
  type DeliveryCounts,
  type DeliveryLogEntry,
  OUTBOX_CHANNELS,
  OUTBOX_HELD_MEANING,
  OUTBOX_STATUS_LABELS,
  OUTBOX_STATUSES,
  type OutboxChannel,
} from '@pluvio/shared/outbox.schemas';
import type { ChangeEvent } from 'react';
import { deliveryLogQuery } from './api';
import { DateRangeFields, useLog } from './log-filters';
import { messageKindLabel, StatusBadge } from './outbox-status';
import { type LogColumn, type LogWords, NO_WRAP, PagedLog, WRAP_ANYWHERE } from './paged-log';

const WORDS: LogWords = {
  title: 'Delivery Log',
  tableLabel: 'Messages',
  loadError: 'Could not load the delivery log.',
  empty: 'No messages in this range',
};

const CHANNEL_LABELS: Record<OutboxChannel, string> = { email: 'E-mail', sms: 'SMS' };

const ALL = '';
const CHANNEL_OPTIONS = [
  { value: ALL, label: 'All channels' },
  ...OUTBOX_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] })),
];
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...OUTBOX_STATUSES.map((status) => ({ value: status, label: OUTBOX_STATUS_LABELS[status] })),
];

function StatusCounts({ counts }: { counts: DeliveryCounts }) {
  const shown = OUTBOX_STATUSES.filter((status) => counts[status] > 0);
  if (shown.length === 0) return null;
  return (
    <Group gap="xs" component="ul" aria-label="Messages by status" style={{ listStyle: 'none', padding: 0 }}>
      {shown.map((status) => (
        <li key={status}>
          <StatusBadge status={status} size="lg">
            {counts[status]} {OUTBOX_STATUS_LABELS[status].toLowerCase()}
          </StatusBadge>
        </li>
      ))}
    </Group>
  );
}

function StatusCell({ entry }: { entry: DeliveryLogEntry }) {
  return (
    <Stack gap={2}>
      <StatusBadge status={entry.status} size="sm" />
      {entry.status === 'held' && (
        <Text size="xs" c="dimmed" maw={260}>
          {OUTBOX_HELD_MEANING}
        </Text>
      )}
      {entry.last_error && (
        <Text size="xs" c="red.9" maw={260}>
          {entry.last_error}
        </Text>
      )}
    </Stack>
  );
}

const COLUMNS = (timeZone: string): LogColumn<DeliveryLogEntry>[] => [
  { header: 'Queued', cell: (entry) => alertTimeLabel(new Date(entry.queued_at), timeZone), style: NO_WRAP },
  { header: 'Channel', cell: (entry) => CHANNEL_LABELS[entry.channel], style: NO_WRAP },
  { header: 'Kind', cell: (entry) => messageKindLabel(entry.kind), style: NO_WRAP },
  { header: 'Recipient', cell: (entry) => entry.recipient, style: WRAP_ANYWHERE },
  { header: 'Subject', cell: (entry) => entry.subject ?? '' },
  { header: 'Status', cell: (entry) => <StatusCell entry={entry} /> },
  {
    header: 'Status time',
    cell: (entry) => alertTimeLabel(new Date(entry.status_at), timeZone),
    style: NO_WRAP,
  },
];

/** /admin/deliveries: every account's e-mails and texts and how each fared (issue 6 point 6), superusers only. */
export function DeliveryLogPage() {
  const { filters, narrow, log } = useLog(deliveryLogQuery);
  /** The change handler of one list: the first choice, All, shows everything again. */
  const filterBy = (key: 'channel' | 'status') => (event: ChangeEvent<HTMLSelectElement>) =>
    narrow({ [key]: event.currentTarget.value || undefined });

  return (
    <PagedLog
      words={WORDS}
      log={log}
      columns={COLUMNS}
      summary={log.query.data && <StatusCounts counts={log.query.data.counts} />}
      filters={
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
          <DateRangeFields range={filters} onChange={narrow} />
        </SimpleGrid>
      }
    />
  );
}

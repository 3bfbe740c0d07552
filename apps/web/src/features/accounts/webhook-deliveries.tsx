import { Code, Table, Text } from '@mantine/core';
import { alertTimeLabel } from '@pluvio/shared/alerts';
import { MESSAGES } from '@pluvio/shared/messages';
import type { WebhookDelivery, WebhookDeliveryStatus } from '@pluvio/shared/webhooks';
import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../components/form-message';
import { ScrollRegion } from '../../components/scroll-region';
import { PaleBadge } from '../../components/storm-status-badge';
import { TableHead } from '../../components/table-head';
import { failureMessage } from '../../lib/api-client';
import { useTimeZone } from '../../lib/app-config';
import { webhookDeliveriesQuery } from './webhooks-api';

/** How often an open log is read again while a delivery waits for its first attempt. */
const DELIVERY_POLL_MS = 2000;

const STATUSES: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'blue' },
  delivered: { label: 'Delivered', color: 'green' },
  retrying: { label: 'Retrying', color: 'orange' },
  failed: { label: 'Failed', color: 'red' },
};

/** Whether the log should be read again: a delivery not tried yet, or the test just queued not listed yet. */
function stillSending(deliveries: WebhookDelivery[] | undefined, awaitedId: number | null): boolean {
  if (!deliveries) return false;
  if (awaitedId !== null && !deliveries.some((delivery) => delivery.id === awaitedId)) return true;
  return deliveries.some((delivery) => delivery.status === 'pending');
}

/** Short cells stay on one line; the error wraps, and the table scrolls inside its box on a phone. */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

function DeliveryRow({ delivery, timeZone }: { delivery: WebhookDelivery; timeZone: string }) {
  const status = STATUSES[delivery.status];
  return (
    <Table.Tr>
      <Table.Td style={ONE_LINE}>{alertTimeLabel(new Date(delivery.created_at), timeZone)}</Table.Td>
      <Table.Td style={ONE_LINE}>
        <Code>{delivery.event_type}</Code>
      </Table.Td>
      <Table.Td>
        <PaleBadge color={status.color} miw="max-content">
          {status.label}
        </PaleBadge>
      </Table.Td>
      <Table.Td style={ONE_LINE}>{delivery.response_code ?? 'None'}</Table.Td>
      <Table.Td ta="right">{delivery.attempts}</Table.Td>
      <Table.Td miw={200} style={{ overflowWrap: 'anywhere' }}>
        {delivery.error ?? ''}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * An endpoint's delivery log, newest first, read again every few seconds while a delivery is on
 * its way (`awaitedId` is the test event just queued); wide tables scroll inside their box.
 */
export function WebhookDeliveries({
  clientId,
  webhookId,
  url,
  awaitedId,
}: {
  clientId: number;
  webhookId: number;
  url: string;
  awaitedId: number | null;
}) {
  const timeZone = useTimeZone();
  const deliveries = useQuery({
    ...webhookDeliveriesQuery(clientId, webhookId),
    refetchInterval: (query) => (stillSending(query.state.data, awaitedId) ? DELIVERY_POLL_MS : false),
  });
  if (deliveries.isPending) return <Text role="status">{MESSAGES.loading}</Text>;
  if (deliveries.isError)
    return <ErrorMessage>{failureMessage(deliveries.error, MESSAGES.tryAgain)}</ErrorMessage>;
  if (deliveries.data.length === 0) return <Text size="sm">No deliveries yet.</Text>;
  return (
    <ScrollRegion label={`Deliveries to ${url}`}>
      <Table striped miw={720} verticalSpacing="xs" aria-label="Deliveries">
        <TableHead
          columns={['Time', 'Event', 'Status', 'Response', { label: 'Attempts', numeric: true }, 'Error']}
        />
        <Table.Tbody>
          {deliveries.data.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} timeZone={timeZone} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

import { Badge, Button, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { ALERT_MESSAGES, type Alert, alertLabel, alertTimeLabel } from '@pluvio/shared/alerts';
import { MESSAGES } from '@pluvio/shared/messages';
import { deliveryStatusLabel } from '@pluvio/shared/outbox.schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorMessage } from '../../components/form-message';
import { ScrollRegion } from '../../components/scroll-region';
import { TableHead } from '../../components/table-head';
import { useActiveAccount } from '../../lib/account-api';
import { ALERTS_PAGE_SIZE, alertsQuery } from '../../lib/alerts-api';
import { failureMessage } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';

function Deliveries({ alert }: { alert: Alert }) {
  if (!alert.notified) return <Text size="sm">{ALERT_MESSAGES.foundInPastData}</Text>;
  if (alert.deliveries.length === 0) return <Text size="sm">No recipients</Text>;
  return (
    <Stack gap={2}>
      {alert.deliveries.map((delivery) => (
        <Group key={`${delivery.channel} ${delivery.recipient}`} gap={6} wrap="nowrap">
          <Text size="sm">
            {delivery.channel === 'sms' ? 'SMS' : 'E-mail'} {delivery.recipient}
          </Text>
          <Badge size="sm" variant="light" tt="none" color={delivery.status === 'failed' ? 'red' : 'gray'}>
            {deliveryStatusLabel(delivery.status)}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}

/** /alerts: what fired at the account's locations, when, and whether it reached each recipient. */
export function AlertsPage() {
  const { clientId } = useActiveAccount();
  const timeZone = useAppConfig()?.time_zone ?? 'America/New_York';
  const [page, setPage] = useState(1);
  const query = useQuery(alertsQuery(clientId, page));
  const alerts = query.data ?? [];
  return (
    <Container size="xl" py="lg">
      <Stack>
        <Title order={1}>Alert History</Title>
        {query.isPending && <Text role="status">{MESSAGES.loading}</Text>}
        {query.isError && (
          <ErrorMessage>{failureMessage(query.error, 'Could not load the alerts.')}</ErrorMessage>
        )}
        {query.data && alerts.length === 0 && page === 1 && (
          <Text>No alerts yet. They appear here when rainfall reaches a location's thresholds.</Text>
        )}
        {alerts.length > 0 && (
          <ScrollRegion label="Alerts table">
            <Table striped miw={720} aria-label="Alerts">
              <TableHead
                columns={[
                  'Fired',
                  'Location',
                  'Alert',
                  { label: 'Amount (inches)', numeric: true },
                  { label: 'Threshold (inches)', numeric: true },
                  'Sent to',
                ]}
              />
              <Table.Tbody>
                {alerts.map((alert) => (
                  <Table.Tr key={alert.id}>
                    <Table.Td>{alertTimeLabel(new Date(alert.fired_at), timeZone)}</Table.Td>
                    <Table.Td>{alert.location_name}</Table.Td>
                    <Table.Td>{alertLabel(alert)}</Table.Td>
                    <Table.Td ta="right">{alert.value.toFixed(2)}</Table.Td>
                    <Table.Td ta="right">{alert.threshold.toFixed(2)}</Table.Td>
                    <Table.Td>
                      <Deliveries alert={alert} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
        {(page > 1 || alerts.length === ALERTS_PAGE_SIZE) && (
          <Group justify="space-between">
            <Button variant="default" disabled={page === 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <Button
              variant="default"
              disabled={alerts.length < ALERTS_PAGE_SIZE}
              onClick={() => setPage(page + 1)}
            >
              Older
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}

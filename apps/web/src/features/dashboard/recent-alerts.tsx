import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { alertLabel, alertTimeLabel } from '@pluvio/shared/alerts';
import { MESSAGES } from '@pluvio/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { alertsQuery } from '../../lib/alerts-api';
import { failureMessage } from '../../lib/api-client';
import { PATHS } from '../../lib/routes';

/** How many of the newest alerts the card lists. */
export const RECENT_ALERTS = 5;

/**
 * The dashboard's alerts card (spec part 1 §2, #alerts): the newest alerts of the account, as they
 * fire (RapidRain ones on quarter hours ahead of the processed hour too), and the way to the history.
 */
export function RecentAlerts({ clientId, timeZone }: { clientId: number | undefined; timeZone: string }) {
  const query = useQuery(alertsQuery(clientId, 1, RECENT_ALERTS));
  const alerts = query.data ?? [];
  return (
    <Paper component="section" id="alerts" aria-labelledby="alerts-heading" withBorder p="md">
      <Title order={2} size="h3" id="alerts-heading" mb="xs">
        Alerts
      </Title>
      {query.isPending && <Text role="status">{MESSAGES.loading}</Text>}
      {query.isError && (
        <Text role="alert" c="red.9" size="sm">
          {failureMessage(query.error, 'Could not load the alerts.')}
        </Text>
      )}
      {query.data && alerts.length === 0 && (
        <Text>No alerts yet. They appear here when rainfall reaches a location's thresholds.</Text>
      )}
      {alerts.length > 0 && (
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          mb="sm"
          aria-label="Newest alerts"
          style={{ listStyle: 'none' }}
        >
          {alerts.map((alert) => (
            <Group component="li" key={alert.id} gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {alert.location_name}
              </Text>
              <Text size="sm">
                {alertLabel(alert)}: {alert.value.toFixed(2)} in (threshold {alert.threshold.toFixed(2)} in)
              </Text>
              <Text size="sm" c="dimmed">
                {alertTimeLabel(new Date(alert.fired_at), timeZone)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      <Anchor component={Link} to={PATHS.alerts}>
        See the alert history
      </Anchor>
    </Paper>
  );
}

import { Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { Client } from '@pluvio/shared/clients';
import { MESSAGES } from '@pluvio/shared/messages';
import { accountLevel, meetsTier } from '@pluvio/shared/tiers';
import {
  WEBHOOK_DEFAULTS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_SIGNATURE_HEADER,
  type Webhook,
  type WebhookEventType,
} from '@pluvio/shared/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { askToConfirm } from '../../components/confirm-dialog';
import { RowDeleteButton } from '../../components/delete-button';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { PaleBadge } from '../../components/storm-status-badge';
import { UpgradeLink } from '../../components/upgrade-link';
import { failureMessage } from '../../lib/api-client';
import { AddWebhookDialog } from './add-webhook-dialog';
import { SettingsSection } from './settings-section';
import { WebhookDeliveries } from './webhook-deliveries';
import { deleteWebhook, sendTestEvent, updateWebhook, webhookKeys, webhooksQuery } from './webhooks-api';

const TEST_QUEUED = 'Test event queued; it appears below when sent.';

/** The endpoint's events in a few words: their codes, or 'All events'. */
function eventsSummary(events: WebhookEventType[]): string {
  return events.length === WEBHOOK_EVENT_TYPES.length ? 'All events' : events.join(', ');
}

function EndpointStatus({ webhook }: { webhook: Webhook }) {
  return (
    <>
      <PaleBadge color={webhook.enabled ? 'green' : 'gray'}>
        {webhook.enabled ? 'Enabled' : 'Disabled'}
      </PaleBadge>
      {webhook.disabled_reason && (
        <Text size="sm" c="red.9" w="100%">
          {webhook.disabled_reason}
        </Text>
      )}
    </>
  );
}

/** Send test event, Enable or Disable, Deliveries and Delete, with what each answered. */
function useEndpointActions(clientId: number, webhook: Webhook) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(clientId) });
  const test = useMutation({ mutationFn: () => sendTestEvent(clientId, webhook.id), onSuccess: refresh });
  const toggle = useMutation({
    mutationFn: () => updateWebhook(clientId, webhook.id, { enabled: !webhook.enabled }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: () => deleteWebhook(clientId, webhook.id), onSuccess: refresh });
  const confirmDelete = async () => {
    const confirmed = await askToConfirm({
      title: 'Delete this webhook endpoint?',
      question: `Delete the endpoint ${webhook.url}?`,
      consequence:
        'Pluvio stops sending it events, and its delivery log goes with it. This cannot be undone.',
      confirmLabel: 'Delete',
      danger: true,
    });
    if (confirmed) remove.mutate();
  };
  const failed = [test, toggle, remove].find((action) => action.isError);
  return { test, toggle, remove, confirmDelete, error: failed?.error ?? null };
}

function EndpointItem({ clientId, webhook }: { clientId: number; webhook: Webhook }) {
  const [logOpen, setLogOpen] = useState(false);
  const { test, toggle, remove, confirmDelete, error } = useEndpointActions(clientId, webhook);
  const sendTest = () => test.mutate(undefined, { onSuccess: () => setLogOpen(true) });
  return (
    <Paper component="li" withBorder p="sm" radius="sm">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Code style={{ overflowWrap: 'anywhere' }}>{webhook.url}</Code>
          <EndpointStatus webhook={webhook} />
        </Group>
        <Text size="sm">Events: {eventsSummary(webhook.events)}</Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="compact-sm"
            variant="outline"
            loading={test.isPending}
            onClick={sendTest}
            aria-label={`Send test event to ${webhook.url}`}
          >
            Send test event
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            loading={toggle.isPending}
            onClick={() => toggle.mutate()}
            aria-label={`${webhook.enabled ? 'Disable' : 'Enable'} ${webhook.url}`}
          >
            {webhook.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            aria-expanded={logOpen}
            onClick={() => setLogOpen((open) => !open)}
            aria-label={`Deliveries to ${webhook.url}`}
          >
            Deliveries
          </Button>
          <RowDeleteButton busy={remove.isPending} onClick={confirmDelete} label={`Delete ${webhook.url}`}>
            Delete
          </RowDeleteButton>
        </Group>
        {test.isSuccess && <InfoMessage>{TEST_QUEUED}</InfoMessage>}
        {error && <ErrorMessage>{failureMessage(error, MESSAGES.tryAgain)}</ErrorMessage>}
        {logOpen && (
          <WebhookDeliveries
            clientId={clientId}
            webhookId={webhook.id}
            url={webhook.url}
            awaitedId={test.data?.delivery_id ?? null}
          />
        )}
      </Stack>
    </Paper>
  );
}

function Endpoints({ clientId }: { clientId: number }) {
  const webhooks = useQuery(webhooksQuery(clientId));
  const [adding, setAdding] = useState(false);
  return (
    <>
      {webhooks.isPending && <Text role="status">{MESSAGES.loading}</Text>}
      {webhooks.isError && <ErrorMessage>{failureMessage(webhooks.error, MESSAGES.tryAgain)}</ErrorMessage>}
      {webhooks.data?.length === 0 && <Text size="sm">No webhook endpoints.</Text>}
      {webhooks.data && webhooks.data.length > 0 && (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Webhook endpoints"
        >
          {webhooks.data.map((webhook) => (
            <EndpointItem key={webhook.id} clientId={clientId} webhook={webhook} />
          ))}
        </Stack>
      )}
      <Group>
        <Button variant="outline" onClick={() => setAdding(true)}>
          Add Endpoint
        </Button>
      </Group>
      {adding && <AddWebhookDialog clientId={clientId} onClose={() => setAdding(false)} />}
    </>
  );
}

/** The account owner's webhook endpoints (silver and up): Pluvio posts the account's events to them, signed. */
export function Webhooks({ client }: { client: Client }) {
  const allowed = meetsTier(accountLevel(client), WEBHOOK_DEFAULTS.minTier);
  return (
    <SettingsSection id="webhooks" title="Webhooks">
      {allowed ? (
        <>
          <Text size="sm">
            Pluvio posts this account's events (alerts, daily reports, storm events and inspections) as JSON
            to your endpoints, each request signed in its <Code>{WEBHOOK_SIGNATURE_HEADER}</Code> header the
            way Stripe signs its own. A delivery that fails is tried again for {WEBHOOK_DEFAULTS.retryHours}{' '}
            hours; then the endpoint is disabled and you are told.
          </Text>
          <Endpoints clientId={client.id} />
        </>
      ) : (
        <Text size="sm">
          {WEBHOOK_MESSAGES.plan} <UpgradeLink>{MESSAGES.clickToUpgrade}</UpgradeLink>
        </Text>
      )}
    </SettingsSection>
  );
}

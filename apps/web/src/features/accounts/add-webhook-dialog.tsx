import { Checkbox, Code, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createWebhookSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEventType,
} from '@pluvio/shared/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { validateWith } from '../../lib/form-validation';
import { CreateOnceActions, CreateOnceDialog, type OnceSecret } from './shown-once';
import { createWebhook, webhookKeys } from './webhooks-api';

interface EndpointValues {
  url: string;
  events: WebhookEventType[];
}

const secretShownOnce = (secret: string): OnceSecret => ({
  note: (
    <>
      Store this signing secret now: it will not be shown again. Use it to check the{' '}
      <Code>{WEBHOOK_SIGNATURE_HEADER}</Code> header.
    </>
  ),
  value: secret,
  label: 'Signing secret',
  copyLabel: 'Copy secret',
});

/** Adds an endpoint for every event unless the owner unticks some; then shows its signing secret once. */
export function AddWebhookDialog({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<EndpointValues>({
    initialValues: { url: '', events: [...WEBHOOK_EVENT_TYPES] },
    validate: validateWith<EndpointValues>(createWebhookSchema),
  });
  const create = useMutation({
    mutationFn: (values: EndpointValues) => createWebhook(clientId, createWebhookSchema.parse(values)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(clientId) }),
  });
  return (
    <CreateOnceDialog
      title="Add Webhook Endpoint"
      created={create.data ? secretShownOnce(create.data.secret) : null}
      onClose={onClose}
    >
      <form noValidate onSubmit={form.onSubmit((values) => create.mutate(values))}>
        <Stack>
          <TextInput
            label="Endpoint URL"
            description="Where Pluvio posts each event as JSON, starting with https://"
            placeholder="https://example.com/pluvio-events"
            type="url"
            data-autofocus
            {...form.getInputProps('url')}
          />
          <Checkbox.Group label="Events" {...form.getInputProps('events')}>
            <Stack gap="xs" mt="xs">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={WEBHOOK_EVENT_LABELS[type]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <CreateOnceActions create={create} submitLabel="Add Endpoint" onClose={onClose} />
        </Stack>
      </form>
    </CreateOnceDialog>
  );
}

import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES } from '@pluvio/shared/messages';
import {
  type ReportRecipient,
  type ReportRecipientCreate,
  reportRecipientCreateSchema,
} from '@pluvio/shared/quotas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { failureMessage } from '../../lib/api-client';
import { validateWith } from '../../lib/form-validation';
import {
  addReportRecipient,
  removeReportRecipient,
  reportRecipientsKey,
  reportRecipientsQuery,
} from './report-recipients-api';
import { SettingsSection } from './settings-section';

function RecipientItem({ clientId, recipient }: { clientId: number; recipient: ReportRecipient }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeReportRecipient(clientId, recipient.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportRecipientsKey(clientId) }),
  });
  return (
    <List.Item>
      <Group gap="xs" wrap="wrap">
        <Text span>{recipient.email}</Text>
        <Text span size="sm" c="dimmed">
          {recipient.confirmed_at ? 'confirmed' : 'waiting for confirmation'}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          loading={remove.isPending}
          onClick={() => remove.mutate()}
          aria-label={`Remove ${recipient.email}`}
        >
          Remove
        </Button>
      </Group>
      {remove.isError && <ErrorMessage>{failureMessage(remove.error, MESSAGES.tryAgain)}</ErrorMessage>}
    </List.Item>
  );
}

function AddRecipient({ clientId }: { clientId: number }) {
  const queryClient = useQueryClient();
  const form = useForm<ReportRecipientCreate>({
    initialValues: { email: '' },
    validate: validateWith<ReportRecipientCreate>(reportRecipientCreateSchema),
  });
  const add = useMutation({
    mutationFn: (values: ReportRecipientCreate) =>
      addReportRecipient(clientId, reportRecipientCreateSchema.parse(values).email),
    onSuccess: async () => {
      form.reset();
      await queryClient.invalidateQueries({ queryKey: reportRecipientsKey(clientId) });
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => add.mutate(values))}>
      <Stack gap="sm">
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label="E-mail address"
            type="email"
            style={{ flexGrow: 1 }}
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={add.isPending} mt={{ base: 0, xs: 25 }}>
            Add Recipient
          </Button>
        </Group>
        {add.isSuccess && (
          <InfoMessage>{`A confirmation link was e-mailed to ${add.data.email}.`}</InfoMessage>
        )}
        {add.isError && <ErrorMessage>{failureMessage(add.error, MESSAGES.tryAgain)}</ErrorMessage>}
      </Stack>
    </form>
  );
}

/**
 * Owners and co-owners: addresses outside the account that its reports may be e-mailed to. Each
 * receives reports only after following the link e-mailed to it.
 */
export function ReportRecipients({ clientId }: { clientId: number }) {
  const recipients = useQuery(reportRecipientsQuery(clientId));
  return (
    <SettingsSection id="report-recipients" title="Report Recipients">
      <Text size="sm">
        Reports go to you, the account&apos;s owner and its contacts. To send them to another address, add it
        here: it gets an e-mail with a link and receives reports once the link is followed.
      </Text>
      {recipients.isPending && <Text role="status">{MESSAGES.loading}</Text>}
      {recipients.isError && (
        <ErrorMessage>{failureMessage(recipients.error, MESSAGES.tryAgain)}</ErrorMessage>
      )}
      {recipients.data && recipients.data.length === 0 && <Text size="sm">No extra recipients.</Text>}
      {recipients.data && recipients.data.length > 0 && (
        <List aria-label="Report recipients" spacing={4}>
          {recipients.data.map((recipient) => (
            <RecipientItem key={recipient.id} clientId={clientId} recipient={recipient} />
          ))}
        </List>
      )}
      <AddRecipient clientId={clientId} />
    </SettingsSection>
  );
}

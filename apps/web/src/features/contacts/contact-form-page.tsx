import {
  Anchor,
  Button,
  Checkbox,
  Collapse,
  Container,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import {
  CONTACT_FLAGS,
  CONTACT_MESSAGES,
  CONTACT_NOTIFICATION_TYPES,
  type Contact,
  type ContactFlag,
  contactCreateSchema,
  contactSchema,
} from '@pluvio/shared/contacts';
import { MESSAGES } from '@pluvio/shared/messages';
import { seesAllContacts } from '@pluvio/shared/permissions';
import { isAdminRole } from '@pluvio/shared/roles';
import { IconChevronDown } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { DeleteButton } from '../../components/delete-button';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { ManagersOnly } from '../../components/managers-only';
import { SettingsTabs } from '../../components/settings-tabs';
import { useActiveAccount } from '../../lib/account-api';
import { failureMessage } from '../../lib/api-client';
import { putInCachedLists } from '../../lib/cached-lists';
import { DELAYS } from '../../lib/delay';
import { fieldErrors, validateWith } from '../../lib/form-validation';
import { PATHS } from '../../lib/routes';
import { useEditedRecord } from '../../lib/use-edited-record';
import { CONTACTS_KEY, contactQuery, createContact, updateContact } from './api';
import { useDeleteContact } from './use-delete-contact';

/** The form of one contact; the id lets a reload find it again when the navigation state is gone. */
export function contactFormPath(id: number): string {
  return `${PATHS.contactForm}?id=${id}`;
}

type ContactValues = {
  name: string;
  email: string;
  phone: string;
  co_owner: boolean;
  email_notification: boolean;
  sms_notification: boolean;
} & Record<ContactFlag, boolean>;

/** A new contact gets every notification (spec part 2 §3). */
function valuesOf(contact: Contact | null): ContactValues {
  const flags = Object.fromEntries(CONTACT_FLAGS.map((flag) => [flag, contact?.[flag] ?? true])) as Record<
    ContactFlag,
    boolean
  >;
  return {
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    co_owner: contact?.co_owner ?? false,
    email_notification: contact?.email_notification ?? true,
    sms_notification: contact?.sms_notification ?? true,
    ...flags,
  };
}

type ContactForm = UseFormReturnType<ContactValues>;

function NotificationSettings({ form }: { form: ContactForm }) {
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  const { email_notification: byEmail, sms_notification: bySms } = form.values;
  return (
    <Paper withBorder radius="md">
      <UnstyledButton
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={panelId}
        w="100%"
        px="md"
        py="sm"
      >
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>Notification Settings</Text>
          <IconChevronDown
            size={18}
            aria-hidden="true"
            style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened} id={panelId}>
        <Stack gap="sm" px="md" pb="md">
          <Group gap="md" wrap="wrap">
            <Switch
              label="E-mail Notifications"
              {...form.getInputProps('email_notification', { type: 'checkbox' })}
            />
            <Switch
              label="SMS Notifications"
              {...form.getInputProps('sms_notification', { type: 'checkbox' })}
            />
          </Group>
          <Table verticalSpacing={6} aria-label="Notifications by type">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Notification</Table.Th>
                <Table.Th ta="center" w={72}>
                  E-mail
                </Table.Th>
                <Table.Th ta="center" w={72}>
                  SMS
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {CONTACT_NOTIFICATION_TYPES.map(({ key, label }) => (
                <Table.Tr key={key}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`${label} by e-mail`}
                      disabled={!byEmail}
                      styles={{ body: { justifyContent: 'center' } }}
                      {...form.getInputProps(key, { type: 'checkbox' })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`${label} by SMS`}
                      disabled={!bySms}
                      styles={{ body: { justifyContent: 'center' } }}
                      {...form.getInputProps(`${key}_sms`, { type: 'checkbox' })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Collapse>
    </Paper>
  );
}

function ContactFormFields({ contact }: { contact: Contact | null }) {
  const { viewer, account, clientId } = useActiveAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<ContactValues>({
    initialValues: valuesOf(contact),
    validate: validateWith<ContactValues>(contactCreateSchema),
  });
  const save = useMutation({
    mutationFn: (values: ContactValues) => {
      const body = { ...contactCreateSchema.parse(values), status: 'active' as const };
      return contact ? updateContact(contact, body) : createContact(clientId, body);
    },
    onSuccess: (saved) => {
      void putInCachedLists(queryClient, CONTACTS_KEY, saved);
    },
    onError: (error) => form.setErrors(fieldErrors(error)),
  });
  const removal = useDeleteContact(() => navigate(PATHS.contactList));

  useEffect(() => {
    if (!save.isSuccess) return;
    const timer = setTimeout(() => navigate(PATHS.contactList), DELAYS.contactSaveRedirect);
    return () => clearTimeout(timer);
  }, [save.isSuccess, navigate]);

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="md">
        <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
        <TextInput label="Phone" type="tel" autoComplete="off" {...form.getInputProps('phone')} />
        <Switch
          label="Co-owner"
          description="A co-owner can also manage this account's settings"
          {...form.getInputProps('co_owner', { type: 'checkbox' })}
        />
        {viewer && seesAllContacts(viewer) && (
          <TextInput
            label="Account Name"
            variant="filled"
            readOnly
            value={contact?.account_name ?? account?.account_name ?? ''}
          />
        )}
        {contact && viewer && !isAdminRole(viewer) && (
          <Anchor component={Link} to={PATHS.assignLocations} state={{ contactId: contact.id }}>
            Assign Locations
          </Anchor>
        )}
        <NotificationSettings form={form} />
        {save.isSuccess && <InfoMessage>{CONTACT_MESSAGES.saved}</InfoMessage>}
        {save.isError && <ErrorMessage>{failureMessage(save.error, MESSAGES.tryAgain)}</ErrorMessage>}
        {removal.message && <ErrorMessage>{removal.message}</ErrorMessage>}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} disabled={save.isSuccess}>
              Save
            </Button>
            <Button variant="default" onClick={() => navigate(PATHS.contactList)}>
              Close
            </Button>
          </Group>
          {contact && <DeleteButton busy={removal.busy} onClick={() => removal.askToDelete(contact)} />}
        </Group>
      </Stack>
    </form>
  );
}

function ContactFormContent() {
  const edited = useEditedRecord('contact', contactSchema, contactQuery);
  return (
    <>
      <Title order={1}>{edited.editing ? 'Edit Contact' : 'Add Contact'}</Title>
      {edited.loading && <Text role="status">{MESSAGES.loading}</Text>}
      {edited.error && <ErrorMessage>{failureMessage(edited.error, CONTACT_MESSAGES.notFound)}</ErrorMessage>}
      {!edited.loading && !edited.error && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={720}>
          <ContactFormFields key={edited.record?.id ?? 'new'} contact={edited.record} />
        </Paper>
      )}
    </>
  );
}

/** /contact-form: add or edit a contact (spec part 2 §2, §5 "Contact form"). */
export function ContactFormPage() {
  return (
    <Container size="lg" py="lg">
      <SettingsTabs />
      <Stack gap="md">
        <ManagersOnly title="Contact">
          <ContactFormContent />
        </ManagersOnly>
      </Stack>
    </Container>
  );
}

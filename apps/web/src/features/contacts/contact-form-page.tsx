import {
  Anchor,
  Checkbox,
  Collapse,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import {
  CONTACT_FLAGS,
  CONTACT_MESSAGES,
  CONTACT_MONTHLY_REPORT,
  CONTACT_NOTIFICATION_TYPES,
  type Contact,
  type ContactFlag,
  contactCreateSchema,
  contactSchema,
} from '@pluvio/shared/contacts';
import { seesAllContacts } from '@pluvio/shared/permissions';
import { isAdminRole } from '@pluvio/shared/roles';
import { IconChevronDown } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { RecordFormFooter, SettingsFormPage } from '../../components/record-form';
import { useActiveAccount } from '../../lib/account-api';
import { putInCachedLists } from '../../lib/cached-lists';
import { DELAYS } from '../../lib/delay';
import { fieldErrors, validateWith } from '../../lib/form-validation';
import { PATHS } from '../../lib/routes';
import { CONTACTS_KEY, contactQuery, createContact, updateContact } from './api';
import { SmsOptedOutNotice } from './sms-opted-out-notice';
import { useDeleteContact } from './use-delete-contact';

const BACK_TO_LIST = {
  listPath: PATHS.contactList,
  savedMessage: CONTACT_MESSAGES.saved,
  delay: DELAYS.contactSaveRedirect,
};

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
  monthly_report_on: boolean;
} & Record<ContactFlag, boolean>;

/** A new contact gets every notification (spec part 2 §3) but the monthly report, which it asks for. */
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
    monthly_report_on: contact?.monthly_report_on ?? false,
  };
}

type ContactForm = UseFormReturnType<ContactValues>;

/** One notification type's box for one channel, off while that channel's master switch is. */
function ChannelBox({
  form,
  field,
  label,
  enabled,
}: {
  form: ContactForm;
  field: string;
  label: string;
  enabled: boolean;
}) {
  return (
    <Checkbox
      aria-label={label}
      disabled={!enabled}
      styles={{ body: { justifyContent: 'center' } }}
      {...form.getInputProps(field, { type: 'checkbox' })}
    />
  );
}

/** The monthly report goes by e-mail only, its PDF attached: no SMS box. */
function MonthlyReportRow({ form, byEmail }: { form: ContactForm; byEmail: boolean }) {
  const { key, label } = CONTACT_MONTHLY_REPORT;
  return (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td>
        <ChannelBox form={form} field={key} label={`${label} by e-mail`} enabled={byEmail} />
      </Table.Td>
      <Table.Td ta="center" c="dimmed">
        <span aria-hidden="true">—</span>
        <VisuallyHidden>Not sent by SMS</VisuallyHidden>
      </Table.Td>
    </Table.Tr>
  );
}

function NotificationSettings({ form, smsOptedOutAt }: { form: ContactForm; smsOptedOutAt: string | null }) {
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
          <SmsOptedOutNotice at={smsOptedOutAt} />
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
                    <ChannelBox form={form} field={key} label={`${label} by e-mail`} enabled={byEmail} />
                  </Table.Td>
                  <Table.Td>
                    <ChannelBox form={form} field={`${key}_sms`} label={`${label} by SMS`} enabled={bySms} />
                  </Table.Td>
                </Table.Tr>
              ))}
              <MonthlyReportRow form={form} byEmail={byEmail} />
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
        <NotificationSettings form={form} smsOptedOutAt={contact?.sms_opted_out_at ?? null} />
        <RecordFormFooter save={save} removal={removal} record={contact} back={BACK_TO_LIST} />
      </Stack>
    </form>
  );
}

const CONTACT_SOURCE = {
  stateKey: 'contact',
  schema: contactSchema,
  queryFor: contactQuery,
  notFound: CONTACT_MESSAGES.notFound,
};

/** /contact-form: add or edit a contact (spec part 2 §2, §5 "Contact form"). */
export function ContactFormPage() {
  return (
    <SettingsFormPage noun="Contact" source={CONTACT_SOURCE}>
      {(contact) => <ContactFormFields contact={contact} />}
    </SettingsFormPage>
  );
}

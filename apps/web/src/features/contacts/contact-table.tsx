import { ActionIcon, Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { Contact } from '@pluvio/shared/contacts';
import { formatPhone } from '@pluvio/shared/phone';
import { IconUserShare } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import type { RowSelection } from '../../components/bulk-delete';
import { EditDeleteIcons, RecordTable, SelectRowCell } from '../../components/record-table';
import { SmsOptedOutNotice } from './sms-opted-out-notice';

export interface ContactRowActions {
  /** Present for tier 4 only. */
  actAs?: (contact: Contact) => void;
  edit: (contact: Contact) => void;
  remove: (contact: Contact) => void;
  busy: boolean;
}

export interface ContactColumns {
  accountName: boolean;
  narrow: boolean;
}

/** Buttons inside a clickable row act on their own, not as a row click. */
function only(action: () => void) {
  return (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };
}

function ContactActions({ contact, actions }: { contact: Contact; actions: ContactRowActions }) {
  const { name, email } = contact;
  const { actAs } = actions;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {actAs && (
        <ActionIcon
          variant="subtle"
          aria-label={`Act as ${name}`}
          title={email ? `Act as ${email}` : 'This contact has no e-mail address to sign in with'}
          disabled={!email || actions.busy}
          onClick={only(() => actAs(contact))}
        >
          <IconUserShare size={18} aria-hidden="true" />
        </ActionIcon>
      )}
      <EditDeleteIcons
        name={name}
        busy={actions.busy}
        onEdit={only(() => actions.edit(contact))}
        onDelete={only(() => actions.remove(contact))}
      />
    </Group>
  );
}

/** Under 600 px the name opens the form; the e-mail address, phone (and account) sit below it. */
function NarrowContactCell({
  contact,
  withAccount,
  onOpen,
}: {
  contact: Contact;
  withAccount: boolean;
  onOpen: () => void;
}) {
  return (
    <UnstyledButton onClick={only(onOpen)}>
      <Text fw={500} size="sm">
        {contact.name}
      </Text>
      {contact.email && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {contact.email}
        </Text>
      )}
      {contact.phone && (
        <Text size="xs" c="dimmed">
          {formatPhone(contact.phone)}
        </Text>
      )}
      <SmsOptedOutNotice at={contact.sms_opted_out_at} compact />
      {withAccount && (
        <Text size="xs" c="dimmed">
          {contact.account_name}
        </Text>
      )}
    </UnstyledButton>
  );
}

function ContactRow({
  contact,
  actions,
  columns,
  selection,
}: {
  contact: Contact;
  actions: ContactRowActions;
  columns: ContactColumns;
  selection?: RowSelection;
}) {
  const { narrow } = columns;
  const open = () => actions.edit(contact);
  return (
    <Table.Tr onClick={narrow ? open : undefined} style={narrow ? { cursor: 'pointer' } : undefined}>
      <SelectRowCell id={contact.id} name={contact.name} selection={selection} />
      <Table.Td style={{ overflowWrap: 'break-word' }}>
        {narrow ? (
          <NarrowContactCell contact={contact} withAccount={columns.accountName} onOpen={open} />
        ) : (
          contact.name
        )}
      </Table.Td>
      {columns.accountName && !narrow && <Table.Td>{contact.account_name}</Table.Td>}
      {!narrow && <Table.Td style={{ overflowWrap: 'anywhere' }}>{contact.email ?? ''}</Table.Td>}
      {!narrow && (
        <Table.Td>
          <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(contact.phone)}</span>
          <SmsOptedOutNotice at={contact.sms_opted_out_at} compact />
        </Table.Td>
      )}
      <Table.Td>
        <ContactActions contact={contact} actions={actions} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The contacts of Settings > Contacts (spec part 2 §2); with `selection` each row has a box for Delete selected. */
export function ContactTable({
  contacts,
  actions,
  columns,
  selection,
}: {
  contacts: Contact[];
  actions: ContactRowActions;
  columns: ContactColumns;
  selection?: RowSelection;
}) {
  const { narrow, accountName } = columns;
  return (
    <RecordTable
      label="Contacts"
      rows={contacts}
      narrow={narrow}
      selection={selection}
      headers={
        <>
          <Table.Th>Contact</Table.Th>
          {accountName && !narrow && <Table.Th>Account Name</Table.Th>}
          {!narrow && <Table.Th>Email</Table.Th>}
          {!narrow && <Table.Th>Phone</Table.Th>}
        </>
      }
    >
      {(contact) => (
        <ContactRow contact={contact} actions={actions} columns={columns} selection={selection} />
      )}
    </RecordTable>
  );
}

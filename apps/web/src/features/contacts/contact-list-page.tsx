import { Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  CONTACT_BULK_DELETE,
  CONTACT_MESSAGES,
  type Contact,
  contactBulkDeleteSchema,
} from '@pluvio/shared/contacts';
import { type ContactImportRow, checkContactRecords, EXAMPLE_CONTACTS_CSV } from '@pluvio/shared/csv-import';
import { MESSAGES } from '@pluvio/shared/messages';
import { canAddContacts, seesAllContacts } from '@pluvio/shared/permissions';
import { phoneDigits } from '@pluvio/shared/phone';
import { isTier4, type Viewer } from '@pluvio/shared/roles';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ActAsNotice } from '../../components/act-as-notice';
import { BulkDeleteBar, type BulkDeleteKind, useRowSelection } from '../../components/bulk-delete';
import { CsvImportDialog, type CsvImportKind } from '../../components/csv-import-dialog';
import { ErrorMessage } from '../../components/form-message';
import { ManagersOnly } from '../../components/managers-only';
import { PagedRows, useSearchedPages } from '../../components/paged-rows';
import { SettingsTabs } from '../../components/settings-tabs';
import { contactsQuery, useActiveAccount } from '../../lib/account-api';
import { PATHS } from '../../lib/routes';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useActAs } from '../../lib/use-masquerade';
import { allContactsQuery, CONTACTS_KEY, deleteContacts, importContacts } from './api';
import { contactFormPath } from './contact-form-page';
import { ContactTable } from './contact-table';
import { useDeleteContact } from './use-delete-contact';

function contactImportKind(clientId: number | undefined): CsvImportKind<ContactImportRow> {
  return {
    noun: 'Contacts',
    one: 'contact',
    exampleCsv: EXAMPLE_CONTACTS_CSV,
    exampleFileName: 'example-contacts.csv',
    check: checkContactRecords,
    send: (rows, preview) => importContacts(clientId, rows, preview),
    table: {
      headings: ['Contact', 'Email', 'Phone'],
      cells: (row) => [row.name, row.email ?? '', row.phone ?? ''],
      phoneColumns: [0, 2],
    },
    succeeded: CONTACT_MESSAGES.uploaded,
  };
}

function contactBulkDelete(clientId: number | undefined): BulkDeleteKind {
  return {
    words: CONTACT_BULK_DELETE,
    schema: contactBulkDeleteSchema,
    send: (ids) => deleteContacts(ids, clientId),
    listKey: CONTACTS_KEY,
  };
}

/** Search by name, e-mail or phone (the phone's digits, however it is written). */
function matchesContact(contact: Contact, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  const digits = phoneDigits(text);
  return (
    contact.name.toLowerCase().includes(text) ||
    (contact.email ?? '').toLowerCase().includes(text) ||
    (contact.phone ?? '').toLowerCase().includes(text) ||
    (digits.length > 0 && phoneDigits(contact.phone ?? '').includes(digits))
  );
}

/**
 * The contacts this viewer manages: every account's for the admin role and superusers. A failed
 * read is logged and shows as an empty list (spec part 2 §8).
 */
function useContactList(viewer: Viewer, clientId: number | undefined) {
  const everyAccount = seesAllContacts(viewer);
  const own = useQuery({ ...contactsQuery(clientId), enabled: !everyAccount });
  const all = useQuery({ ...allContactsQuery, enabled: everyAccount });
  const query = everyAccount ? all : own;
  useEffect(() => {
    if (query.error) console.error('Could not load the contacts', query.error);
  }, [query.error]);
  return { contacts: query.data ?? [], loading: query.isPending };
}

function ContactSettings({ viewer }: { viewer: Viewer }) {
  const { clientId } = useActiveAccount();
  const navigate = useNavigate();
  const narrow = useIsMobile();
  const queryClient = useQueryClient();
  const { search, setSearch, page, setPage } = useSearchedPages();
  const { contacts, loading } = useContactList(viewer, clientId);
  const removal = useDeleteContact();
  const actAs = useActAs();
  const addable = canAddContacts(viewer);
  const everyAccount = seesAllContacts(viewer);
  const matching = contacts.filter((contact) => matchesContact(contact, search));
  const ticked = useRowSelection(contacts.map((contact) => contact.id));
  // One request deletes contacts of one account: not offered on the list of every account's contacts.
  const bulkDeletable = !everyAccount;

  const actions = {
    actAs: isTier4(viewer)
      ? (contact: Contact) => {
          if (contact.email) void actAs.ask(contact.email, contact.name);
        }
      : undefined,
    edit: (contact: Contact) => navigate(contactFormPath(contact.id), { state: { contact } }),
    remove: removal.askToDelete,
    busy: removal.busy || actAs.busy,
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          type="search"
          label="Search"
          placeholder="Name, e-mail or phone"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
          maw={420}
        />
        {addable && (
          <Button
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => navigate(PATHS.contactForm)}
          >
            Add Contact
          </Button>
        )}
      </Group>
      {removal.message && <ErrorMessage>{removal.message}</ErrorMessage>}
      <ActAsNotice actAs={actAs} />
      {bulkDeletable && (
        <BulkDeleteBar
          kind={contactBulkDelete(clientId)}
          label="Selected contacts"
          ids={ticked.ids}
          matchingIds={matching.map((contact) => contact.id)}
          selection={ticked.selection}
          onClear={ticked.clear}
        />
      )}
      {loading ? (
        <Text role="status">{MESSAGES.loading}</Text>
      ) : (
        <PagedRows rows={matching} page={page} onPage={setPage}>
          {(shown) => (
            <ContactTable
              contacts={shown}
              actions={actions}
              columns={{ accountName: everyAccount, narrow }}
              selection={bulkDeletable ? ticked.selection : undefined}
            />
          )}
        </PagedRows>
      )}
      {addable && (
        <CsvImportDialog
          kind={contactImportKind(clientId)}
          onImported={() => queryClient.invalidateQueries({ queryKey: CONTACTS_KEY })}
        />
      )}
    </Stack>
  );
}

/** /contact-list: Settings > Contacts (spec part 2 §2). */
export function ContactListPage() {
  const { viewer } = useActiveAccount();
  return (
    <Container size="lg" py="lg">
      <SettingsTabs />
      <Stack gap="md">
        <Title order={1}>Contacts</Title>
        <ManagersOnly>{viewer && <ContactSettings viewer={viewer} />}</ManagersOnly>
      </Stack>
    </Container>
  );
}

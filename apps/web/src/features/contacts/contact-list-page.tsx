import {
  CONTACT_BULK_DELETE,
  CONTACT_MESSAGES,
  type Contact,
  contactBulkDeleteSchema,
} from '@pluvio/shared/contacts';
import { type ContactImportRow, checkContactRecords, EXAMPLE_CONTACTS_CSV } from '@pluvio/shared/csv-import';
import { canAddContacts, seesAllContacts } from '@pluvio/shared/permissions';
import { phoneDigits } from '@pluvio/shared/phone';
import { isTier4, type Viewer } from '@pluvio/shared/roles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ActAsNotice } from '../../components/act-as-notice';
import type { BulkDeleteKind } from '../../components/bulk-delete';
import { CsvImportDialog, type CsvImportKind } from '../../components/csv-import-dialog';
import { type ListSearch, SettingsList, SettingsListPage } from '../../components/settings-list';
import { contactsQuery, useActiveAccount } from '../../lib/account-api';
import { PATHS } from '../../lib/routes';
import { useIsSettingsNarrow } from '../../lib/use-is-mobile';
import { useLoggedReadFailure } from '../../lib/use-logged-read-failure';
import { useActAs } from '../../lib/use-switch-user';
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

const contactBulkDelete = (clientId: number | undefined): BulkDeleteKind => ({
  words: CONTACT_BULK_DELETE,
  schema: contactBulkDeleteSchema,
  send: (ids) => deleteContacts(ids, clientId),
  listKey: CONTACTS_KEY,
});

/** Search by name, e-mail or phone (the phone's digits, however it is written). */
const CONTACT_SEARCH: ListSearch<Contact> = { placeholder: 'Name, e-mail or phone', matches: matchesContact };

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
  useLoggedReadFailure(query.error, 'contacts');
  return { rows: query.data ?? [], loading: query.isPending };
}

function ContactSettings({ viewer }: { viewer: Viewer }) {
  const { clientId } = useActiveAccount();
  const navigate = useNavigate();
  const narrow = useIsSettingsNarrow();
  const queryClient = useQueryClient();
  const contacts = useContactList(viewer, clientId);
  const removal = useDeleteContact();
  const actAs = useActAs();
  const addable = canAddContacts(viewer);
  const everyAccount = seesAllContacts(viewer);
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
    <SettingsList
      list={contacts}
      search={CONTACT_SEARCH}
      add={addable ? { label: 'Add Contact', path: PATHS.contactForm } : undefined}
      removalError={removal.message}
      notice={<ActAsNotice actAs={actAs} />}
      bulkDelete={bulkDeletable ? contactBulkDelete(clientId) : undefined}
      table={(shown, selection) => (
        <ContactTable
          contacts={shown}
          actions={actions}
          columns={{ accountName: everyAccount, narrow }}
          selection={selection}
        />
      )}
    >
      {addable && (
        <CsvImportDialog
          kind={contactImportKind(clientId)}
          onImported={() => queryClient.invalidateQueries({ queryKey: CONTACTS_KEY })}
        />
      )}
    </SettingsList>
  );
}

/** /contact-list: Settings > Contacts (spec part 2 §2). */
export function ContactListPage() {
  const { viewer } = useActiveAccount();
  return (
    <SettingsListPage title="Contacts">{viewer && <ContactSettings viewer={viewer} />}</SettingsListPage>
  );
}

import { ASSIGNMENT_MESSAGES } from '@pluvio/shared/assignments';
import type { Contact } from '@pluvio/shared/contacts';
import type { Location } from '@pluvio/shared/locations';
import { accountKeys } from '../../lib/account-api';
import { assignContacts, removeContacts, useContacts, useLocationContacts, useLocations } from './api';
import { type AssignmentFlowConfig, AssignmentPage } from './assignment-flow';
import { describeContact } from './describe';

const ASSIGN_CONTACTS: AssignmentFlowConfig<Location, Contact> = {
  title: 'Assign Contacts',
  subject: {
    noun: 'location',
    stateKey: 'locationId',
    useList: useLocations,
    describe: (location) => location.name,
    chooseFirst: ASSIGNMENT_MESSAGES.selectLocationFirst,
  },
  items: {
    noun: 'contacts',
    useList: useContacts,
    listKey: accountKeys.contacts,
    describe: describeContact,
    chooseSome: ASSIGNMENT_MESSAGES.selectContacts,
  },
  useAssigned: useLocationContacts,
  assign: assignContacts,
  unassign: removeContacts,
};

/** /assignments: choose a location, then the contacts it notifies (spec part 2 §2). */
export function AssignContactsPage() {
  return <AssignmentPage config={ASSIGN_CONTACTS} />;
}

import { ASSIGNMENT_MESSAGES } from '@pluvio/shared/assignments';
import type { Contact } from '@pluvio/shared/contacts';
import type { Location } from '@pluvio/shared/locations';
import { accountKeys } from '../../lib/account-api';
import { assignLocations, removeLocations, useContactLocations, useContacts, useLocations } from './api';
import { type AssignmentFlowConfig, AssignmentPage } from './assignment-flow';
import { describeContact } from './describe';

const ASSIGN_LOCATIONS: AssignmentFlowConfig<Contact, Location> = {
  title: 'Assign Locations',
  subject: {
    noun: 'contact',
    stateKey: 'contactId',
    useList: useContacts,
    describe: describeContact,
    chooseFirst: ASSIGNMENT_MESSAGES.selectContactFirst,
  },
  items: {
    noun: 'locations',
    useList: useLocations,
    listKey: accountKeys.locations,
    describe: (location) => location.name,
    categoryOf: (location) => location.category,
    chooseSome: ASSIGNMENT_MESSAGES.selectLocations,
  },
  useAssigned: useContactLocations,
  assign: assignLocations,
  unassign: removeLocations,
};

/** /assign-locations: choose a contact, then the locations it hears about (spec part 2 §2). */
export function AssignLocationsPage() {
  return <AssignmentPage config={ASSIGN_LOCATIONS} />;
}

/** Messages of the Assign Contacts and Assign Locations screens (spec part 2 §2, §5). */
export const ASSIGNMENT_MESSAGES = {
  selectLocationFirst: 'Please select a location first.',
  selectContactFirst: 'Please select a contact first.',
  selectContacts: 'Please select at least one contact.',
  selectLocations: 'Please select at least one location.',
  managersOnly: 'Only the account owner or a co-owner can assign contacts and locations.',
} as const;

import { linkTable } from './columns';
import { contacts } from './contacts';
import { locations } from './locations';

/** Which contacts a location's notifications go to, and which locations a contact may see. */
export const contactLocations = linkTable(
  'contact_locations',
  ['contactId', () => contacts.id],
  ['locationId', () => locations.id],
);

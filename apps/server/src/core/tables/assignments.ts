import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt } from './columns';
import { contacts } from './contacts';
import { locations } from './locations';

/** Which contacts a location's notifications go to, and which locations a contact may see. */
export const contactLocations = pgTable(
  'contact_locations',
  {
    contactId: cascadeRef('contact_id', () => contacts.id),
    locationId: cascadeRef('location_id', () => locations.id),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.contactId, table.locationId] }),
    index('contact_locations_location_idx').on(table.locationId),
  ],
);

import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { locations } from './locations';

/** Which contacts a location's notifications go to, and which locations a contact may see. */
export const contactLocations = pgTable(
  'contact_locations',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.contactId, table.locationId] }),
    index('contact_locations_location_idx').on(table.locationId),
  ],
);

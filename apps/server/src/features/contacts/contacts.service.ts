import type { AppDb } from '../../db/client';
import { contacts } from './contacts.schema';

export type NewContact = typeof contacts.$inferInsert;

export function createContactsService(db: AppDb) {
  return {
    async create(values: NewContact) {
      const [row] = await db.insert(contacts).values(values).returning();
      if (!row) throw new Error('contact insert returned nothing');
      return row;
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;

import { CONTACT_FLAGS } from '@pluvio/shared/contacts';
import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { pgArray } from '../../core/db/pg-array';
import type { NotifiableContact } from './contact-channels';

/** A contact assigned to a location, as the notification rule reads it. */
export interface ContactRecipient extends NotifiableContact {
  locationId: number;
}

interface ContactRow {
  location_id: number;
  status: string;
  email: string | null;
  phone: string | null;
  email_notification: boolean;
  sms_notification: boolean;
  flags: Record<string, boolean>;
}

/** The contact flags notices read (the daily report flags are the daily report's own). */
const CONTACT_FLAG_COLUMNS = CONTACT_FLAGS.filter((flag) => !flag.startsWith('daily_report'));

/**
 * Who hears of what happens at a location: its assigned contacts and its account's owner. Joins
 * contacts, their assignments, accounts and users in one query each, for the features that notify.
 */
export function createRecipientsRepository(db: AppDb) {
  return {
    /** The contacts assigned to these locations, with what the notification rule reads. */
    async assignedContacts(locationIds: readonly number[]): Promise<ContactRecipient[]> {
      if (locationIds.length === 0) return [];
      const flags = sql.raw(CONTACT_FLAG_COLUMNS.map((column) => `'${column}', ct.${column}`).join(', '));
      const rows = await queryRows<ContactRow>(
        db,
        sql`
        select cl.location_id, ct.status, ct.email, ct.phone, ct.email_notification, ct.sms_notification,
               json_build_object(${flags}) as flags
          from contact_locations cl join contacts ct on ct.id = cl.contact_id
         where cl.location_id = any(${pgArray(locationIds)}::int[])`,
      );
      return rows.map((row) => ({
        locationId: row.location_id,
        status: row.status,
        email: row.email,
        phone: row.phone,
        emailNotification: row.email_notification,
        smsNotification: row.sms_notification,
        flags: row.flags,
      }));
    },

    /** Each account's owner's e-mail address. */
    async ownerEmails(clientIds: readonly number[]): Promise<Map<number, string>> {
      if (clientIds.length === 0) return new Map();
      const rows = await queryRows<{ id: number; email: string }>(
        db,
        sql`select c.id, u.email from clients c join users u on u.id = c.owner_user_id
             where c.id = any(${pgArray(clientIds)}::int[])`,
      );
      return new Map(rows.map((row) => [row.id, row.email]));
    },
  };
}

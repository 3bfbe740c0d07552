import { type Paging, pageWindow } from '@pluvio/shared/lists';
import { and, count, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { pgArray } from '../../core/db/pg-array';
import { clientAdmins, clients } from '../../core/tables/accounts';
import { type ContactRow, contacts } from '../../core/tables/contacts';
import { smsOptOuts } from '../../core/tables/sms-consent';
import type { ListedContact } from './contacts.presenter';

export type NewContact = typeof contacts.$inferInsert;

/** A contact of an import, as stored. */
export interface ImportedContact {
  userId: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  status: string;
}

/** The contact's phone named with its table, as the subquery below must (a query of contacts alone leaves it bare). */
const contactPhone = sql`${contacts}.${sql.identifier(contacts.phone.name)}`;

/**
 * When the contact's phone replied STOP, or null: its number in E.164 as the outbox texts it
 * (toE164: 10 US digits or 11 starting with 1, or a '+' number; letters make it no number).
 */
const smsOptedOutAt = sql<Date | null>`(
  select o.opted_out_at from ${smsOptOuts} o
   cross join lateral (select regexp_replace(${contactPhone}, '[^0-9]', '', 'g') as digits) d
   where ${contactPhone} !~ '[[:alpha:]]'
     and o.phone = case
       when btrim(${contactPhone}) like '+%' then '+' || d.digits
       when length(d.digits) = 10 then '+1' || d.digits
       when length(d.digits) = 11 and d.digits like '1%' then '+' || d.digits
     end)`.mapWith(smsOptOuts.optedOutAt);

const listedColumns = {
  ...getTableColumns(contacts),
  smsOptedOutAt,
  accountName: clients.accountName,
  coOwner: sql<boolean>`exists (select 1 from ${clientAdmins}
    where ${clientAdmins.clientId} = ${contacts.clientId} and ${clientAdmins.userId} = ${contacts.userId})`,
};

const sameEmail = (email: string) => sql`lower(${contacts.email}) = ${email.toLowerCase()}`;

/** Contacts, listed with their account's name and co-owner mark joined in one query (clients, client_admins) for speed. */
export function createContactsRepository(db: AppDb) {
  function listedWhere(where: SQL | undefined) {
    return db
      .select(listedColumns)
      .from(contacts)
      .innerJoin(clients, eq(clients.id, contacts.clientId))
      .where(where);
  }

  return {
    /** The account's contacts by name, or every account's when `clientId` is null. */
    async list(clientId: number | null, paging: Paging): Promise<ListedContact[]> {
      const { limit, offset } = pageWindow(paging);
      return listedWhere(clientId === null ? undefined : eq(contacts.clientId, clientId))
        .orderBy(sql`lower(${contacts.name})`, contacts.id)
        .limit(limit)
        .offset(offset);
    },
    async find(clientId: number, id: number): Promise<ListedContact | undefined> {
      const [row] = await listedWhere(and(eq(contacts.clientId, clientId), eq(contacts.id, id)));
      return row;
    },
    /** The account's contacts among `ids` (any others are left out). */
    async findMany(clientId: number, ids: readonly number[]): Promise<ListedContact[]> {
      return listedWhere(and(eq(contacts.clientId, clientId), inArray(contacts.id, [...ids])));
    },
    /** When each of the contacts' phones replied STOP, for those that did. */
    async smsOptedOutAt(ids: readonly number[]): Promise<Map<number, Date>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: contacts.id, at: smsOptedOutAt })
        .from(contacts)
        .where(inArray(contacts.id, [...ids]));
      return new Map(rows.flatMap((row) => (row.at ? [[row.id, row.at] as const] : [])));
    },
    /** Another contact of the account has the address (any case). */
    async emailInUse(clientId: number, email: string, exceptId: number | null): Promise<boolean> {
      const rows = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(
            eq(contacts.clientId, clientId),
            sameEmail(email),
            exceptId === null ? undefined : ne(contacts.id, exceptId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
    /** Which of the lower-case addresses belong to contacts of the account. */
    async addressesAmong(clientId: number, addresses: readonly string[]): Promise<string[]> {
      if (addresses.length === 0) return [];
      const rows = await db
        .selectDistinct({ email: sql<string>`lower(${contacts.email})` })
        .from(contacts)
        .where(
          and(
            eq(contacts.clientId, clientId),
            sql`lower(${contacts.email}) = any(${pgArray(addresses)}::text[])`,
          ),
        );
      return rows.map((row) => row.email);
    },
    async count(clientId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(contacts).where(eq(contacts.clientId, clientId));
      return row?.n ?? 0;
    },
    /** What identifies the account's contacts for an import: address, name and phone. */
    async identities(clientId: number): Promise<Pick<ContactRow, 'name' | 'email' | 'phone'>[]> {
      return db
        .select({ name: contacts.name, email: contacts.email, phone: contacts.phone })
        .from(contacts)
        .where(eq(contacts.clientId, clientId));
    },
    async insert(values: NewContact): Promise<ContactRow> {
      const [row] = await db.insert(contacts).values(values).returning();
      if (!row) throw new Error('contact insert returned nothing');
      return row;
    },
    /**
     * An import's contacts in one statement whatever their number (the rows travel as one JSON
     * parameter); the notification flags take their defaults. Returns how many were added.
     */
    async insertMany(clientId: number, rows: ImportedContact[]): Promise<number> {
      if (rows.length === 0) return 0;
      const added = await queryRows<{ id: number }>(
        db,
        sql`
        insert into contacts (client_id, user_id, name, email, phone, status)
        select ${clientId}::integer, "userId", name, email, phone, status
          from json_to_recordset(${JSON.stringify(rows)}::json)
            as r("userId" integer, name text, email text, phone text, status text)
        returning id`,
      );
      return added.length;
    },
    async update(clientId: number, id: number, values: Partial<NewContact>): Promise<void> {
      await db
        .update(contacts)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(contacts.clientId, clientId), eq(contacts.id, id)));
    },
    /** Deletes the account's contacts among `ids` in one statement; their assignments go with them (foreign key cascade). */
    async delete(clientId: number, ids: readonly number[]): Promise<void> {
      await db.delete(contacts).where(and(eq(contacts.clientId, clientId), inArray(contacts.id, [...ids])));
    },
  };
}

export type ContactsRepository = ReturnType<typeof createContactsRepository>;

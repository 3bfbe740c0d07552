import type { pageWindow } from '@pluvio/shared/lists';
import { and, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../core/db/client';
import { type ClientRow, clientAdmins, clients } from '../../core/tables/accounts';
import { contacts } from '../../core/tables/contacts';
import { locations } from '../../core/tables/locations';
import { users } from '../../core/tables/users';

export type Membership = 'owner' | 'co_owner' | 'contact';

export interface MembershipRow {
  client_id: number;
  account_name: string;
  tier: string;
  status: string;
  account_type: string;
  is_trial_account: boolean;
  trial_end_date: string | null;
  invoice_email: string | null;
  last_payment_status: string | null;
  payment_grace_end_date: string | null;
  membership: Membership;
  contact_id: number | null;
  location_count: number;
}

export type NewClient = typeof clients.$inferInsert;

export interface RelationRow {
  client_id: number;
  membership: Membership;
  contact_id: number | null;
}

/** Each account the user belongs to once, with the strongest relation: owner, then co-owner, then contact. */
const strongestRelations = (userId: number) => sql`
  with relations as (
    select id as client_id, 'owner' as membership, null::integer as contact_id, 1 as strength
      from clients where owner_user_id = ${userId}
    union all
    select ca.client_id, 'co_owner',
           (select ct.id from contacts ct where ct.client_id = ca.client_id and ct.user_id = ${userId}
             order by ct.id limit 1),
           2
      from client_admins ca where ca.user_id = ${userId}
    union all
    select ct.client_id, 'contact', ct.id, 3 from contacts ct where ct.user_id = ${userId}
  )
  select distinct on (client_id) client_id, membership, contact_id
    from relations order by client_id, strength`;

/** An account row with how many locations it has and its owner's address. */
const clientListColumns = {
  ...getTableColumns(clients),
  locationsCount: sql<number>`(select count(*) from ${locations} where ${locations.clientId} = ${clients.id})::integer`,
  ownerEmail: users.email,
};

export type ClientListRow = ClientRow & { locationsCount: number; ownerEmail: string | null };

type Page = ReturnType<typeof pageWindow>;

const userNameColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

/**
 * Accounts and co-owners. Memberships and account lists join contacts, locations and users in
 * one query (a relation per account, location counts, owners' addresses) for speed: who belongs
 * to an account is this feature's question.
 */
export function createAccountsRepository(db: AppDb) {
  function clientsWhere(where: SQL | undefined) {
    return db
      .select(clientListColumns)
      .from(clients)
      .leftJoin(users, eq(users.id, clients.ownerUserId))
      .where(where);
  }

  /** Accounts the user owns or holds a client admin (co-owner) record of. */
  function managedBy(userId: number): SQL | undefined {
    const coOwned = db
      .select({ clientId: clientAdmins.clientId })
      .from(clientAdmins)
      .where(eq(clientAdmins.userId, userId));
    return or(eq(clients.ownerUserId, userId), inArray(clients.id, coOwned));
  }

  return {
    /**
     * Every account the user belongs to, with the strongest relation each (owner, then
     * co-owner, then contact) and how many locations that relation lets the user see.
     */
    async membershipsOf(userId: number): Promise<MembershipRow[]> {
      return queryRows<MembershipRow>(
        db,
        sql`
        with strongest as (${strongestRelations(userId)})
        select c.id as client_id, c.account_name, c.tier, c.status, c.account_type, c.is_trial_account,
               to_char(c.trial_end_date, 'YYYY-MM-DD') as trial_end_date, c.invoice_email,
               c.last_payment_status, to_char(c.payment_grace_end_date, 'YYYY-MM-DD') as payment_grace_end_date,
               s.membership, s.contact_id,
               case when s.membership = 'contact'
                    then (select count(*) from contact_locations cl where cl.contact_id = s.contact_id)
                    else (select count(*) from locations l where l.client_id = c.id)
               end::integer as location_count
          from strongest s join clients c on c.id = s.client_id
         order by c.account_name, c.id
      `,
      );
    },
    async relationsOf(userId: number): Promise<RelationRow[]> {
      return queryRows<RelationRow>(db, strongestRelations(userId));
    },
    async findClient(id: number) {
      const [row] = await db.select().from(clients).where(eq(clients.id, id));
      return row;
    },
    async findClients(ids: number[]): Promise<ClientRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(clients).where(inArray(clients.id, ids));
    },
    async insertClient(values: NewClient) {
      const [row] = await db.insert(clients).values(values).returning();
      if (!row) throw new Error('client insert returned nothing');
      return row;
    },
    async addClientAdmin(clientId: number, userId: number): Promise<void> {
      await db.insert(clientAdmins).values({ clientId, userId }).onConflictDoNothing();
    },
    /** Removing a record that is not there is not an error (spec part 2 §4 "Contact role"). */
    async removeClientAdmin(clientId: number, userId: number): Promise<void> {
      await db
        .delete(clientAdmins)
        .where(and(eq(clientAdmins.clientId, clientId), eq(clientAdmins.userId, userId)));
    },
    /** Accounts by name, all of them or those `managerUserId` owns or co-owns. */
    async listClients(managerUserId: number | null, page: Page): Promise<ClientListRow[]> {
      return clientsWhere(managerUserId === null ? undefined : managedBy(managerUserId))
        .orderBy(sql`lower(${clients.accountName})`, clients.id)
        .limit(page.limit)
        .offset(page.offset);
    },
    /** Every account by name (the billing and unpaid reports), or those whose last payment is one of `paymentStatuses`. */
    async allClients(paymentStatuses?: readonly string[]): Promise<ClientListRow[]> {
      return clientsWhere(
        paymentStatuses === undefined ? undefined : inArray(clients.lastPaymentStatus, [...paymentStatuses]),
      ).orderBy(sql`lower(${clients.accountName})`, clients.id);
    },
    /** The account, its row locked until the transaction ends (a payment applied exactly once). */
    async lockClient(id: number): Promise<ClientRow | undefined> {
      const [row] = await db.select().from(clients).where(eq(clients.id, id)).for('update');
      return row;
    },
    /** The account a payment provider's subscription, or else its customer, belongs to. */
    async findByStripeIds(subscriptionId: string | null, customerId: string | null) {
      const bySubscription = subscriptionId ? eq(clients.stripeSubscriptionId, subscriptionId) : undefined;
      const byCustomer = customerId ? eq(clients.stripeCustomerId, customerId) : undefined;
      if (!bySubscription && !byCustomer) return undefined;
      const [row] = await db
        .select()
        .from(clients)
        .where(or(bySubscription, byCustomer))
        .orderBy(
          sql`(${clients.stripeSubscriptionId} is not distinct from ${subscriptionId}) desc`,
          clients.id,
        )
        .limit(1);
      return row;
    },
    /** Whether the user owns a trial account (one at a time: another account waits for its upgrade). */
    async ownsTrial(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.ownerUserId, userId), eq(clients.isTrialAccount, true)))
        .limit(1);
      return row !== undefined;
    },
    async findClientListRow(id: number): Promise<ClientListRow | undefined> {
      const [row] = await clientsWhere(eq(clients.id, id));
      return row;
    },
    async updateClient(id: number, values: Partial<NewClient>): Promise<void> {
      await db.update(clients).set(values).where(eq(clients.id, id));
    },
    /** Deletes the account; its locations, contacts and assignments go with it. */
    async deleteClient(id: number): Promise<boolean> {
      const deleted = await db.delete(clients).where(eq(clients.id, id)).returning({ id: clients.id });
      return deleted.length > 0;
    },
    /** The users holding a client admin (co-owner) record of the account. */
    async adminUsers(clientId: number) {
      return db
        .select(userNameColumns)
        .from(clientAdmins)
        .innerJoin(users, eq(users.id, clientAdmins.userId))
        .where(eq(clientAdmins.clientId, clientId))
        .orderBy(clientAdmins.createdAt, users.id);
    },
    /** The user signs in as one of the account's contacts. */
    async contactUser(clientId: number, userId: number) {
      const [row] = await db
        .select(userNameColumns)
        .from(contacts)
        .innerJoin(users, eq(users.id, contacts.userId))
        .where(and(eq(contacts.clientId, clientId), eq(contacts.userId, userId)))
        .limit(1);
      return row;
    },
    async adminUserIds(clientId: number): Promise<Set<number>> {
      const rows = await db
        .select({ userId: clientAdmins.userId })
        .from(clientAdmins)
        .where(eq(clientAdmins.clientId, clientId));
      return new Set(rows.map((row) => row.userId));
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

import type { UserClient } from '@pluvio/shared/users.schemas';
import type { AppDb } from '../../db/client';
import type { UserRow } from '../users/users.schema';
import { type AccountAccess, accountNotFound, buildAccess } from './accounts.access';
import { createAccountsRepository, type MembershipRow, type NewClient } from './accounts.repository';

export interface UserAccounts {
  /** The user's accounts, the active one first. */
  clients: (UserClient & { contact_id: number | null; location_count: number })[];
}

function presentMembership(row: MembershipRow) {
  return {
    id: row.client_id,
    account_name: row.account_name,
    tier: row.tier as UserClient['tier'],
    status: row.status as UserClient['status'],
    account_type: row.account_type as UserClient['account_type'],
    is_trial_account: row.is_trial_account,
    trial_end_date: row.trial_end_date,
    invoice_email: row.invoice_email,
    membership: row.membership,
    contact_id: row.contact_id,
    location_count: row.location_count,
  };
}

export function createAccountsService(db: AppDb) {
  const repository = createAccountsRepository(db);
  return {
    /** The user's accounts with the primary one first (or the first by name when it is not theirs). */
    async accountsOfUser(userId: number, primaryClientId: number | null): Promise<UserAccounts> {
      const rows = (await repository.membershipsOf(userId)).map(presentMembership);
      const primary = rows.findIndex((row) => row.id === primaryClientId);
      if (primary > 0) rows.unshift(...rows.splice(primary, 1));
      return { clients: rows };
    },
    async isMember(userId: number, clientId: number): Promise<boolean> {
      const rows = await repository.membershipsOf(userId);
      return rows.some((row) => row.client_id === clientId);
    },
    /**
     * The account a request is about: `client_id` when given (it must be one of the caller's
     * accounts, any account for a superuser), otherwise the caller's active account.
     * An account the caller does not belong to is "not found" (D10).
     */
    async accessFor(user: UserRow, clientId?: number): Promise<AccountAccess> {
      if (user.isSuperuser && clientId !== undefined) {
        const client = await repository.findClient(clientId);
        if (!client) throw accountNotFound();
        return buildAccess(user, client, 'staff', null);
      }
      const relations = await repository.relationsOf(user.id);
      const wanted = clientId ?? user.primaryClientId;
      const relation =
        relations.find((row) => row.client_id === wanted) ?? (clientId ? undefined : relations[0]);
      if (!relation) throw accountNotFound();
      const client = await repository.findClient(relation.client_id);
      if (!client) throw accountNotFound();
      const kind = user.isSuperuser ? 'staff' : relation.membership;
      return buildAccess(user, client, kind, relation.contact_id);
    },
    findClient: (id: number) => repository.findClient(id),
    createClient: (values: NewClient) => repository.insertClient(values),
    addClientAdmin: (clientId: number, userId: number) => repository.addClientAdmin(clientId, userId),
    removeClientAdmin: (clientId: number, userId: number) => repository.removeClientAdmin(clientId, userId),
    /** The users holding a client admin (co-owner) record of the account. */
    adminUserIds: (clientId: number) => repository.adminUserIds(clientId),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

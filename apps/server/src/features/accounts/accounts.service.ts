import type { UserClient } from '@pluvio/shared/users.schemas';
import type { AppDb } from '../../db/client';
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
    createClient: (values: NewClient) => repository.insertClient(values),
    addClientAdmin: (clientId: number, userId: number) => repository.addClientAdmin(clientId, userId),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

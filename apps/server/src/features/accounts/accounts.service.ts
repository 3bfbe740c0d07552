import { TRIAL_DAYS } from '@pluvio/shared/accounts';
import type { AuditAction, AuditChanges } from '@pluvio/shared/audit.schemas';
import {
  accountTypeDefaults,
  CLIENT_MESSAGES,
  type Client,
  type ClientAdmin,
  type ClientCreate,
  type ClientPatch,
} from '@pluvio/shared/clients';
import { type ListQuery, pageWindow } from '@pluvio/shared/lists';
import type { UserClient } from '@pluvio/shared/users.schemas';
import type { AppDb } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { invalidField } from '../../lib/errors';
import { productDate } from '../../lib/time';
import { type AuditActor, type AuditService, changesBetween } from '../audit/audit.service';
import type { UserRow } from '../users/users.schema';
import { type AccountAccess, accountNotFound, buildAccess, requireManager } from './accounts.access';
import {
  accountTypeFields,
  assertSelfChanges,
  assertSettingsAllowed,
  requireClientManagement,
} from './accounts.policy';
import { presentClient, presentClientAdmin, settingColumns, settingsOf } from './accounts.presenter';
import { createAccountsRepository, type MembershipRow, type NewClient } from './accounts.repository';
import type { ClientRow } from './accounts.schema';

/** `last_payment_status` values of an account whose last payment did not go through. */
export const UNPAID_PAYMENT_STATUSES = ['unpaid', 'failed'] as const;

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

/**
 * An associated account: a new name, active, with the source's owner, subscription, invoicing
 * and settings; nothing is taken from the request, so no one raises their tier this way.
 */
function associatedClient(source: ClientRow, accountName: string): NewClient {
  return {
    accountName,
    status: 'active',
    email: source.email,
    phone: source.phone,
    tier: source.tier,
    accountType: source.accountType,
    isTrialAccount: source.isTrialAccount,
    trialEndDate: source.trialEndDate,
    manualInvoice: source.manualInvoice,
    invoicePeriod: source.invoicePeriod,
    invoiceDay: source.invoiceDay,
    invoiceEmail: source.invoiceEmail,
    autoAddLocations: source.autoAddLocations,
    ownerUserId: source.ownerUserId,
    ...settingColumns(settingsOf(source)),
  };
}

export interface AccountsOptions {
  clock: Clock;
  /** The product time zone, for trial end dates (D2). */
  timeZone: string;
  audit: AuditService;
}

/** A change of an account as the audit log tells it apart: status (suspension), tier, the rest. */
function clientChangeEntries(changes: AuditChanges): [AuditAction, AuditChanges][] {
  const { status, tier, ...others } = changes;
  const entries: [AuditAction, AuditChanges][] = [];
  if (status) entries.push(['client_status_changed', { status }]);
  if (tier) entries.push(['client_tier_changed', { tier }]);
  if (Object.keys(others).length > 0) entries.push(['client_changed', others]);
  return entries;
}

export function createAccountsService(db: AppDb, options: AccountsOptions) {
  const repository = createAccountsRepository(db);

  /**
   * The account a request is about: `client_id` when given (it must be one of the caller's
   * accounts, any account for a superuser), otherwise the caller's active account.
   * An account the caller does not belong to is "not found" (D10).
   */
  async function accessFor(user: UserRow, clientId?: number): Promise<AccountAccess> {
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
  }

  /** The account for its owner, a co-owner or a superuser; a plain contact is refused (403). */
  async function managedAccess(user: UserRow, clientId: number): Promise<AccountAccess> {
    const access = await accessFor(user, clientId);
    requireManager(access);
    return access;
  }

  async function loadClient(id: number): Promise<Client> {
    const row = await repository.findClientListRow(id);
    if (!row) throw accountNotFound();
    return presentClient(row);
  }

  function recordClient(by: AuditActor, action: AuditAction, clientId: number, changes: AuditChanges) {
    return options.audit.record({ ...by, action, clientId, changes });
  }

  const trialEndDate = () => productDate(options.clock.now(), options.timeZone, TRIAL_DAYS);

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
    accessFor,
    findClient: (id: number) => repository.findClient(id),
    findClients: (ids: number[]) => repository.findClients(ids),
    createClient: (values: NewClient) => repository.insertClient(values),
    addClientAdmin: (clientId: number, userId: number) => repository.addClientAdmin(clientId, userId),
    removeClientAdmin: (clientId: number, userId: number) => repository.removeClientAdmin(clientId, userId),
    /** The users holding a client admin (co-owner) record of the account. */
    adminUserIds: (clientId: number) => repository.adminUserIds(clientId),
    /** Every account by name with its location count and owner's address (the billing report). */
    allClients: () => repository.allClients(),
    /** Accounts whose last payment is unpaid or failed, by name (the unpaid report). */
    unpaidClients: () => repository.allClients(UNPAID_PAYMENT_STATUSES),

    /** GET /api/clients/: every account for a superuser, otherwise those the caller owns or co-owns. */
    async listClients(user: UserRow, query: ListQuery): Promise<Client[]> {
      if (query.client_id !== undefined) await accessFor(user, query.client_id);
      const rows = await repository.listClients(user.isSuperuser ? null : user.id, pageWindow(query));
      return rows.map(presentClient);
    },

    async getClient(user: UserRow, id: number): Promise<Client> {
      await managedAccess(user, id);
      return loadClient(id);
    },

    /** POST /api/clients/: a superuser adds an account; it has no owner until one is linked. */
    async addClient(user: UserRow, input: ClientCreate, by: AuditActor): Promise<Client> {
      requireClientManagement(user);
      const accountType = input.account_type ?? 'paid';
      const defaults = accountTypeDefaults(accountType);
      const isTrialAccount = input.is_trial_account ?? defaults.is_trial_account;
      const client = await repository.insertClient({
        accountName: input.account_name,
        email: input.email,
        phone: input.phone,
        status: input.status ?? 'active',
        accountType,
        isTrialAccount,
        // A trial is gold level (D9); other accounts start at bronze (spec part 2 §5 "Client form").
        tier: input.tier ?? (isTrialAccount ? 'gold' : 'bronze'),
        trialEndDate: isTrialAccount ? trialEndDate() : null,
        manualInvoice: input.manual_invoice ?? defaults.manual_invoice,
        invoicePeriod: input.invoice_period,
        invoiceEmail: input.invoice_email,
        autoAddLocations: input.auto_add_locations,
        ownerUserId: null,
      });
      const created = await loadClient(client.id);
      await recordClient(by, 'client_created', client.id, changesBetween(null, created));
      return created;
    },

    /**
     * PATCH /api/clients/{id}: a superuser changes any field; owners and co-owners their
     * account's details and settings but not its subscription (assertSelfChanges).
     */
    async updateClient(user: UserRow, id: number, patch: ClientPatch, by: AuditActor): Promise<Client> {
      const { client: stored, relation } = await managedAccess(user, id);
      const before = await loadClient(id);
      if (relation !== 'staff') assertSelfChanges(stored, patch);
      const { isTrialAccount, manualInvoice } = accountTypeFields(stored, patch);
      assertSettingsAllowed(stored, patch, isTrialAccount);
      const startsTrial = isTrialAccount && !stored.isTrialAccount;
      await repository.updateClient(id, {
        accountName: patch.account_name,
        email: patch.email,
        phone: patch.phone,
        status: patch.status,
        tier: patch.tier,
        accountType: patch.account_type,
        isTrialAccount,
        manualInvoice,
        ...(startsTrial && { trialEndDate: trialEndDate() }),
        invoicePeriod: patch.invoice_period,
        invoiceEmail: patch.invoice_email,
        autoAddLocations: patch.auto_add_locations,
        ...settingColumns(patch),
        updatedAt: options.clock.now(),
      });
      const after = await loadClient(id);
      for (const [action, changes] of clientChangeEntries(changesBetween(before, after)))
        await recordClient(by, action, id, changes);
      return after;
    },

    /** POST /api/clients/{id}/new: a co-owner who makes the associated account co-owns it too. */
    async addAssociatedClient(
      user: UserRow,
      sourceId: number,
      accountName: string,
      by: AuditActor,
    ): Promise<Client> {
      const { client: source, relation } = await managedAccess(user, sourceId);
      const client = await repository.insertClient(associatedClient(source, accountName));
      if (relation === 'co_owner') await repository.addClientAdmin(client.id, user.id);
      const created = await loadClient(client.id);
      await recordClient(by, 'client_created', client.id, changesBetween(null, created));
      return created;
    },

    async deleteClient(user: UserRow, id: number, by: AuditActor): Promise<void> {
      requireClientManagement(user);
      const before = await loadClient(id);
      if (!(await repository.deleteClient(id))) throw accountNotFound();
      await recordClient(by, 'client_deleted', id, changesBetween(before, null));
    },

    async coOwners(user: UserRow, clientId: number): Promise<ClientAdmin[]> {
      await managedAccess(user, clientId);
      return (await repository.adminUsers(clientId)).map(presentClientAdmin);
    },

    /** A co-owner is one of the account's contacts with a login (spec part 2 §6). */
    async addCoOwner(user: UserRow, clientId: number, userId: number): Promise<ClientAdmin> {
      await managedAccess(user, clientId);
      const contactUser = await repository.contactUser(clientId, userId);
      if (!contactUser) throw invalidField(['query', 'user_id'], CLIENT_MESSAGES.coOwnerMustBeContact);
      await repository.addClientAdmin(clientId, userId);
      return presentClientAdmin(contactUser);
    },

    /** Removing a co-owner who is not one is not an error (spec part 2 §4 "Contact role"). */
    async removeCoOwner(user: UserRow, clientId: number, userId: number): Promise<void> {
      await managedAccess(user, clientId);
      await repository.removeClientAdmin(clientId, userId);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

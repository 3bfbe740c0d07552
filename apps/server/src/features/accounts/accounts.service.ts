import { TRIAL_DAYS } from '@pluvio/shared/accounts';
import type { AuditAction, AuditChanges } from '@pluvio/shared/audit.schemas';
import { BILLING_MESSAGES } from '@pluvio/shared/billing';
import {
  accountTypeDefaults,
  CLIENT_MESSAGES,
  type Client,
  type ClientAdmin,
  type ClientCreate,
  type ClientPatch,
  type ClientSettings,
} from '@pluvio/shared/clients';
import { type ListQuery, pageWindow } from '@pluvio/shared/lists';
import { provisionedSettings } from '@pluvio/shared/signup';
import { newAccountTier, TRIAL_TIER } from '@pluvio/shared/tiers';
import type { UserClient } from '@pluvio/shared/users.schemas';
import type { AuditActor } from '../../core/access';
import { type AccountAccess, accountNotFound, buildAccess, requireManager } from '../../core/access';
import type { AppDb } from '../../core/db/client';
import { noReadCache, type ReadCache } from '../../core/db/read-cache';
import type { Clock } from '../../core/lib/clock';
import { conflict, invalidField } from '../../core/lib/errors';
import { productDate } from '../../core/lib/time';
import type { ClientRow } from '../../core/tables/accounts';
import type { UserRow } from '../../core/tables/users';
import { type AuditRecord, type AuditService, changesBetween } from '../audit';
import {
  accountTypeFields,
  assertSelfChanges,
  assertSettingsAllowed,
  requireClientManagement,
} from './accounts.policy';
import { presentClient, presentClientAdmin, settingColumns } from './accounts.presenter';
import { createAccountsRepository, type MembershipRow, type NewClient } from './accounts.repository';

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
    last_payment_status: row.last_payment_status,
    payment_grace_end_date: row.payment_grace_end_date,
    membership: row.membership,
    contact_id: row.contact_id,
    location_count: row.location_count,
  };
}

/**
 * An associated account (issue 15): a new name and a trial of its own (gold, 30 days, one
 * location, D9) with the source's owner and contact details; it is upgraded through checkout
 * like any other account, so no one gets a paid tier for nothing.
 */
function associatedTrial(source: ClientRow, accountName: string, trialEndDate: string): NewClient {
  return {
    accountName,
    status: 'active',
    email: source.email,
    phone: source.phone,
    tier: TRIAL_TIER,
    accountType: 'trial',
    isTrialAccount: true,
    trialEndDate,
    invoiceEmail: source.invoiceEmail,
    autoAddLocations: source.autoAddLocations,
    ownerUserId: source.ownerUserId,
  };
}

/** Who an account change is written to the audit log as: a user, or nobody (a payment provider's event). */
export type AuditBy = Pick<AuditRecord, 'actorUserId' | 'asUserId' | 'ip'>;

export interface AccountsOptions {
  clock: Clock;
  /** The product time zone, for trial end dates (D2). */
  timeZone: string;
  audit: AuditService;
  /** Keeps each caller's access between requests (none for a transaction's services). */
  readCache?: ReadCache;
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
  function accessFor(user: UserRow, clientId?: number): Promise<AccountAccess> {
    const { readCache = noReadCache } = options;
    const key = `access:${user.id}:${user.isSuperuser}:${user.primaryClientId}:${clientId}`;
    return readCache.read(key, () => resolveAccess(user, clientId));
  }

  async function resolveAccess(user: UserRow, clientId?: number): Promise<AccountAccess> {
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

  function recordClient(by: AuditBy, action: AuditAction, clientId: number, changes: AuditChanges) {
    return options.audit.record({ ...by, action, clientId, changes });
  }

  /** Inserts an account with its notification settings and writes its creation to the audit log. */
  async function openAccount(values: NewClient, settings: ClientSettings, by: AuditBy): Promise<ClientRow> {
    const client = await repository.insertClient({ ...values, ...settingColumns(settings) });
    await recordClient(by, 'client_created', client.id, changesBetween(null, await loadClient(client.id)));
    return client;
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
    openAccount,
    /** The account locked until the caller's transaction ends (use the service of that transaction). */
    lockClient: (id: number) => repository.lockClient(id),
    findByStripeIds: (subscriptionId: string | null, customerId: string | null) =>
      repository.findByStripeIds(subscriptionId, customerId),
    /**
     * Subscription fields set by a payment (tier, type, payment status, provider ids), written to
     * the audit log like any change of the account.
     */
    async updateSubscription(id: number, values: Partial<NewClient>, by: AuditBy): Promise<void> {
      const before = await loadClient(id);
      await repository.updateClient(id, { ...values, updatedAt: options.clock.now() });
      const after = await loadClient(id);
      for (const [action, changes] of clientChangeEntries(changesBetween(before, after)))
        await recordClient(by, action, id, changes);
    },
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
        tier: newAccountTier(isTrialAccount, input.tier),
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
        stormThreshold: patch.storm_threshold,
        stormDryHours: patch.storm_dry_hours,
        ...settingColumns(patch),
        updatedAt: options.clock.now(),
      });
      const after = await loadClient(id);
      for (const [action, changes] of clientChangeEntries(changesBetween(before, after)))
        await recordClient(by, action, id, changes);
      return after;
    },

    /**
     * POST /api/clients/{id}/new: a new trial account of the same owner; a co-owner who makes it
     * co-owns it too. One trial at a time: an owner holding a trial upgrades it first (409).
     */
    async addAssociatedClient(
      user: UserRow,
      sourceId: number,
      accountName: string,
      by: AuditActor,
    ): Promise<Client> {
      const { client: source, relation } = await managedAccess(user, sourceId);
      if (source.ownerUserId !== null && (await repository.ownsTrial(source.ownerUserId)))
        throw conflict(BILLING_MESSAGES.oneTrialAtATime);
      const client = await openAccount(
        associatedTrial(source, accountName, trialEndDate()),
        provisionedSettings(TRIAL_TIER),
        by,
      );
      if (relation === 'co_owner') await repository.addClientAdmin(client.id, user.id);
      return loadClient(client.id);
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

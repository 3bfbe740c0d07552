import { pageWindow } from '@pluvio/shared/lists';
import { ERROR_CODES } from '@pluvio/shared/messages';
import { TIER, type TierNumber } from '@pluvio/shared/tiers';
import type {
  CurrentUser,
  UpdateMe,
  UserListEntry,
  UserListPage,
  UserListQuery,
} from '@pluvio/shared/users.schemas';
import type { AppDb } from '../../core/db/client';
import { levelOfAccount } from '../../core/lib/account-level';
import type { Clock } from '../../core/lib/clock';
import { badRequest, invalidField } from '../../core/lib/errors';
import type { ClientRow } from '../../core/tables/accounts';
import type { UserRow } from '../../core/tables/users';
import type { AccountsService } from '../accounts';
import { createEmailChangeRepository } from './email-change.repository';
import { createUsersRepository, type NewUser } from './users.repository';

function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** The level 'Subscription Level' shows: of the primary account, 4 for superusers, 0 without an account. */
function subscriptionLevel(user: UserRow, account: ClientRow | undefined): TierNumber {
  if (!account) return user.isSuperuser ? TIER.superuser : TIER.unknown;
  return levelOfAccount(account, user.isSuperuser);
}

function presentListEntry(user: UserRow, account: ClientRow | undefined): UserListEntry {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    is_superuser: user.isSuperuser,
    primary_client_id: user.primaryClientId,
    account_name: account?.accountName ?? null,
    subscription_level: subscriptionLevel(user, account),
  };
}

export function createUsersService(db: AppDb, accounts: AccountsService, clock: Clock) {
  const repository = createUsersRepository(db);
  const emailChanges = createEmailChangeRepository(db);

  /** `canReturn`: the request carries the acting superuser's parked session. */
  async function currentUser(
    user: UserRow,
    actorUserId: number | null,
    canReturn = false,
  ): Promise<CurrentUser> {
    const { clients } = await accounts.accountsOfUser(user.id, user.primaryClientId);
    const active = clients[0];
    const actor = actorUserId ? await repository.findById(actorUserId) : undefined;
    const pending = await emailChanges.pending(user.id, clock.now());
    return {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      role: user.role,
      co_owner: active?.membership === 'co_owner',
      is_superuser: user.isSuperuser,
      is_verified: user.isVerified,
      is_active: user.isActive,
      agree_to_terms: user.agreeToTerms,
      agree_to_privacy_policy: user.agreeToPrivacyPolicy,
      primary_client_id: active?.id ?? null,
      clients: clients.map(({ contact_id: _c, location_count: _l, ...client }) => client),
      contact_id: active?.contact_id ?? null,
      location_count: active?.location_count ?? 0,
      impersonator: actor ? { id: actor.id, email: actor.email, name: displayName(actor) } : null,
      can_return: Boolean(actor) && canReturn,
      pending_email: pending?.newEmail ?? null,
      pending_email_expires_at: pending?.expiresAt.toISOString() ?? null,
    };
  }

  async function assertEmailFree(email: string, exceptUserId: number | null): Promise<void> {
    const existing = await repository.findByEmail(email);
    if (existing && existing.id !== exceptUserId) throw badRequest(ERROR_CODES.registerUserAlreadyExists);
  }

  /** Refuses (422) a profile change that cannot be made, before anything is written. */
  async function checkProfileChanges(user: UserRow, changes: ProfileChanges): Promise<void> {
    if (changes.primary_client_id === undefined) return;
    const member = await accounts.isMember(user.id, changes.primary_client_id);
    if (!member) throw invalidField(['body', 'primary_client_id'], 'Not one of your accounts');
  }

  return {
    findById: repository.findById,
    findByEmail: repository.findByEmail,
    findByEmails: repository.findByEmails,
    /** Creates users in one statement; returns those made (an address already taken is skipped). */
    createMany: repository.insertMany,
    currentUser,
    assertEmailFree,

    /** GET /api/admin/users: the Switch User screen's list; the route admits superusers only. */
    async list(query: UserListQuery): Promise<UserListPage> {
      const { rows, total } = await repository.page(query.search, pageWindow(query));
      const primaryIds = rows.flatMap((user) => (user.primaryClientId ? [user.primaryClientId] : []));
      const accountsById = new Map((await accounts.findClients(primaryIds)).map((row) => [row.id, row]));
      const items = rows.map((user) =>
        presentListEntry(user, user.primaryClientId ? accountsById.get(user.primaryClientId) : undefined),
      );
      return { items, total, page: query.page, page_size: query.page_size };
    },

    async create(values: NewUser): Promise<UserRow> {
      await assertEmailFree(values.email, null);
      return repository.insert({ ...values, email: values.email.trim().toLowerCase() });
    },

    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await repository.update(userId, { passwordHash });
    },

    async markVerified(userId: number): Promise<UserRow | undefined> {
      return repository.update(userId, { isVerified: true });
    },

    async setPrimaryClient(userId: number, primaryClientId: number): Promise<void> {
      await repository.update(userId, { primaryClientId });
    },

    checkProfileChanges,

    /**
     * PATCH /users/me: profile fields, and the active account when it is one of the user's. The
     * sign-in e-mail is not among them: it changes through its confirmation link (email-change.service.ts).
     */
    async updateMe(user: UserRow, changes: ProfileChanges): Promise<UserRow> {
      await checkProfileChanges(user, changes);
      const values = {
        ...(changes.first_name !== undefined && { firstName: changes.first_name }),
        ...(changes.last_name !== undefined && { lastName: changes.last_name }),
        ...(changes.phone !== undefined && { phone: changes.phone }),
        ...(changes.primary_client_id !== undefined && { primaryClientId: changes.primary_client_id }),
      };
      if (Object.keys(values).length === 0) return user;
      return (await repository.update(user.id, values)) ?? user;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** What PATCH /users/me changes at once: everything but the sign-in e-mail and its password. */
export type ProfileChanges = Omit<UpdateMe, 'email' | 'current_password'>;

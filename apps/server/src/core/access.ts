import type { ApiKeyScope } from '@pluvio/shared/api-keys';
import { canUse, type Feature } from '@pluvio/shared/gates';
import { MESSAGES } from '@pluvio/shared/messages';
import type { Viewer } from '@pluvio/shared/roles';
import { TIER, type TierNumber } from '@pluvio/shared/tiers';
import { levelOfAccount } from './lib/account-level';
import { forbidden, notFound } from './lib/errors';
import type { ClientRow } from './tables/accounts';
import type { LocationRow } from './tables/locations';
import type { UserRow } from './tables/users';

/** What an API key allows: its account only, and with a `read` scope only GET requests. */
export interface ApiKeyGrant {
  id: number;
  clientId: number;
  scope: ApiKeyScope;
}

/** What a valid access token (or API key, acting as the owner who made it) tells about the caller. */
export interface AuthContext {
  user: UserRow;
  sessionId: string;
  actorUserId: number | null;
  apiKey?: ApiKeyGrant;
}

/** Who acts, from where: the signed-in user, or the superuser masquerading as them (D11). */
export interface AuditActor {
  actorUserId: number;
  asUserId: number | null;
  ip: string;
}

/** How the caller relates to the account a request is about; `staff` is a superuser. */
export type Relation = 'owner' | 'co_owner' | 'contact' | 'staff';

/**
 * The account a request is about and what the caller may do there (D10). Every
 * account-scoped route resolves one of these first; ids from another account then miss.
 */
export interface AccountAccess {
  client: ClientRow;
  user: UserRow;
  relation: Relation;
  /** The account's level as the caller sees it: the account's tier, 4 for superusers. */
  tier: TierNumber;
  viewer: Viewer;
  /** The caller's contact record here, when the caller is a contact (co-owner or plain). */
  contactId: number | null;
}

export const NOT_AN_ACCOUNT = 'Account not found';
export const MANAGERS_ONLY = 'Only the account owner or a co-owner can do this';

export function buildAccess(
  user: UserRow,
  client: ClientRow,
  relation: Relation,
  contactId: number | null,
): AccountAccess {
  const tier = relation === 'staff' ? TIER.superuser : levelOfAccount(client);
  return {
    client,
    user,
    relation,
    tier,
    viewer: { role: user.role, coOwner: relation === 'co_owner', isSuperuser: user.isSuperuser, tier },
    contactId,
  };
}

/** Owners, co-owners and superusers manage an account; a plain contact only reads its locations. */
export function manages(access: AccountAccess): boolean {
  return access.relation !== 'contact';
}

export function requireManager(access: AccountAccess): void {
  if (!manages(access)) throw forbidden(MANAGERS_ONLY);
}

/** A feature above the caller's level is refused with 403 (D10); the Owner role passes every gate. */
export function requireFeature(access: AccountAccess, feature: Feature): void {
  if (!canUse(access.viewer, feature)) throw forbidden(MESSAGES.tierTooLow);
}

export function accountNotFound() {
  return notFound(NOT_AN_ACCOUNT);
}

/** Which of an account's locations the caller may see: the locations feature answers, others ask. */
export interface LocationVisibility {
  findVisible(access: AccountAccess, id: number): Promise<LocationRow>;
  requireVisible(access: AccountAccess, ids: readonly number[]): Promise<void>;
}

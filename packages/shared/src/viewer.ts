import type { Viewer } from './roles';
import { accountLevel, TIER } from './tiers';
import type { CurrentUser } from './users.schemas';

/** The access facts of a signed-in user: the active account (first in `clients`) sets the tier. */
export function viewerOf(user: CurrentUser): Viewer {
  return {
    role: user.role,
    coOwner: user.co_owner,
    isSuperuser: user.is_superuser,
    tier: activeTier(user),
  };
}

function activeTier(user: CurrentUser) {
  const active = user.clients[0];
  if (active) return accountLevel(active, user.is_superuser);
  return user.is_superuser ? TIER.superuser : TIER.unknown;
}

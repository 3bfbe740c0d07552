import { MESSAGES } from './messages';
import { ROUTES } from './navigation';
import type { CurrentUser } from './users.schemas';

export type Landing = { path: string } | { error: string };

/** Where a user goes after signing in (spec part 1 §2 "Landing after login", §5). */
export function landingAfterLogin(user: CurrentUser): Landing {
  if (user.role === 'admin' || user.is_superuser) return { path: ROUTES.admin };
  const active = user.clients[0];
  if (!active) return { error: MESSAGES.clientInfoMissing };
  if (active.status === 'pending') return { path: ROUTES.wizard };
  if (user.role === 'contact' && user.location_count === 0) {
    return { error: MESSAGES.contactWithoutLocations };
  }
  return { path: ROUTES.dashboard };
}

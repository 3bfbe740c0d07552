import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PATHS } from '../lib/routes';
import { useCurrentUser } from '../lib/session';

/** Pages other than the public ones need a signed-in user. */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <Navigate to={PATHS.login} replace />;
  return children;
}

/** Superuser-only pages (the mail viewer). */
export function RequireSuperuser({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <Navigate to={PATHS.login} replace />;
  if (!user.is_superuser) return <Navigate to={PATHS.dashboard} replace />;
  return children;
}

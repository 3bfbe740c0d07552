import { tokenSchema } from '@pluvio/shared/auth.schemas';
import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { apiRequest } from './api-client';
import { refreshCurrentUser } from './current-user';
import { setAccessToken } from './session';

export const MASQUERADE_PATH = '/api/services/user-token';
export const MASQUERADE_RETURN_PATH = '/api/services/user-token/return';

/**
 * A superuser starts acting as the user with this e-mail address (D11): the new session's
 * token and user replace the stored ones. The caller then goes to /dashboard.
 */
export async function switchToUser(email: string): Promise<CurrentUser> {
  const { token } = tokenSchema.parse(
    await apiRequest(MASQUERADE_PATH, { method: 'POST', query: { email } }),
  );
  setAccessToken(token);
  return refreshCurrentUser();
}

/**
 * The superuser returns to their own session (D11): its token and user replace the stored ones.
 * The server answers 401 when that session was not kept (the switch was made with the bearer
 * token only).
 */
export async function returnToOwnSession(): Promise<CurrentUser> {
  const { token } = tokenSchema.parse(await apiRequest(MASQUERADE_RETURN_PATH, { method: 'POST' }));
  setAccessToken(token);
  return refreshCurrentUser();
}

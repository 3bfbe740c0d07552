import { type CurrentUser, currentUserSchema, type UpdateMe } from '@pluvio/shared/users.schemas';
import { apiRequest } from './api-client';
import { clearSession, setUser } from './session';

export const ME_PATH = '/users/me';
export const LOGOUT_PATH = '/auth/jwt/logout';

/** GET /users/me, validated. */
export async function fetchCurrentUser(): Promise<CurrentUser> {
  return currentUserSchema.parse(await apiRequest(ME_PATH));
}

/** Re-reads the current user and replaces the stored one. */
export async function refreshCurrentUser(): Promise<CurrentUser> {
  const user = await fetchCurrentUser();
  setUser(user);
  return user;
}

/** PATCH /users/me (profile fields or the active account), then re-reads and stores the user. */
export async function updateCurrentUser(changes: UpdateMe): Promise<CurrentUser> {
  await apiRequest(ME_PATH, { method: 'PATCH', json: changes });
  return refreshCurrentUser();
}

/** POST /auth/jwt/logout (revokes the refresh token). */
export async function logoutRequest(): Promise<void> {
  await apiRequest(LOGOUT_PATH, { method: 'POST', refreshOn401: false });
}

/** Logs out on the server when possible and forgets the session locally. */
export async function signOutQuietly(): Promise<void> {
  try {
    await logoutRequest();
  } catch (error) {
    console.warn('Logout failed', error);
  }
  clearSession();
}

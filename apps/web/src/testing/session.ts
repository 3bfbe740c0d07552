import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { setAccessToken, setUser } from '../lib/session';

/** Signs `user` in with the access token `token`, as a finished login leaves the session. */
export function signInAs(user: CurrentUser, token = 'token-1') {
  setAccessToken(token);
  setUser(user);
}

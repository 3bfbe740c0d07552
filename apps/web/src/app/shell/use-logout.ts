import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { logoutRequest } from '../../lib/current-user';
import { DELAYS, wait } from '../../lib/delay';
import { PATHS } from '../../lib/routes';
import { clearSession } from '../../lib/session';

/**
 * Logout (spec part 1 §4): a full-screen spinner, POST /auth/jwt/logout, then after 2 s the
 * session is cleared and the app goes to '/'. On failure the spinner goes away and nothing else.
 */
export function useLogout() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const logout = useCallback(async () => {
    setBusy(true);
    try {
      await logoutRequest();
    } catch (error) {
      console.warn('Logout failed', error);
      setBusy(false);
      return;
    }
    await wait(DELAYS.logoutRedirect);
    clearSession();
    setBusy(false);
    navigate(PATHS.login, { replace: true });
  }, [navigate]);
  return { busy, logout };
}

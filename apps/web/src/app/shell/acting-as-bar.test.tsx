import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getAccessToken, getSession } from '../../lib/session';
import { buildSuperuser, buildUser } from '../../testing/fixtures';
import { jsonResponse, renderRoute, serveExpected } from '../../testing/render';
import { signInAs } from '../../testing/session';
import { ACTING_AS_TEXTS } from './acting-as-bar';

const RETURN_URL = '/api/services/user-token/return';
const admin = buildSuperuser({ id: 9 });
const actingAsGail = (canReturn: boolean) =>
  buildUser({
    first_name: 'Gail',
    last_name: 'Gold',
    impersonator: { id: 9, email: 'ada@example.com', name: 'Ada Admin' },
    can_return: canReturn,
  });

const signIn = (user: CurrentUser) => signInAs(user, 'gail-token');

const bar = () => screen.queryByRole('complementary', { name: 'Acting as another user' });

describe('acting-as bar', () => {
  it('is not shown to a user nobody acts as', async () => {
    serveExpected(() => jsonResponse([]));
    signIn(buildUser());
    renderRoute('/profile');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(bar()).toBeNull();
    expect(screen.queryByText(/is acting as/)).toBeNull();
  });

  it('names who acts as whom and returns the superuser to their own session and landing page', async () => {
    // The server's current user is Gail until the return, then Ada (the profile page reads it on opening).
    let returned = false;
    const fetchMock = serveExpected((url, init) => {
      if (url === RETURN_URL && init.method === 'POST') {
        returned = true;
        return jsonResponse({ token: 'ada-token' });
      }
      if (url === '/users/me') return jsonResponse(returned ? admin : actingAsGail(true));
      return jsonResponse([]);
    });
    signIn(actingAsGail(true));
    const { router } = renderRoute('/profile');
    expect(await screen.findByText('Ada Admin is acting as Gail Gold')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Return to admin' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(getAccessToken()).toBe('ada-token');
    expect(getSession().user?.email).toBe('ada@example.com');
    expect(bar()).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url === RETURN_URL)).toHaveLength(1);
  });

  it('offers signing in again when the switch kept no session to return to', async () => {
    serveExpected(() => jsonResponse([]));
    signIn(actingAsGail(false));
    renderRoute('/profile');
    expect(await screen.findByText('Ada Admin is acting as Gail Gold')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Return to admin' })).toBeNull();
    expect(screen.getByText(ACTING_AS_TEXTS.nothingToReturnTo)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeTruthy();
  });

  it('says so and offers signing in again when the server has nothing to return to (401)', async () => {
    serveExpected((url) => {
      if (url === RETURN_URL) return jsonResponse({ detail: 'No refresh token available' }, 401);
      if (url === '/api/users/refresh-token') return jsonResponse({ token: 'gail-token-2' });
      if (url === '/auth/jwt/logout') return jsonResponse(null, 204);
      return jsonResponse([]);
    });
    signIn(actingAsGail(true));
    const { router } = renderRoute('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Return to admin' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACTING_AS_TEXTS.nothingToReturnTo);
    expect(screen.queryByRole('button', { name: 'Return to admin' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 4000 });
    expect(getSession().user).toBeNull();
  });
});

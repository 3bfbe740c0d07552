import { MESSAGES } from '@pluvio/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, getSession, setAccessToken, setUser } from '../../lib/session';
import { buildClient, buildUser } from '../../testing/fixtures';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

async function signIn(email = 'jane@example.com', password = 'Secret1!') {
  await userEvent.type(await screen.findByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login page', () => {
  it('has the fields and links of the spec', async () => {
    stubFetch(withConfig(() => jsonResponse({}, 500)));
    renderRoute('/');
    const email = (await screen.findByLabelText(/^Email/)) as HTMLInputElement;
    expect(email.type).toBe('email');
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).placeholder).toBe(
      'At least 8 characters',
    );
    expect(screen.getByRole('link', { name: 'I forgot my password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create Trial Account' }).getAttribute('href')).toBe(
      '/wizard?account_type=trial',
    );
    expect(screen.getByRole('link', { name: 'Create Paid Account' }).getAttribute('href')).toBe(
      '/wizard?account_type=paid',
    );
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('shows the national 3-day forecast beside the sign-in form', async () => {
    stubFetch(withConfig(() => jsonResponse({}, 500)));
    renderRoute('/');
    const heading = await screen.findByRole('heading', { name: '3 Day Forecast' });
    const panel = heading.closest('section') as HTMLElement;
    expect(
      within(panel)
        .getAllByRole('img')
        .map((image) => image.getAttribute('src')),
    ).toEqual(['/api/forecast/national/1', '/api/forecast/national/2', '/api/forecast/national/3']);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('explains bad credentials with links to reset the password and to a trial account', async () => {
    const fetchMock = stubFetch(
      withConfig((url) =>
        url === '/auth/jwt/login'
          ? jsonResponse({ detail: 'LOGIN_BAD_CREDENTIALS' }, 400)
          : jsonResponse({}, 500),
      ),
    );
    renderRoute('/');
    await signIn();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.loginBadCredentials);
    const links = within(alert).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/forgot-password',
      '/wizard?account_type=trial',
    ]);
    const login = fetchMock.mock.calls.find(([url]) => url === '/auth/jwt/login');
    expect(login?.[1]?.body).toBe('username=jane%40example.com&password=Secret1%21');
    expect(getSession().user).toBeNull();
  });

  it('shows the server message of other errors', async () => {
    stubFetch(
      withConfig((url) =>
        url === '/auth/jwt/login'
          ? jsonResponse({ detail: 'Too many attempts. Please wait a minute and try again.' }, 429)
          : jsonResponse({}, 500),
      ),
    );
    renderRoute('/');
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.rateLimited);
  });

  it('shows the unexpected-failure message when the server cannot be reached', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderRoute('/');
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.loginFailed);
  });

  it('stores the token and the user, then lands on the dashboard', async () => {
    const user = buildUser();
    stubFetch(
      withConfig((url) => {
        if (url === '/auth/jwt/login') return jsonResponse({ access_token: 'tok', token_type: 'bearer' });
        if (url === '/users/me') return jsonResponse(user);
        return jsonResponse({}, 500);
      }),
    );
    const { router } = renderRoute('/');
    await signIn();
    // The dashboard's code loads lazily: slow the first time on a busy machine.
    expect(await screen.findByText(/^Error loading data/, undefined, { timeout: 8000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(getAccessToken()).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').email).toBe('jane@example.com');
  });

  it('refuses a contact without locations and signs out again', async () => {
    const contact = buildUser({
      role: 'contact',
      location_count: 0,
      clients: [buildClient({ membership: 'contact' })],
    });
    const fetchMock = stubFetch(
      withConfig((url) => {
        if (url === '/auth/jwt/login') return jsonResponse({ access_token: 'tok', token_type: 'bearer' });
        if (url === '/users/me') return jsonResponse(contact);
        if (url === '/auth/jwt/logout') return jsonResponse(null, 204);
        return jsonResponse({}, 500);
      }),
    );
    const { router } = renderRoute('/');
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.contactWithoutLocations);
    expect(router.state.location.pathname).toBe('/');
    expect(fetchMock.mock.calls.some(([url]) => url === '/auth/jwt/logout')).toBe(true);
    expect(getAccessToken()).toBeNull();
    expect(getSession().user).toBeNull();
  });

  it('says so when the server answers without a token', async () => {
    stubFetch(
      withConfig((url) =>
        url === '/auth/jwt/login' ? jsonResponse({ token_type: 'bearer' }) : jsonResponse({}, 500),
      ),
    );
    renderRoute('/');
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.loginNoToken);
    expect(getAccessToken()).toBeNull();
  });

  it('refuses a user with no client account and signs out again', async () => {
    const orphan = buildUser({ clients: [] });
    stubFetch(
      withConfig((url) => {
        if (url === '/auth/jwt/login') return jsonResponse({ access_token: 'tok', token_type: 'bearer' });
        if (url === '/users/me') return jsonResponse(orphan);
        if (url === '/auth/jwt/logout') return jsonResponse(null, 204);
        return jsonResponse({}, 500);
      }),
    );
    const { router } = renderRoute('/');
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.clientInfoMissing);
    expect(router.state.location.pathname).toBe('/');
    expect(getSession().user).toBeNull();
  });

  it('sends a user who is signed in already to their landing page', async () => {
    stubFetch(withConfig(() => jsonResponse({}, 500)));
    setAccessToken('token-1');
    setUser(buildUser({ role: 'admin', is_superuser: true, clients: [] }));
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('sends a signed-out visitor to sign in, then back to the page they opened', async () => {
    stubFetch(
      withConfig((url) => {
        if (url === '/auth/jwt/login') return jsonResponse({ access_token: 'tok', token_type: 'bearer' });
        if (url === '/users/me') return jsonResponse(buildUser());
        return jsonResponse({}, 500);
      }),
    );
    const { router } = renderRoute('/profile?tab=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/profile?tab=2')}`);
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.search).toBe('?tab=2');
  });

  it.each([
    '//evil.example/a',
    '/\\evil.example/a',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example',
  ])('lands as usual when next is not a page of this site: %s', async (next) => {
    stubFetch(withConfig(() => jsonResponse({}, 500)));
    setAccessToken('token-1');
    setUser(buildUser());
    const { router } = renderRoute(`/?next=${encodeURIComponent(next)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('the hourly figure beside the sign-in form', () => {
  afterEach(() => vi.useRealTimers());

  const hour = (time: string, amount: number, color: 'green' | 'orange') => ({
    ends_at: `2026-11-21T${time}:00-05:00`,
    amount,
    color,
  });

  it("asks for today's Eastern date and says the heaviest hour, in orange or green only", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 22:05 in New York on Saturday 21 November: already Sunday in UTC.
    vi.setSystemTime(new Date('2026-11-22T03:05:00Z'));
    const fetchMock = stubFetch(
      withConfig((url) =>
        url.startsWith('/api/rainfall/hourly_today')
          ? jsonResponse({
              date: '2026-11-21',
              hours: [
                hour('15:00', 0.3, 'orange'),
                hour('16:00', 0.2, 'green'),
                hour('17:00', 2.5, 'orange'),
              ],
            })
          : jsonResponse({}, 500),
      ),
    );
    renderRoute('/');
    const heading = await screen.findByRole('heading', { name: 'Rainfall Today' });
    const figure = within(heading.closest('section') as HTMLElement);
    expect(await figure.findByText('Heaviest hour so far: 2.50 in, the hour ending 17:00.')).toBeTruthy();
    expect(
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('hourly_today')),
    ).toEqual(['/api/rainfall/hourly_today?date=2026-11-21']);
    const legend = within(figure.getByRole('list', { name: 'Legend' }));
    expect(legend.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Below every site's threshold",
      'A site reached its threshold',
    ]);
    expect(figure.queryByText(/NOAA/)).toBeNull();
  });

  it('says when no site has had rain yet today', async () => {
    stubFetch(
      withConfig((url) =>
        url.startsWith('/api/rainfall/hourly_today')
          ? jsonResponse({ date: '2026-11-21', hours: [hour('01:00', 0, 'green')] })
          : jsonResponse({}, 500),
      ),
    );
    renderRoute('/');
    expect(await screen.findByText('No rain at any Pluvio site so far today.')).toBeTruthy();
  });

  it('leaves the figure out when it cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(withConfig(() => jsonResponse({ detail: 'down' }, 503)));
    renderRoute('/');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Rainfall Today' })).toBeNull());
    expect(console.error).toHaveBeenCalled();
  });
});

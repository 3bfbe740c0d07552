import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DELAYS } from '../../lib/delay';
import { setAccessToken, setUser } from '../../lib/session';
import { buildClient, buildUser } from '../../testing/fixtures';
import { stubMatchMedia } from '../../testing/match-media';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

/** The main navigation of an owner or co-owner; a plain contact has no Assignments or Settings. */
const OWNER_SECTIONS = ['Data', 'Graphs', 'Forecasts', 'Storm Events', 'Reports', 'Assignments', 'Settings'];
const CONTACT_SECTIONS = OWNER_SECTIONS.filter((name) => name !== 'Assignments' && name !== 'Settings');

function signIn(user: CurrentUser) {
  setAccessToken('token-1');
  setUser(user);
}

async function mainNav() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

function linkNames(nav: ReturnType<typeof within>) {
  return nav.getAllByRole('link').map((link: HTMLElement) => link.textContent);
}

describe('header navigation', () => {
  beforeEach(() => {
    stubFetch(withConfig(() => jsonResponse({ detail: 'unexpected' }, 500)));
  });

  it('shows a bronze owner every section, with Settings going to the contact list', async () => {
    signIn(buildUser({ role: 'client', clients: [buildClient({ tier: 'bronze' })] }));
    renderRoute('/dashboard');
    const nav = await mainNav();
    expect(linkNames(nav)).toEqual(OWNER_SECTIONS);
    expect(nav.getByRole('link', { name: 'Data' }).getAttribute('href')).toBe('/dashboard');
    expect(nav.getByRole('link', { name: 'Data' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Graphs' }).getAttribute('href')).toBe('/dashboard#graphs');
    expect(nav.getByRole('link', { name: 'Forecasts' }).getAttribute('href')).toBe('/dashboard#forecast');
    expect(nav.getByRole('link', { name: 'Assignments' }).getAttribute('href')).toBe('/assign-locations');
    expect(nav.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/contact-list');
    expect(screen.getByText('Welcome Jane Doe (Bronze Level)')).toBeTruthy();
    expect(screen.queryByText(/Trial Ends in/)).toBeNull();
  });

  it('hides Assignments and Settings from a plain contact', async () => {
    signIn(
      buildUser({ role: 'contact', co_owner: false, clients: [buildClient({ membership: 'contact' })] }),
    );
    renderRoute('/dashboard');
    const nav = await mainNav();
    expect(linkNames(nav)).toEqual(CONTACT_SECTIONS);
  });

  it('shows Assignments and Settings to a co-owner contact', async () => {
    signIn(
      buildUser({ role: 'contact', co_owner: true, clients: [buildClient({ membership: 'co_owner' })] }),
    );
    renderRoute('/dashboard');
    const nav = await mainNav();
    expect(linkNames(nav)).toEqual(OWNER_SECTIONS);
  });

  it('gives a superuser admin the admin Data target, no graph links and client management', async () => {
    signIn(buildUser({ role: 'admin', is_superuser: true, first_name: 'Ada', last_name: 'Admin' }));
    renderRoute('/admin');
    const nav = await mainNav();
    expect(linkNames(nav)).toEqual(['Data', 'Reports', 'Settings']);
    expect(nav.getByRole('link', { name: 'Data' }).getAttribute('href')).toBe('/admin');
    expect(nav.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings-admin');
    expect(screen.getByText('Welcome Ada Admin (admin)')).toBeTruthy();
  });

  it('highlights Settings on the pages of the settings section', async () => {
    signIn(buildUser());
    renderRoute('/location-list');
    const nav = await mainNav();
    expect(nav.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Data' }).getAttribute('aria-current')).toBeNull();
  });

  it('highlights Storm Events on the page of one event', async () => {
    signIn(buildUser());
    renderRoute('/storm-events/31');
    const nav = await mainNav();
    expect(nav.getByRole('link', { name: 'Storm Events' }).getAttribute('aria-current')).toBe('page');
  });

  describe('trial countdown', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2026, 10, 21, 15, 0));
    });

    it('counts the days left of a trial account and links to the upgrade page', async () => {
      signIn(
        buildUser({
          clients: [
            buildClient({
              tier: 'gold',
              account_type: 'trial',
              is_trial_account: true,
              trial_end_date: '2026-12-01',
            }),
          ],
        }),
      );
      renderRoute('/dashboard');
      const countdown = await screen.findByRole('link', { name: 'Trial Ends in 10 Days' });
      expect(countdown.getAttribute('href')).toBe('/upgrade');
    });
  });
});

describe('user menu', () => {
  it('shows the details, role and accounts, and switches the active account', async () => {
    const first = buildClient({ id: 10, account_name: 'Acme Builders', tier: 'bronze' });
    const second = buildClient({ id: 11, account_name: 'River Farms', tier: 'gold' });
    const archived = buildClient({ id: 12, account_name: 'Old Site', status: 'archived' });
    const user = buildUser({ co_owner: true, role: 'contact', clients: [first, second, archived] });
    const switched = { ...user, primary_client_id: 11, clients: [second, first, archived] };
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const fetchMock = stubFetch(
      withConfig((url, init) => {
        if (url === '/users/me' && init.method === 'PATCH') return jsonResponse(switched);
        if (url === '/users/me') return jsonResponse(switched);
        return jsonResponse({ detail: 'unexpected' }, 500);
      }),
    );
    signIn(user);
    renderRoute('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: /User menu of Jane Doe/ }));
    expect(await screen.findByText('jane@example.com')).toBeTruthy();
    expect(screen.getByText('555-123-4567')).toBeTruthy();
    expect(screen.getByText('Role: Co-owner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/profile');
    const accounts = within(await screen.findByRole('list', { name: 'Accounts' }));
    expect(accounts.queryByText('Old Site')).toBeNull();
    await userEvent.click(accounts.getByRole('button', { name: /River Farms/ }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ primary_client_id: 11 });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').primary_client_id).toBe(11);
  });

  it('shows Admin Center and the mail viewer to a superuser, without a switcher', async () => {
    stubFetch(withConfig(() => jsonResponse({ detail: 'unexpected' }, 500)));
    signIn(buildUser({ role: 'admin', is_superuser: true }));
    renderRoute('/admin');
    await userEvent.click(await screen.findByRole('button', { name: /User menu of/ }));
    const menu = within(await screen.findByRole('dialog'));
    expect(menu.getByText('Admin Center')).toBeTruthy();
    expect(menu.getByRole('link', { name: 'Mail viewer' }).getAttribute('href')).toBe('/admin/mail');
    expect(menu.getByRole('link', { name: 'Delivery Log' }).getAttribute('href')).toBe('/admin/deliveries');
    expect(screen.queryByRole('list', { name: 'Accounts' })).toBeNull();
  });
});

describe('route guard and bare pages', () => {
  it('sends a visitor without a session from a private page to sign in', async () => {
    stubFetch(withConfig(() => jsonResponse({ detail: 'unexpected' }, 500)));
    const { router } = renderRoute('/reports');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('keeps non-superusers out of the mail viewer', { timeout: 20_000 }, async () => {
    stubFetch(withConfig(() => jsonResponse({ detail: 'unexpected' }, 500)));
    signIn(buildUser());
    const { router } = renderRoute('/admin/mail');
    // The dashboard loads lazily; on a busy machine that takes more than the default second.
    expect(await screen.findByText(/^Error loading data/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('narrow screens', () => {
  it('lists Data, Graphs, Forecasts, Storm Events, Reports, Assignments, Settings, Logout and the accounts in the slide-out menu', async () => {
    stubMatchMedia((query) => query.includes('max-width: 599'));
    stubFetch(withConfig(() => jsonResponse({ detail: 'unexpected' }, 500)));
    signIn(buildUser());
    renderRoute('/dashboard');
    await screen.findByText(/^Error loading data/);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = within(await screen.findByRole('dialog'));
    const nav = within(drawer.getByRole('navigation', { name: 'Mobile' }));
    expect(linkNames(nav)).toEqual([
      'Data',
      'Graphs',
      'Forecasts',
      'Storm Events',
      'Reports',
      'Assignments',
      'Settings',
    ]);
    expect(drawer.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(await drawer.findByRole('list', { name: 'Accounts' })).toBeTruthy();
  });

  it('leaves Assignments and Settings out of a plain contact’s slide-out menu', async () => {
    stubMatchMedia((query) => query.includes('max-width: 599'));
    stubFetch(withConfig(() => jsonResponse({ detail: 'unexpected' }, 500)));
    signIn(
      buildUser({ role: 'contact', co_owner: false, clients: [buildClient({ membership: 'contact' })] }),
    );
    renderRoute('/dashboard');
    await screen.findByText(/^Error loading data/);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = within(within(await screen.findByRole('dialog')).getByRole('navigation', { name: 'Mobile' }));
    expect(linkNames(nav)).toEqual(['Data', 'Graphs', 'Forecasts', 'Storm Events', 'Reports']);
  });
});

describe('logout', () => {
  it('shows the spinner, signs out on the server and goes to the start after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch(
      withConfig((url) => (url === '/auth/jwt/logout' ? jsonResponse(null, 204) : jsonResponse({}, 500))),
    );
    signIn(buildUser());
    const { router } = renderRoute('/profile-backup');
    await userEvent.click(await screen.findByRole('button', { name: /User menu of/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Working...')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/auth/jwt/logout' && init?.method === 'POST'),
    ).toBe(true);
    expect(router.state.location.pathname).toBe('/profile-backup');
    // The designed 2 s (part 1 §9), on the test's clock.
    await act(() => vi.advanceTimersByTimeAsync(DELAYS.logoutRedirect));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('removes the spinner and stays when the logout call fails', async () => {
    stubFetch(withConfig(() => jsonResponse({ detail: 'boom' }, 500)));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    signIn(buildUser());
    const { router } = renderRoute('/profile-backup');
    await userEvent.click(await screen.findByRole('button', { name: /User menu of/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(screen.queryByText('Working...')).toBeNull());
    expect(router.state.location.pathname).toBe('/profile-backup');
    expect(localStorage.getItem('user')).not.toBeNull();
  });
});

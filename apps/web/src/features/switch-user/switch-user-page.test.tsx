import { MESSAGES } from '@pluvio/shared/messages';
import type { CurrentUser, UserListEntry } from '@pluvio/shared/users.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getAccessToken, getSession } from '../../lib/session';
import { buildClient, buildSuperuser, buildUser } from '../../testing/fixtures';
import { jsonResponse, renderRoute, serveExpected } from '../../testing/render';
import { signInAs } from '../../testing/session';
import { SWITCH_USER_TEXTS } from './switch-user-page';

const admin = buildSuperuser();

function entry(overrides: Partial<UserListEntry>): UserListEntry {
  return {
    id: 2,
    email: 'gail@example.com',
    first_name: 'Gail',
    last_name: 'Gold',
    role: 'client',
    is_superuser: false,
    primary_client_id: 10,
    account_name: 'Gold Farms',
    subscription_level: 3,
    ...overrides,
  };
}

const gail = entry({});
const otherAdmin = entry({
  id: 3,
  email: 'gus@example.com',
  first_name: 'Gus',
  last_name: 'Admin',
  role: 'admin',
  is_superuser: true,
  account_name: null,
  subscription_level: 4,
});

const signIn = (user: CurrentUser) => signInAs(user, 'ada-token');

const usersCalls = (fetchMock: ReturnType<typeof serveExpected>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin/users'));

describe('Switch User screen', () => {
  it('searches users, shows the chosen one with role and level, and switches to them', async () => {
    const fetchMock = serveExpected((url, init) => {
      if (url.startsWith('/api/admin/users'))
        return jsonResponse({ items: [gail, otherAdmin], total: 2, page: 1, page_size: 20 });
      if (url === '/api/services/user-token?email=gail%40example.com' && init.method === 'POST')
        return jsonResponse({ token: 'gail-token' });
      if (url === '/users/me')
        return jsonResponse(buildUser({ email: 'gail@example.com', first_name: 'Gail' }));
      return jsonResponse([]);
    });
    signIn(admin);
    const { router } = renderRoute('/switch');
    expect(await screen.findByText(SWITCH_USER_TEXTS.typeToSearch)).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: /Search/ });
    expect(search.getAttribute('placeholder')).toBe('Search Users...');
    expect(usersCalls(fetchMock)).toEqual([]);
    const switchButton = screen.getByRole('button', { name: 'Switch User!' }) as HTMLButtonElement;
    expect(switchButton.disabled).toBe(true);

    await userEvent.type(search, 'g');
    const gailChoice = await screen.findByRole('radio', { name: /Gail Gold/ });
    expect(usersCalls(fetchMock)).toEqual(['/api/admin/users?search=g&page=1&page_size=20']);
    expect((screen.getByRole('radio', { name: /Gus Admin/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(MESSAGES.cannotActAsAdministrator)).toBeTruthy();

    await userEvent.click(gailChoice);
    const summary = screen.getByText('Switch to').parentElement as HTMLElement;
    expect(within(summary).getByText('Gail Gold')).toBeTruthy();
    expect(within(summary).getByText('Role: client')).toBeTruthy();
    expect(within(summary).getByText('Subscription Level: Gold')).toBeTruthy();
    expect(screen.getByText('Ada Admin')).toBeTruthy();

    await userEvent.click(switchButton);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getAccessToken()).toBe('gail-token');
    expect(getSession().user?.email).toBe('gail@example.com');
  });

  it('loads more users a page at a time', async () => {
    const fetchMock = serveExpected((url) => {
      if (url.includes('page=1&')) return jsonResponse({ items: [gail], total: 2, page: 1, page_size: 1 });
      if (url.includes('page=2&'))
        return jsonResponse({
          items: [entry({ id: 4, first_name: 'Gina' })],
          total: 2,
          page: 2,
          page_size: 1,
        });
      return jsonResponse([]);
    });
    signIn(admin);
    renderRoute('/switch');
    await userEvent.type(await screen.findByRole('searchbox', { name: /Search/ }), 'gold');
    expect(await screen.findByText('Showing 1 of 2 users')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more users' }));
    expect(await screen.findByRole('radio', { name: /Gina Gold/ })).toBeTruthy();
    expect(screen.getByText('Showing 2 of 2 users')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more users' })).toBeNull();
    expect(usersCalls(fetchMock)).toEqual([
      '/api/admin/users?search=gold&page=1&page_size=20',
      '/api/admin/users?search=gold&page=2&page_size=20',
    ]);
  });

  it('goes back to the dashboard on Cancel without switching', async () => {
    const fetchMock = serveExpected(() => jsonResponse([]));
    signIn(admin);
    const { router } = renderRoute('/double');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/services/user-token'))).toBe(
      false,
    );
    expect(getAccessToken()).toBe('ada-token');
  });

  it('shows everyone else the tier notice instead of the list', async () => {
    const fetchMock = serveExpected(() => jsonResponse([]));
    signIn(buildUser({ clients: [buildClient({ tier: 'gold' })] }));
    renderRoute('/double');
    expect(await screen.findByRole('heading', { name: 'Switch User' })).toBeTruthy();
    expect(screen.getByText(MESSAGES.administratorsOnly)).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(usersCalls(fetchMock)).toEqual([]);
  });
});

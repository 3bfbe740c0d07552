import { CLIENT_MESSAGES } from '@pluvio/shared/clients';
import { actAsConfirmation, MESSAGES } from '@pluvio/shared/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken, setUser } from '../../lib/session';
import { answerConfirmation } from '../../testing/confirm';
import { buildAccount, buildClient, buildUser } from '../../testing/fixtures';
import { stubMatchMedia, stubScreenWidth } from '../../testing/match-media';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

const ACCOUNTS = [
  buildAccount({ id: 1, account_name: 'Gold Farms', tier: 'gold', phone: '7135550001' }),
  buildAccount({ id: 2, account_name: 'Silver Sites', tier: 'silver', email: 'ops@silver.example' }),
  buildAccount({ id: 3, account_name: 'Bronze Yard', tier: 'bronze' }),
  buildAccount({
    id: 4,
    account_name: 'Trial Works',
    tier: 'gold',
    account_type: 'trial',
    is_trial_account: true,
    owner_email: null,
    locations_count: 1,
  }),
];

function signInSuperuser() {
  setAccessToken('token-1');
  setUser(buildUser({ is_superuser: true, role: 'admin', clients: [] }));
}

/** Answers the account list; `extra` answers other calls first. */
function serveClients(extra?: (url: string, init: RequestInit) => Response | undefined) {
  return stubFetch(
    withConfig((url, init) => {
      const answer = extra?.(url, init);
      if (answer) return answer;
      if (url.startsWith('/api/clients/?')) return jsonResponse(ACCOUNTS);
      return jsonResponse({ detail: 'unexpected' }, 500);
    }),
  );
}

async function shownAccounts() {
  await screen.findByRole('table', {}, { timeout: 10_000 });
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

async function search(text: string) {
  const box = screen.getByRole('searchbox', { name: 'Search' });
  await userEvent.clear(box);
  await userEvent.click(box);
  await userEvent.paste(text);
}

describe('client management', () => {
  beforeEach(signInSuperuser);

  it('lists every account with its type, location count and tier', async () => {
    const fetchMock = serveClients();
    renderRoute('/settings-admin');
    expect(await shownAccounts()).toEqual(['Gold Farms', 'Silver Sites', 'Bronze Yard', 'Trial Works']);
    const trial = screen.getAllByRole('row')[4] as HTMLElement;
    expect(
      within(trial)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Trial Works', 'Trial', '1', 'Gold', '']);
    const clientCalls = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/clients'));
    expect(clientCalls).toEqual(['/api/clients/?page=1&page_size=250']);
    expect(screen.queryByRole('navigation', { name: /pagination/i })).toBeNull();
  });

  it('filters by the tier and trial checkboxes', async () => {
    serveClients();
    renderRoute('/settings-admin');
    await shownAccounts();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Gold' }));
    expect(await shownAccounts()).toEqual(['Gold Farms']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Trial' }));
    expect(await shownAccounts()).toEqual(['Gold Farms', 'Trial Works']);
  });

  it('searches account name, e-mail and phone', async () => {
    serveClients();
    renderRoute('/settings-admin');
    await shownAccounts();
    await search('ops@silver');
    expect(await shownAccounts()).toEqual(['Silver Sites']);
    await search('5550001');
    expect(await shownAccounts()).toEqual(['Gold Farms']);
    await search('yard');
    expect(await shownAccounts()).toEqual(['Bronze Yard']);
  });

  it('checks the filter a system-health card passes in the navigation state', async () => {
    serveClients();
    const { router } = renderRoute('/dashboard');
    await router.navigate('/settings-admin', { state: { filter: 'trial' } });
    expect(await shownAccounts()).toEqual(['Trial Works']);
    expect((screen.getByRole('checkbox', { name: 'Trial' }) as HTMLInputElement).checked).toBe(true);
  });

  it('acts as the owner after confirming, and not for an account without one', async () => {
    const fetchMock = serveClients((url) => {
      if (url.startsWith('/api/services/user-token')) return jsonResponse({ token: 'owner-token' });
      if (url === '/users/me') return jsonResponse(buildUser({ email: 'jane@example.com' }));
      return undefined;
    });
    const { router } = renderRoute('/settings-admin');
    await shownAccounts();
    expect(
      (screen.getByRole('button', { name: 'Act as the owner of Trial Works' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Act as the owner of Gold Farms' }));
    const question = await answerConfirmation('Act as this user');
    expect(question.title).toBe('Act as the owner of Gold Farms?');
    expect(question.text).toContain(actAsConfirmation('jane@example.com').question);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(
      fetchMock.mock.calls.some(([url]) => url === '/api/services/user-token?email=jane%40example.com'),
    ).toBe(true);
  });

  it('stays on the list with the message when the superuser cancels acting as an owner', async () => {
    const fetchMock = serveClients();
    const { router } = renderRoute('/settings-admin');
    await shownAccounts();
    await userEvent.click(screen.getByRole('button', { name: 'Act as the owner of Gold Farms' }));
    await answerConfirmation('Cancel');
    expect(await screen.findByText(MESSAGES.masqueradeCancelled)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/settings-admin');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/services/user-token'))).toBe(
      false,
    );
  });

  it('deletes a client after confirming and says when that fails', async () => {
    let failDelete = false;
    const fetchMock = serveClients((_url, init) => {
      if (init.method !== 'DELETE') return undefined;
      return failDelete ? jsonResponse({ detail: 'nope' }, 500) : jsonResponse(null, 204);
    });
    renderRoute('/settings-admin');
    await shownAccounts();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Bronze Yard' }));
    const question = await answerConfirmation('Delete account');
    expect(question.title).toBe('Delete the account “Bronze Yard”?');
    expect(question.text).toContain(CLIENT_MESSAGES.deleteConfirm);
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/clients/?'))).toHaveLength(
        2,
      ),
    );
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/clients/3?client_id=3' && init?.method === 'DELETE',
      ),
    ).toBe(true);

    failDelete = true;
    await userEvent.click(screen.getByRole('button', { name: 'Delete Silver Sites' }));
    await answerConfirmation('Delete account');
    expect((await screen.findByRole('alert')).textContent).toBe(CLIENT_MESSAGES.deleteFailed);
  });

  it('opens the client form to edit or add', async () => {
    serveClients();
    const { router } = renderRoute('/settings-admin');
    await shownAccounts();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Silver Sites' }));
    expect(await screen.findByRole('heading', { name: 'Edit Client' }, { timeout: 10_000 })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Account Name/ }) as HTMLInputElement).value).toBe(
      'Silver Sites',
    );
    await router.navigate('/settings-admin');
    // Each page loads its lists first: on a busy machine that takes seconds.
    await userEvent.click(await screen.findByRole('button', { name: 'Add Client' }, { timeout: 10_000 }));
    expect(await screen.findByRole('heading', { name: 'Add Client' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows fewer columns on a narrow screen', async () => {
    stubMatchMedia(() => true);
    serveClients();
    renderRoute('/settings-admin');
    await shownAccounts();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Account Name',
      'Account Type',
      'Actions',
    ]);
  });

  it('keeps the Client Management tab but the fewer columns between 600 and 800 px', async () => {
    stubScreenWidth(700);
    serveClients();
    renderRoute('/settings-admin');
    await shownAccounts();
    expect(screen.getByRole('tab', { name: 'Client Management' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Account Name',
      'Account Type',
      'Actions',
    ]);
  });
});

describe('client management for others', () => {
  it('is refused below tier 4 without asking the server', async () => {
    setAccessToken('token-1');
    setUser(buildUser({ clients: [buildClient({ tier: 'gold' })] }));
    const fetchMock = serveClients();
    renderRoute('/settings-admin');
    expect(await screen.findByText(MESSAGES.administratorsOnly)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/clients'))).toBe(false);
  });
});

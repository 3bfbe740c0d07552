import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAccessToken, setUser } from '../../lib/session';
import { buildAccount, buildUser } from '../../testing/fixtures';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

const CLIENTS = [
  buildAccount({ id: 1, account_name: 'Gold Paid', tier: 'gold', account_type: 'paid' }),
  buildAccount({ id: 2, account_name: 'Gold Free', tier: 'gold', account_type: 'free' }),
  buildAccount({ id: 3, account_name: 'Bronze Paid', tier: 'bronze', account_type: 'paid' }),
  buildAccount({
    id: 4,
    account_name: 'New Trial',
    tier: 'gold',
    account_type: 'trial',
    is_trial_account: true,
  }),
];

describe('client status cards', () => {
  it('counts accounts and unpaid ones by tier and opens client management filtered', async () => {
    setUser(buildUser({ role: 'admin', is_superuser: true, clients: [] }));
    setAccessToken('token');
    stubFetch(
      withConfig((url) => (url.startsWith('/api/clients/') ? jsonResponse(CLIENTS) : jsonResponse([]))),
    );
    const { router } = renderRoute('/admin');

    const gold = await screen.findByRole('button', { name: 'Gold Tier: 2 accounts, 1 unpaid' });
    expect(screen.getByRole('button', { name: 'Silver Tier: 0 accounts, 0 unpaid' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Total Accounts: 4 accounts, 2 unpaid' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Trials: 1 account, 1 unpaid' })).toBeTruthy();

    await userEvent.click(gold);
    expect(router.state.location.pathname).toBe('/settings-admin');
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Gold' })).checked).toBe(true);
    expect(await screen.findByText('Gold Free')).toBeTruthy();
    expect(screen.queryByText('Bronze Paid')).toBeNull();
  });
});

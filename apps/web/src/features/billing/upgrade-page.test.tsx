import { BILLING_MESSAGES, changeToText, RENEWAL_TEXT, SUBSCRIPTION_TEXT } from '@pluvio/shared/billing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../lib/browser-location';
import { DELAYS } from '../../lib/delay';
import { getSession } from '../../lib/session';
import { buildClient, buildSubscription, buildUser } from '../../testing/fixtures';
import { type FetchHandler, jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';
import { signInAs } from '../../testing/session';

const TRIAL = buildClient({
  id: 10,
  tier: 'gold',
  account_type: 'trial',
  is_trial_account: true,
  trial_end_date: '2099-01-01',
});
const SILVER = buildClient({ id: 11, account_name: 'Second Site', tier: 'silver', account_type: 'paid' });

const signIn = (clients = [TRIAL, SILVER]) => signInAs(buildUser({ clients }));

function serve(handler: FetchHandler = () => jsonResponse({ detail: 'unexpected' }, 500)) {
  return stubFetch(withConfig(handler));
}

const card = (name: string) => within(screen.getByRole('region', { name: `${name} plan` }));
const WALK = { timeout: 30_000 };

describe('pricing page', WALK, () => {
  it('shows the three plans with prices, ticks and the renewal terms; signed out, Upgrade starts a paid sign-up', async () => {
    serve();
    renderRoute('/upgrade');
    expect(await screen.findByRole('heading', { level: 1, name: BILLING_MESSAGES.choosePlan })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Gold',
      'Silver',
      'Bronze',
    ]);
    expect(card('Gold').getByText('$24.00')).toBeTruthy();
    expect(card('Silver').getByText('$18.00')).toBeTruthy();
    expect(card('Bronze').getByText('$12.00')).toBeTruthy();
    expect(card('Gold').getByRole('list', { name: 'Gold features' }).textContent).toContain(
      'On-demand lookup',
    );
    expect(card('Silver').getByRole('list', { name: 'Silver features' }).textContent).not.toContain(
      'On-demand lookup',
    );
    expect(card('Bronze').getByText('Previous-month report only')).toBeTruthy();
    for (const line of RENEWAL_TEXT) expect(screen.getByText(line)).toBeTruthy();
    expect(card('Silver').getByRole('link', { name: BILLING_MESSAGES.upgrade }).getAttribute('href')).toBe(
      '/wizard?account_type=paid&tier=silver',
    );
  });

  it('starts the checkout of the active account and goes there, marking the current paid plan', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    signIn([SILVER, TRIAL]);
    const fetchMock = serve((url, init) =>
      url === '/api/billing/checkout' && init.method === 'POST'
        ? jsonResponse({ checkout_url: '/checkout/test/cs_up_1' })
        : jsonResponse({ detail: 'unexpected' }, 500),
    );
    renderRoute('/upgrade');
    await screen.findByRole('heading', { level: 1, name: BILLING_MESSAGES.choosePlan });
    expect(card('Silver').getByText(BILLING_MESSAGES.currentPlan)).toBeTruthy();
    expect(card('Silver').queryByRole('button', { name: BILLING_MESSAGES.upgrade })).toBeNull();
    await userEvent.click(card('Gold').getByRole('button', { name: BILLING_MESSAGES.upgrade }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/test/cs_up_1'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/billing/checkout');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ client_id: 11, tier: 'gold' });
  });

  it('marks a Gold trial as its plan with its end and offers Silver and Bronze as changes, not upgrades', async () => {
    signIn();
    serve();
    renderRoute('/upgrade');
    await screen.findByRole('heading', { level: 1, name: BILLING_MESSAGES.choosePlan });
    expect(card('Gold').getByText(BILLING_MESSAGES.currentPlan)).toBeTruthy();
    expect(card('Gold').getByText('Trial, ends on 2099-01-01')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Gold plan' }).getAttribute('aria-current')).toBe('true');
    expect(card('Gold').getByRole('button', { name: BILLING_MESSAGES.upgrade })).toBeTruthy();
    for (const [name, tier] of [
      ['Silver', 'silver'],
      ['Bronze', 'bronze'],
    ] as const) {
      expect(card(name).queryByRole('button', { name: BILLING_MESSAGES.upgrade })).toBeNull();
      expect(card(name).getByRole('button', { name: changeToText(tier) })).toBeTruthy();
      expect(card(name).queryByText(BILLING_MESSAGES.currentPlan)).toBeNull();
    }
  });

  it('upgrades the account named by client_id and shows why a checkout could not start', async () => {
    signIn();
    const fetchMock = serve((url) =>
      url === '/api/billing/checkout'
        ? jsonResponse({ detail: BILLING_MESSAGES.manualInvoice }, 409)
        : jsonResponse({ detail: 'unexpected' }, 500),
    );
    renderRoute('/upgrade?client_id=11');
    await screen.findByRole('heading', { level: 1, name: BILLING_MESSAGES.choosePlan });
    await userEvent.click(card('Bronze').getByRole('button', { name: changeToText('bronze') }));
    expect((await screen.findByRole('alert')).textContent).toBe(BILLING_MESSAGES.manualInvoice);
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/billing/checkout');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ client_id: 11, tier: 'bronze' });
  });

  it('changes a running test-checkout subscription in place after a dialog that says the new price', async () => {
    signIn([SILVER]);
    const summary = buildSubscription({ client_id: 11, next_bill: { date: '2099-12-21', amount: 36 } });
    const changed = { ...summary, tier: 'gold', unit_amount: 24, monthly_amount: 48 };
    const fetchMock = serve((url, init) => {
      if (url === '/api/billing/subscription?client_id=11') return jsonResponse(summary);
      if (url === '/api/billing/subscription/plan' && init.method === 'POST') return jsonResponse(changed);
      if (url === '/users/me') return jsonResponse(buildUser({ clients: [{ ...SILVER, tier: 'gold' }] }));
      return jsonResponse({ detail: 'unexpected' }, 500);
    });
    renderRoute('/upgrade');
    await screen.findByRole('heading', { level: 1, name: BILLING_MESSAGES.choosePlan });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/billing/subscription?client_id=11')).toBe(
        true,
      ),
    );
    const planCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/billing/subscription/plan');

    await userEvent.click(card('Gold').getByRole('button', { name: BILLING_MESSAGES.upgrade }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Gold?' });
    expect(dialog.textContent).toContain(
      'Second Site changes from Silver to Gold today. The monthly price goes from $36.00 to $48.00 (Gold: $24.00 per 5 locations per month).',
    );
    expect(dialog.textContent).toContain(
      'Nothing is charged now. Your next bill, on Mon, Dec 21, 2099, is $48.00.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(planCalls()).toHaveLength(0);

    await userEvent.click(card('Gold').getByRole('button', { name: BILLING_MESSAGES.upgrade }));
    const again = await screen.findByRole('dialog', { name: 'Change to Gold?' });
    await userEvent.click(within(again).getByRole('button', { name: changeToText('gold') }));
    expect(
      (await screen.findByText(SUBSCRIPTION_TEXT.planChanged('gold'))).closest('[role="status"]'),
    ).toBeTruthy();
    expect(planCalls()).toHaveLength(1);
    expect(JSON.parse(String(planCalls()[0]?.[1]?.body))).toEqual({ client_id: 11, tier: 'gold' });
    await waitFor(() => expect(card('Gold').getByText(BILLING_MESSAGES.currentPlan)).toBeTruthy());
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/billing/checkout')).toBe(false);
  });

  it('tells a contact that only owners change the plan', async () => {
    signIn([buildClient({ membership: 'contact' })]);
    serve();
    renderRoute('/upgrade');
    expect(await screen.findByText(BILLING_MESSAGES.ownersOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: BILLING_MESSAGES.upgrade })).toBeNull();
  });

  it('returns Not Now to the page the user came from, the ref value, or the client form', async () => {
    signIn();
    serve();
    const { router } = renderRoute('/upgrade?ref=/reports');
    const notNow = await screen.findByRole('link', { name: BILLING_MESSAGES.notNow });
    expect(notNow.getAttribute('href')).toBe('/reports');
    await router.navigate('/upgrade?ref=//evil.example', { state: { from: '/location-list?tab=1' } });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: BILLING_MESSAGES.notNow }).getAttribute('href')).toBe(
        '/location-list?tab=1',
      ),
    );
    await router.navigate('/upgrade?ref=//evil.example');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: BILLING_MESSAGES.notNow }).getAttribute('href')).toBe(
        '/client-form',
      ),
    );
  });

  it.each([
    '/upgrade?ref=/%5Cevil.example/c',
    '/upgrade?ref=/\\evil.example/a',
    '/upgrade?ref=/%09/evil.example',
    '/upgrade?ref=/%0A/evil.example',
    '/upgrade?ref=https:evil.example',
    '/upgrade?ref=javascript:alert(1)',
  ])('never sends Not Now off the site: %s', async (url) => {
    signIn();
    serve();
    renderRoute(url);
    const notNow = await screen.findByRole('link', { name: BILLING_MESSAGES.notNow });
    expect(notNow.getAttribute('href')).toBe('/client-form');
  });

  it('comes back to the page of the trial countdown', async () => {
    signIn();
    serve();
    const { router } = renderRoute('/reports');
    await userEvent.click(await screen.findByRole('link', { name: /^Trial Ends in \d+ Days$/ }));
    await screen.findByRole('heading', { level: 1, name: BILLING_MESSAGES.choosePlan });
    await userEvent.click(screen.getByRole('link', { name: BILLING_MESSAGES.notNow }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
  });
});

describe('back from an upgrade checkout', WALK, () => {
  it('congratulates with the chosen plan only, refreshes the user and goes to the dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const upgraded = buildUser({
      clients: [{ ...TRIAL, tier: 'silver', account_type: 'paid', is_trial_account: false }],
    });
    const fetchMock = serve((url) => {
      if (url === '/api/billing/checkout/confirm')
        return jsonResponse({ paid: true, client_id: 10, tier: 'silver' });
      if (url === '/users/me') return jsonResponse(upgraded);
      return jsonResponse({ detail: 'unexpected' }, 500);
    });
    const { router } = renderRoute('/upgrade?session_id=cs_paid_1', { strict: true });
    expect(await screen.findByRole('heading', { level: 1, name: BILLING_MESSAGES.subscribed })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Silver',
    ]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/billing/checkout/confirm')).toHaveLength(1);
    await waitFor(() => expect(getSession().user?.clients[0]?.is_trial_account).toBe(false));
    expect(router.state.location.pathname).toBe('/upgrade');
    await act(() => vi.advanceTimersByTimeAsync(DELAYS.upgradeRedirect));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: /^Trial Ends in/ })).toBeNull();
  });

  it('says the payment was not completed and offers the plans again', async () => {
    signIn();
    serve((url) =>
      url === '/api/billing/checkout/confirm'
        ? jsonResponse({ paid: false, client_id: 10, tier: 'gold' })
        : jsonResponse({ detail: 'unexpected' }, 500),
    );
    renderRoute('/upgrade?session_id=cs_unpaid_2');
    expect((await screen.findByRole('alert')).textContent).toBe(BILLING_MESSAGES.paymentNotCompleted);
    expect(screen.getByRole('heading', { level: 1, name: BILLING_MESSAGES.choosePlan })).toBeTruthy();
    expect(card('Gold').getByRole('button', { name: BILLING_MESSAGES.upgrade })).toBeTruthy();
  });
});

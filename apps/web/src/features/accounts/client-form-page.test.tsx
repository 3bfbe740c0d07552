import { BILLING_MESSAGES, SUBSCRIPTION_TEXT } from '@pluvio/shared/billing';
import { CLIENT_MESSAGES, type Client } from '@pluvio/shared/clients';
import { MESSAGES } from '@pluvio/shared/messages';
import { QUOTA_MESSAGES } from '@pluvio/shared/quotas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../lib/browser-location';
import { setAccessToken, setUser } from '../../lib/session';
import { answerConfirmation } from '../../testing/confirm';
import { buildAccount, buildClient, buildSubscription, buildUser } from '../../testing/fixtures';
import { DEFAULT_CONFIG, jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';
import { signInAs } from '../../testing/session';

const OWN = buildAccount();
const SUBSCRIPTION = buildSubscription();
const SUMMARY_URL = '/api/billing/subscription?client_id=10';
const OTHERS = [
  buildAccount({ id: 11, account_name: 'Second Site', tier: 'silver' }),
  buildAccount({ id: 12, account_name: 'Old Site', status: 'inactive' }),
];

type Handler = (url: string, init: RequestInit) => Response | undefined;

/** The signed-in owner's account, the account list, /users/me; `extra` answers first. */
function serve(extra: Handler = () => undefined) {
  return stubFetch(
    withConfig((url, init) => {
      const answer = extra(url, init);
      if (answer) return answer;
      if (url === '/api/clients/10') return jsonResponse(OWN);
      if (url.startsWith('/api/clients/?')) return jsonResponse([OWN, ...OTHERS]);
      if (url.startsWith('/api/clients/10/report-recipients')) return jsonResponse([]);
      if (url.startsWith('/api/api-keys?')) return jsonResponse([]);
      if (url === SUMMARY_URL) return jsonResponse(SUBSCRIPTION);
      if (url === '/users/me') return jsonResponse(buildUser());
      return jsonResponse({ detail: 'unexpected' }, 500);
    }),
  );
}

function bodyOf(fetchMock: ReturnType<typeof serve>, url: string, method: string) {
  const call = fetchMock.mock.calls.find(([calledUrl, init]) => calledUrl === url && init?.method === method);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

const signInOwner = () => signInAs(buildUser());
const signInSuperuser = () => signInAs(buildUser({ is_superuser: true, role: 'admin', clients: [] }));

function field(name: RegExp | string) {
  return screen.getByRole('textbox', { name }) as HTMLInputElement;
}

function toggle(name: string) {
  return screen.getByRole('switch', { name }) as HTMLInputElement;
}

/** Replaces a field's text (pasting is much faster than typing in jsdom). */
async function fill(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
}

async function chooseAccountType(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Account Type' }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

async function openAdminForm(client?: Client) {
  const view = renderRoute('/dashboard');
  await view.router.navigate('/client-form', { state: client ? { client } : null });
  await screen.findByRole('heading', { name: client ? 'Edit Client' : 'Add Client' }, { timeout: 3000 });
  return view;
}

describe('client form, my subscription', () => {
  it('shows the account with read-only type, renewal day and payment status and the support text', async () => {
    signInOwner();
    serve();
    renderRoute('/client-form');
    expect(await screen.findByRole('heading', { name: 'My Subscription' })).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: /^Account Name/ })) as HTMLInputElement).value).toBe(
      'Acme Builders',
    );
    expect(field('Account Type').readOnly).toBe(true);
    expect(field('Account Type').value).toBe('Paid');
    expect(field('Renewal Day').readOnly).toBe(true);
    expect(field('Renewal Day').value).toBe('15');
    expect(field('Last Payment Status').value).toBe('paid');
    expect(screen.queryByRole('switch', { name: 'Suspend Account' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Manual Invoice' })).toBeNull();
    expect(screen.getByText(CLIENT_MESSAGES.contactSupport, { exact: false })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'support@example.com' })).getAttribute('href')).toBe(
      'mailto:support@example.com',
    );
    expect(
      screen.getByRole('link', { name: CLIENT_MESSAGES.subscriptionViaUpgrade }).getAttribute('href'),
    ).toBe('/upgrade');
  });

  it('sends the user to the Upgrade page instead of changing the tier', async () => {
    signInOwner();
    const fetchMock = serve();
    const { router } = renderRoute('/client-form');
    expect(((await screen.findByRole('radio', { name: 'Bronze' })) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Gold' }));
    expect(router.state.location.pathname).toBe('/upgrade');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('saves the details, says so and refreshes the stored user', async () => {
    signInOwner();
    const fetchMock = serve((_url, init) =>
      init.method === 'PATCH' ? jsonResponse({ ...OWN, account_name: 'Acme Group' }) : undefined,
    );
    const { router } = renderRoute('/client-form');
    const name = await screen.findByRole('textbox', { name: /^Account Name/ });
    await fill(name, 'Acme Group');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText(CLIENT_MESSAGES.saved)).closest('[role="status"]')).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/clients/10?client_id=10', 'PATCH')).toEqual({
      account_name: 'Acme Group',
      email: 'office@acme.example',
      phone: '7135550101',
      invoice_email: '',
      auto_add_locations: true,
    });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/users/me')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/client-form');
  });

  it('shows the server message in red when saving fails', async () => {
    signInOwner();
    serve((_url, init) =>
      init.method === 'PATCH'
        ? jsonResponse({ detail: 'Change your subscription from the Upgrade page.' }, 403)
        : undefined,
    );
    renderRoute('/client-form');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CLIENT_MESSAGES.subscriptionViaUpgrade);
  });

  it('lists the extra report recipients, adds one and shows why the server refuses another', async () => {
    signInOwner();
    const confirmed = {
      id: 1,
      email: 'partner@example.org',
      confirmed_at: '2026-11-20T10:00:00.000Z',
      created_at: '2026-11-20T09:00:00.000Z',
    };
    const fetchMock = serve((url, init) => {
      if (!url.startsWith('/api/clients/10/report-recipients')) return undefined;
      if (init.method !== 'POST') return jsonResponse([confirmed]);
      const { email } = JSON.parse(String(init.body));
      return email === 'again@example.org'
        ? jsonResponse({ detail: QUOTA_MESSAGES.recipientExists(email) }, 409)
        : jsonResponse({ id: 2, email, confirmed_at: null, created_at: '2026-11-21T09:00:00.000Z' }, 201);
    });
    renderRoute('/client-form');
    const section = await screen.findByRole('region', { name: 'Report Recipients' });
    expect(await within(section).findByText('partner@example.org')).toBeTruthy();
    expect(within(section).getByText('confirmed')).toBeTruthy();

    await fill(within(section).getByRole('textbox', { name: 'E-mail address' }), 'office@example.org');
    await userEvent.click(within(section).getByRole('button', { name: 'Add Recipient' }));
    expect(
      await within(section).findByText('A confirmation link was e-mailed to office@example.org.'),
    ).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/clients/10/report-recipients?client_id=10', 'POST')).toEqual({
      email: 'office@example.org',
    });

    await fill(within(section).getByRole('textbox', { name: 'E-mail address' }), 'again@example.org');
    await userEvent.click(within(section).getByRole('button', { name: 'Add Recipient' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      QUOTA_MESSAGES.recipientExists('again@example.org'),
    );
  });

  it('requires account name, e-mail and phone', async () => {
    signInOwner();
    const fetchMock = serve();
    renderRoute('/client-form');
    for (const name of [/^Account Name/, /^Email/, /^Phone/])
      await userEvent.clear(await screen.findByRole('textbox', { name }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(CLIENT_MESSAGES.accountNameRequired)).toBeTruthy();
    expect(screen.getByText(CLIENT_MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(CLIENT_MESSAGES.phoneRequired)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('lists the other active accounts and adds an associated account', async () => {
    signInOwner();
    const fetchMock = serve((url, init) =>
      url.startsWith('/api/clients/10/new') && init.method === 'POST'
        ? jsonResponse(buildAccount({ id: 13, account_name: 'New Branch' }))
        : undefined,
    );
    renderRoute('/client-form');
    const panel = within(await screen.findByRole('region', { name: 'Associated Accounts' }));
    expect((await panel.findByRole('list', { name: 'Other accounts' })).textContent).toBe(
      'Second Site (Silver) Upgrade',
    );
    expect(panel.getByRole('link', { name: 'Upgrade Second Site' }).getAttribute('href')).toBe(
      '/upgrade?client_id=11',
    );
    expect(panel.getByText(CLIENT_MESSAGES.associatedStartsAsTrial)).toBeTruthy();
    await userEvent.click(panel.getByRole('button', { name: 'Add Associated Account' }));
    expect(panel.getByText(CLIENT_MESSAGES.accountNameRequired)).toBeTruthy();
    await fill(panel.getByRole('textbox', { name: /^New Account Name/ }), 'New Branch');
    await userEvent.click(panel.getByRole('button', { name: 'Add Associated Account' }));
    expect(await panel.findByText(CLIENT_MESSAGES.associatedAdded)).toBeTruthy();
    const body = bodyOf(fetchMock, '/api/clients/10/new?client_id=10', 'POST');
    expect(body.account_name).toBe('New Branch');
    expect(body.tier).toBe('bronze');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/users/me')).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/clients/?'))).toHaveLength(2);
  });

  it('names a trial with its end date and says when the owner already holds a trial', async () => {
    signInOwner();
    serve((url, init) => {
      if (url.startsWith('/api/clients/?'))
        return jsonResponse([
          OWN,
          buildAccount({
            id: 14,
            account_name: 'Trial Site',
            is_trial_account: true,
            tier: 'gold',
            trial_end_date: '2026-12-24',
          }),
        ]);
      if (url.startsWith('/api/clients/10/new') && init.method === 'POST')
        return jsonResponse({ detail: BILLING_MESSAGES.oneTrialAtATime }, 409);
      return undefined;
    });
    renderRoute('/client-form');
    const panel = within(await screen.findByRole('region', { name: 'Associated Accounts' }));
    expect((await panel.findByRole('list', { name: 'Other accounts' })).textContent).toBe(
      'Trial Site (Trial, ends on 2026-12-24) Upgrade',
    );
    await fill(panel.getByRole('textbox', { name: /^New Account Name/ }), 'Another Site');
    await userEvent.click(panel.getByRole('button', { name: 'Add Associated Account' }));
    expect((await panel.findByRole('alert')).textContent).toBe(BILLING_MESSAGES.oneTrialAtATime);
  });

  it('offers Update card only with Stripe, which opens the card portal', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    signInOwner();
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith('/api/config'))
        return jsonResponse({ ...DEFAULT_CONFIG, payment_provider: 'stripe' });
      if (url === '/api/billing/portal' && init.method === 'POST')
        return jsonResponse({ url: 'https://billing.example/p/1' });
      if (url === '/api/clients/10') return jsonResponse(OWN);
      if (url.startsWith('/api/clients/?')) return jsonResponse([OWN]);
      if (url === SUMMARY_URL) return jsonResponse({ ...SUBSCRIPTION, payment_method: 'card' });
      return jsonResponse({ detail: 'unexpected' }, 500);
    });
    renderRoute('/client-form');
    expect(await screen.findByText(SUBSCRIPTION_TEXT.card)).toBeTruthy();
    expect(screen.queryByText(SUBSCRIPTION_TEXT.noCard)).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Update card' }, { timeout: 5000 }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/p/1'));
    expect(bodyOf(fetchMock, '/api/billing/portal', 'POST')).toEqual({ client_id: 10 });
  });

  it('sums up the plan, its price, the locations and the next bill; on the test checkout no card is on file', async () => {
    signInOwner();
    serve();
    renderRoute('/client-form');
    const summary = within(await screen.findByRole('region', { name: SUBSCRIPTION_TEXT.title }));
    expect(await summary.findByText(SUBSCRIPTION_TEXT.noCard)).toBeTruthy();
    expect(summary.getByText('Silver')).toBeTruthy();
    expect(summary.getByText('$18.00 per 5 locations per month')).toBeTruthy();
    expect(summary.getByText('7 locations')).toBeTruthy();
    expect(summary.getByText('Billed as 2 × 5 locations')).toBeTruthy();
    expect(summary.getAllByText('$36.00')).toHaveLength(2);
    expect(summary.getByText('on Tue, Dec 15, 2026')).toBeTruthy();
    expect(
      summary.getByRole('link', { name: CLIENT_MESSAGES.subscriptionViaUpgrade }).getAttribute('href'),
    ).toBe('/upgrade');
    expect(screen.queryByRole('button', { name: 'Update card' })).toBeNull();
  });

  it('cancels at the end of the paid period after a modal that says what happens and when, and keeps it on request', async () => {
    signInOwner();
    const cancelled = { ...SUBSCRIPTION, ends_on: '2026-12-14', next_bill: null, can_cancel: false };
    const fetchMock = serve((url, init) => {
      if (url === '/api/billing/subscription/cancel' && init.method === 'POST')
        return jsonResponse(cancelled);
      if (url === '/api/billing/subscription/resume' && init.method === 'POST')
        return jsonResponse(SUBSCRIPTION);
      return undefined;
    });
    renderRoute('/client-form');
    const summary = within(await screen.findByRole('region', { name: SUBSCRIPTION_TEXT.title }));
    await userEvent.click(await summary.findByRole('button', { name: SUBSCRIPTION_TEXT.cancel }));
    const dialog = within(await screen.findByRole('dialog', { name: SUBSCRIPTION_TEXT.cancelTitle }));
    expect(dialog.getByText(SUBSCRIPTION_TEXT.cancelWhat('Mon, Dec 14, 2026'))).toBeTruthy();
    expect(dialog.getByText(SUBSCRIPTION_TEXT.cancelUntil('Mon, Dec 14, 2026'))).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/billing/subscription/cancel', 'POST')).toBeUndefined();
    await userEvent.click(dialog.getByRole('button', { name: SUBSCRIPTION_TEXT.cancel }));
    expect(await summary.findByText(SUBSCRIPTION_TEXT.ends('Mon, Dec 14, 2026'))).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/billing/subscription/cancel', 'POST')).toEqual({ client_id: 10 });
    expect(summary.getByText('None')).toBeTruthy();
    await userEvent.click(summary.getByRole('button', { name: SUBSCRIPTION_TEXT.keep }));
    expect(await summary.findByText('on Tue, Dec 15, 2026')).toBeTruthy();
    expect(summary.getByRole('button', { name: SUBSCRIPTION_TEXT.cancel })).toBeTruthy();
  });

  it('tells a trial owner that nothing is billed until a plan is chosen', async () => {
    signInOwner();
    serve((url) =>
      url === SUMMARY_URL
        ? jsonResponse({
            ...SUBSCRIPTION,
            tier: 'gold',
            is_trial_account: true,
            trial_end_date: '2026-12-09',
            next_bill: null,
            can_cancel: false,
            payment_method: 'none',
          })
        : undefined,
    );
    renderRoute('/client-form');
    const summary = within(await screen.findByRole('region', { name: SUBSCRIPTION_TEXT.title }));
    expect(await summary.findByText(SUBSCRIPTION_TEXT.trial('2026-12-09'))).toBeTruthy();
    expect(summary.getByText('Gold')).toBeTruthy();
    expect(summary.getByText('Trial, ends on 2026-12-09')).toBeTruthy();
    expect(summary.getByText('None')).toBeTruthy();
  });

  it('tells a plain contact that only the owner or a co-owner can see the account', async () => {
    setAccessToken('token-1');
    setUser(buildUser({ role: 'contact', clients: [buildClient({ membership: 'contact' })] }));
    serve();
    renderRoute('/client-form');
    expect(await screen.findByText(MESSAGES.settingsOwnersOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('client form, administrators', () => {
  it('applies the account type defaults to manual invoice', async () => {
    signInSuperuser();
    serve();
    await openAdminForm();
    expect((screen.getByRole('radio', { name: 'Bronze' }) as HTMLInputElement).checked).toBe(true);
    expect(toggle('Manual Invoice').checked).toBe(false);
    await chooseAccountType('Free');
    expect(toggle('Manual Invoice').checked).toBe(true);
    await chooseAccountType('Paid');
    expect(toggle('Manual Invoice').checked).toBe(false);
  });

  it('creates a client with the chosen type and tier, then returns to client management', async () => {
    signInSuperuser();
    const fetchMock = serve((url, init) =>
      url === '/api/clients/' && init.method === 'POST' ? jsonResponse(buildAccount({ id: 20 })) : undefined,
    );
    const { router } = await openAdminForm();
    await chooseAccountType('Trial');
    await fill(field(/^Account Name/), 'Lakeside');
    await fill(field(/^Email/), 'lake@example.com');
    await fill(field(/^Phone/), '7135550199');
    await userEvent.click(screen.getByRole('radio', { name: 'Silver' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CLIENT_MESSAGES.saved)).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/clients/', 'POST')).toMatchObject({
      account_name: 'Lakeside',
      tier: 'silver',
      account_type: 'trial',
      is_trial_account: true,
      manual_invoice: true,
      auto_add_locations: true,
      status: 'active',
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/settings-admin'), { timeout: 3000 });
  });

  it('suspends an account with the switch', async () => {
    signInSuperuser();
    const client = buildAccount({ id: 30, account_name: 'Hill Farm' });
    const fetchMock = serve((url, init) =>
      url === '/api/clients/30?client_id=30' && init.method === 'PATCH'
        ? jsonResponse({ ...client, status: 'inactive' })
        : undefined,
    );
    await openAdminForm(client);
    expect(toggle('Suspend Account').checked).toBe(false);
    await userEvent.click(toggle('Suspend Account'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CLIENT_MESSAGES.saved)).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/clients/30?client_id=30', 'PATCH').status).toBe('inactive');
    expect(screen.queryByRole('region', { name: 'Associated Accounts' })).toBeNull();
  });

  it('deletes an existing client after confirming, and only an existing one', async () => {
    signInSuperuser();
    const client = buildAccount({ id: 30, account_name: 'Hill Farm' });
    const fetchMock = serve((url, init) =>
      url === '/api/clients/30?client_id=30' && init.method === 'DELETE'
        ? jsonResponse(null, 204)
        : undefined,
    );
    const { router } = await openAdminForm();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CLIENT_MESSAGES.deleteOnlyExisting);
    expect(screen.queryByRole('dialog')).toBeNull();

    await router.navigate('/client-form', { state: { client } });
    await screen.findByRole('heading', { name: 'Edit Client' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const question = await answerConfirmation('Delete account');
    expect(question.text).toContain(CLIENT_MESSAGES.deleteConfirm);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/settings-admin'));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/clients/30?client_id=30' && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });
});

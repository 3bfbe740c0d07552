import { GEOCODE_MESSAGES } from '@pluvio/shared/geocode';
import { LOCATION_MESSAGES } from '@pluvio/shared/locations';
import { PASSWORD_MESSAGE } from '@pluvio/shared/passwords';
import { PROVISIONED_REDIRECT_MS, WIZARD_MESSAGES, WIZARD_NOTES } from '@pluvio/shared/signup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../lib/browser-location';
import { getAccessToken, getSession } from '../../lib/session';
import { buildClient, buildUser } from '../../testing/fixtures';
import { clickMap, prepareMapsForJsdom } from '../../testing/map';
import {
  ADDRESS_SEARCH_CONFIG,
  DEFAULT_CONFIG,
  type ExpectedRequests,
  jsonResponse,
  renderRoute,
  serveExpected,
} from '../../testing/render';

const PASSWORD = 'Rainfall#1';
const NEW_USER = buildUser({
  email: 'rita@example.com',
  first_name: 'Rita',
  last_name: 'Rain',
  clients: [
    buildClient({
      tier: 'gold',
      account_type: 'trial',
      is_trial_account: true,
      trial_end_date: '2099-01-01',
    }),
  ],
});

/** The server of a sign-up: /users/me for the new user, and what `extra` answers. */
function serve(extra: ExpectedRequests = () => undefined, config = DEFAULT_CONFIG) {
  return serveExpected(
    (url, init) => (url === '/users/me' ? jsonResponse(NEW_USER) : extra(url, init)),
    config,
  );
}

function bodyOf(fetchMock: ReturnType<typeof serve>, url: string) {
  const call = fetchMock.mock.calls.find(([calledUrl]) => calledUrl === url);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

/** Replaces a field's text (pasting is much faster than typing in jsdom). */
async function fill(label: RegExp, text: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (text) {
    await userEvent.click(input);
    await userEvent.paste(text);
  }
}

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
const alertText = () => screen.getByRole('alert').textContent;
/** Almost Done moves on after PROVISIONED_REDIRECT_MS (spec part 2 §9), on the test's clock. */
const landAfterTheRedirect = () => act(() => vi.advanceTimersByTimeAsync(PROVISIONED_REDIRECT_MS));

async function fillStepOne() {
  await screen.findByRole('heading', { name: /^Step 1 of 3/ });
  await fill(/^First Name/, 'Rita');
  await fill(/^Last Name/, 'Rain');
  await fill(/^Email/, 'rita@example.com');
  await fill(/^Phone/, '713-555-0101');
  await fill(/^Password/, PASSWORD);
  await fill(/^Confirm Password/, PASSWORD);
  await userEvent.click(screen.getByRole('checkbox', { name: WIZARD_NOTES.termsLabel }));
}

async function fillStepThree() {
  await screen.findByRole('heading', { name: /^Step 3 of 3/ });
  await fill(/^Location Name/, 'Main Yard');
  await fill(/^Latitude/, '29.76');
  await fill(/^Longitude/, '95.37');
}

/** Fills step 1 and goes on through step 2 as the address chose it. */
async function reachStepThree() {
  await fillStepOne();
  await next();
  await screen.findByRole('heading', { name: /^Step 2 of 3/ });
  await next();
}

/** Each test walks several steps of a real form: seconds in jsdom on a busy machine. */
const WALK = { timeout: 30_000 };

describe('registration wizard', WALK, () => {
  it('names the first problem of step 1 in the order of the spec, one message at a time', async () => {
    serve();
    renderRoute('/wizard?account_type=trial');
    expect(await screen.findByRole('heading', { name: 'Step 1 of 3 for new Trial account' })).toBeTruthy();
    const expectations: [() => Promise<void>, string][] = [
      [async () => {}, WIZARD_MESSAGES.firstNameRequired],
      [() => fill(/^First Name/, 'Rita'), WIZARD_MESSAGES.lastNameRequired],
      [() => fill(/^Last Name/, 'Rain'), WIZARD_MESSAGES.emailRequired],
      [() => fill(/^Email/, 'rita@'), WIZARD_MESSAGES.emailInvalid],
      [() => fill(/^Email/, 'rita@example.com'), WIZARD_MESSAGES.phoneRequired],
      [() => fill(/^Phone/, '555-12'), WIZARD_MESSAGES.phoneInvalid],
      [() => fill(/^Phone/, '713-555-0101'), WIZARD_MESSAGES.passwordsRequired],
      [() => fill(/^Password/, 'weakling'), WIZARD_MESSAGES.passwordsRequired],
      [() => fill(/^Confirm Password/, 'weaklinG'), WIZARD_MESSAGES.passwordsDiffer],
      [() => fill(/^Confirm Password/, 'weakling'), PASSWORD_MESSAGE],
      [
        async () => {
          await fill(/^Password/, PASSWORD);
          await fill(/^Confirm Password/, PASSWORD);
        },
        WIZARD_MESSAGES.termsRequired,
      ],
    ];
    for (const [change, message] of expectations) {
      await change();
      await next();
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(alertText()).toBe(message);
    }
    await userEvent.click(screen.getByRole('checkbox', { name: WIZARD_NOTES.termsLabel }));
    await next();
    expect(await screen.findByRole('heading', { name: 'Step 2 of 3 for new Trial account' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(WIZARD_MESSAGES.trialText)).toBeTruthy();
  });

  it('links to sign in and shows the terms', async () => {
    serve();
    renderRoute('/wizard?account_type=trial');
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe('/');
    await userEvent.click(screen.getByRole('button', { name: `Read the ${WIZARD_NOTES.termsTitle}` }));
    expect(await screen.findByRole('dialog', { name: WIZARD_NOTES.termsTitle })).toBeTruthy();
  });

  it('goes back and forth, checks the location and asks RapidRain only above bronze', async () => {
    serve();
    const { router } = renderRoute('/wizard?account_type=paid&tier=silver');
    await fillStepOne();
    await next();
    await screen.findByRole('heading', { name: 'Step 2 of 3 for new Silver account' });
    expect((screen.getByRole('switch', { name: 'Upgrade Now' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Silver' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Bronze' }));
    expect(screen.getByRole('heading', { name: 'Step 2 of 3 for new Bronze account' })).toBeTruthy();
    expect(router.state.location.search).toBe('?account_type=paid&tier=bronze');
    await next();
    await screen.findByRole('heading', { name: 'Step 3 of 3 for new Bronze account' });
    expect(screen.queryByLabelText('RapidRain Threshold')).toBeNull();
    expect((screen.getByLabelText('24 Hour Threshold') as HTMLSelectElement).value).toBe('0.5');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Gold' }));
    await next();
    await screen.findByRole('heading', { name: 'Step 3 of 3 for new Gold account' });
    expect(screen.getByLabelText('RapidRain Threshold')).toBeTruthy();
    await next();
    expect(alertText()).toBe(LOCATION_MESSAGES.nameRequired);
    await fill(/^Location Name/, 'Main Yard');
    await fill(/^Latitude/, '52');
    await next();
    expect(alertText()).toBe(LOCATION_MESSAGES.latitudeRange);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: /^Step 1 of 3/ })).toBeTruthy();
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('Rita');
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe(PASSWORD);
  });

  it('creates a trial, shows Almost Done and lands signed in on the dashboard', async () => {
    const fetchMock = serve((url) =>
      url === '/api/signups'
        ? jsonResponse(
            { status: 'provisioned', access_token: 'new-token', notice: WIZARD_MESSAGES.welcomeEmailFailed },
            201,
          )
        : undefined,
    );
    const { router } = renderRoute('/wizard?account_type=trial');
    await fillStepOne();
    await userEvent.click(screen.getByRole('checkbox', { name: WIZARD_NOTES.smsLabel }));
    await next();
    await screen.findByRole('heading', { name: /^Step 2 of 3/ });
    await next();
    await fillStepThree();
    await userEvent.selectOptions(screen.getByLabelText('RapidRain Threshold'), '0.25');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await next();
    expect(await screen.findByRole('heading', { name: WIZARD_MESSAGES.almostDone })).toBeTruthy();
    expect(await screen.findByText(WIZARD_MESSAGES.welcomeEmailFailed)).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/signups')).toEqual({
      email: 'rita@example.com',
      password: PASSWORD,
      first_name: 'Rita',
      last_name: 'Rain',
      phone: '713-555-0101',
      terms_accepted: true,
      sms_accepted: true,
      account_type: 'trial',
      tier: 'gold',
      location: {
        name: 'Main Yard',
        latitude: 29.76,
        longitude: 95.37,
        h24_threshold: 0.5,
        rapidrain_threshold: 0.25,
      },
    });
    expect(getAccessToken()).toBe('new-token');
    expect(getSession().user?.email).toBe('rita@example.com');
    await landAfterTheRedirect();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sessionStorage.length).toBe(0);
  });

  it('sends a paid sign-up to its checkout without asking to stay', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const fetchMock = serve((url) =>
      url === '/api/signups'
        ? jsonResponse({ status: 'checkout', checkout_url: '/checkout/test/cs_1' }, 201)
        : undefined,
    );
    renderRoute('/wizard?account_type=paid&tier=silver');
    await reachStepThree();
    await fillStepThree();
    await next();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/test/cs_1'));
    expect(bodyOf(fetchMock, '/api/signups')).toMatchObject({ account_type: 'paid', tier: 'silver' });
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(false);
  });

  it('warns before leaving once something is typed', async () => {
    serve();
    renderRoute('/wizard?account_type=trial');
    await screen.findByRole('heading', { name: /^Step 1 of 3/ });
    const untouched = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(untouched);
    expect(untouched.defaultPrevented).toBe(false);
    await fill(/^First Name/, 'Rita');
    const typed = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(typed);
    expect(typed.defaultPrevented).toBe(true);
  });

  it('keeps the values but never the passwords across a reload, back at step 1 with a note', async () => {
    serve();
    const first = renderRoute('/wizard?account_type=trial');
    await fillStepOne();
    await next();
    await screen.findByRole('heading', { name: /^Step 2 of 3/ });
    await userEvent.click(screen.getByRole('switch', { name: 'Upgrade Now' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Silver' }));
    await next();
    await fillStepThree();
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(PASSWORD);
    const address = `${first.router.state.location.pathname}${first.router.state.location.search}`;
    expect(address).toBe('/wizard?account_type=paid&tier=silver');
    first.unmount();

    renderRoute(address);
    expect(await screen.findByRole('heading', { name: 'Step 1 of 3 for new Silver account' })).toBeTruthy();
    expect(screen.getByText(WIZARD_NOTES.passwordsNotKept)).toBeTruthy();
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('rita@example.com');
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
    await next();
    expect(alertText()).toBe(WIZARD_MESSAGES.passwordsRequired);
    await fill(/^Password/, PASSWORD);
    await fill(/^Confirm Password/, PASSWORD);
    await next();
    await screen.findByRole('heading', { name: 'Step 2 of 3 for new Silver account' });
    await next();
    await screen.findByRole('heading', { name: /^Step 3 of 3/ });
    expect((screen.getByLabelText(/^Location Name/) as HTMLInputElement).value).toBe('Main Yard');
    expect((screen.getByLabelText(/^Longitude/) as HTMLInputElement).value).toBe('95.37');
  });

  it('shows the first server error in red, a taken address on step 1', async () => {
    let answer = jsonResponse(
      { detail: [{ loc: ['body', 'location'], msg: 'Location outside the data grid', type: 'x' }] },
      422,
    );
    serve((url) => (url === '/api/signups' ? answer : undefined));
    renderRoute('/wizard?account_type=trial');
    await reachStepThree();
    await fillStepThree();
    await next();
    expect((await screen.findByRole('alert')).textContent).toBe('Location outside the data grid');
    expect(screen.getByRole('heading', { name: /^Step 3 of 3/ })).toBeTruthy();
    answer = jsonResponse({ detail: WIZARD_MESSAGES.emailTaken }, 400);
    await next();
    expect(await screen.findByRole('heading', { name: /^Step 1 of 3/ })).toBeTruthy();
    expect(alertText()).toBe(WIZARD_MESSAGES.emailTaken);
  });
});

describe('back from the checkout', WALK, () => {
  it('completes the sign-up once, signs in and lands on the dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = serve((url) =>
      url === '/api/signups/complete'
        ? jsonResponse({ status: 'provisioned', access_token: 'paid-token', notice: null })
        : undefined,
    );
    const { router } = renderRoute('/wizard?session_id=cs_done_1', { strict: true });
    expect(await screen.findByRole('heading', { name: WIZARD_MESSAGES.almostDone })).toBeTruthy();
    expect(await screen.findByText(WIZARD_NOTES.ready)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/signups/complete')).toHaveLength(1);
    expect(bodyOf(fetchMock, '/api/signups/complete')).toEqual({ session_id: 'cs_done_1' });
    expect(getAccessToken()).toBe('paid-token');
    await landAfterTheRedirect();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('accepts session= too and sends a browser without a token to sign in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve((url) =>
      url === '/api/signups/complete'
        ? jsonResponse({ status: 'provisioned', access_token: null, notice: null })
        : undefined,
    );
    const { router } = renderRoute('/wizard?session=cs_elsewhere_1');
    expect(await screen.findByText(WIZARD_MESSAGES.signedInElsewhere)).toBeTruthy();
    expect(getAccessToken()).toBeNull();
    await landAfterTheRedirect();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
  });

  it('says so when the payment did not go through, with a way to start again', async () => {
    serve((url) =>
      url === '/api/signups/complete'
        ? jsonResponse({ detail: WIZARD_MESSAGES.paymentNotCompleted }, 409)
        : undefined,
    );
    renderRoute('/wizard?session_id=cs_unpaid_1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(WIZARD_MESSAGES.paymentNotCompleted);
    const card = alert.parentElement as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Start again' }).getAttribute('href')).toBe(
      '/wizard?account_type=paid',
    );
  });

  it('fills the first location from an address search when the server has a geocoder', async () => {
    const match = { label: '901 BAGBY ST, HOUSTON, TX, 77002', latitude: 29.760427, longitude: -95.369803 };
    serve(
      (url) =>
        url === '/api/geocode?q=901+Bagby+St%2C+Houston' ? jsonResponse({ matches: [match] }) : undefined,
      ADDRESS_SEARCH_CONFIG,
    );
    renderRoute('/wizard?account_type=trial');
    await reachStepThree();
    await screen.findByRole('heading', { name: /^Step 3 of 3/ });
    await fill(new RegExp(`^${GEOCODE_MESSAGES.label}`), '901 Bagby St, Houston');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(match.label) }));
    expect((screen.getByLabelText(/^Latitude/) as HTMLInputElement).value).toBe('29.760427');
    expect((screen.getByLabelText(/^Longitude/) as HTMLInputElement).value).toBe('-95.369803');
  });

  it("places the first location with a click on the map, within the wizard's longitudes", async () => {
    prepareMapsForJsdom();
    serve();
    renderRoute('/wizard?account_type=trial');
    await reachStepThree();
    await screen.findByRole('heading', { name: /^Step 3 of 3/ });
    await userEvent.click(screen.getByRole('button', { name: 'Pick on map' }));
    // The empty map frames the contiguous US; its left edge lies in the Pacific, west of -124.
    await clickMap('Map to pick the location', -390);
    expect(alertText()).toBe(LOCATION_MESSAGES.wizardLongitudeRange);
    expect((screen.getByLabelText(/^Longitude/) as HTMLInputElement).value).toBe('');
    await clickMap('Map to pick the location');
    expect(Number((screen.getByLabelText(/^Latitude/) as HTMLInputElement).value)).toBeCloseTo(37.9, 0);
    expect(Number((screen.getByLabelText(/^Longitude/) as HTMLInputElement).value)).toBeCloseTo(-95.9, 0);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

import { trialDaysRemaining } from '@pluvio/shared/accounts';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  captureScreen,
  expectNoSidewaysScroll,
  expectText,
  pathOf,
  uniqueName,
  WAIT,
} from './support/app';
import { expectAccessible, launchBrowser, newPage, screenshot, VIEWPORTS } from './support/browser';

const PASSWORD = 'Showers#2026';
const PASSWORDS_NOT_KEPT =
  'Welcome back: your details are kept, but passwords are never stored in the browser. Please type yours again.';

interface NewUser {
  first: string;
  last: string;
  email: string;
  phone: string;
  location: { name: string; latitude: string; longitude: string };
}

/** A person no other test or earlier run has signed up. */
function newUser(prefix: string): NewUser {
  const suffix = uniqueName(prefix).split(' ')[1];
  return {
    first: 'Rita',
    last: `Rain ${suffix}`,
    email: `${prefix}-${suffix}@example.com`,
    phone: '713-555-0101',
    location: { name: `Yard ${suffix}`, latitude: '29.76', longitude: '-95.37' },
  };
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

async function fillPasswords(page: Page): Promise<void> {
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm Password').fill(PASSWORD);
}

async function fillStepOne(page: Page, user: NewUser): Promise<void> {
  await field(page, 'First Name').fill(user.first);
  await field(page, 'Last Name').fill(user.last);
  await field(page, 'Email').fill(user.email);
  await field(page, 'Phone').fill(user.phone);
  await fillPasswords(page);
  await page.getByRole('checkbox', { name: 'I accept the Terms of Service' }).check();
}

async function fillStepThree(page: Page, user: NewUser): Promise<void> {
  await field(page, 'Location Name').fill(user.location.name);
  await field(page, 'Latitude').fill(user.location.latitude);
  await field(page, 'Longitude').fill(user.location.longitude);
}

/** After a reload the wizard is back at step 1 with the values kept and asks for the passwords again. */
async function reloadAndReturnTo(page: Page, user: NewUser, step: 2 | 3): Promise<void> {
  await page.reload();
  await heading(page, /^Step 1 of 3/).waitFor();
  await expectText(page, PASSWORDS_NOT_KEPT);
  expect(await field(page, 'Email').inputValue()).toBe(user.email);
  expect(await field(page, 'Last Name').inputValue()).toBe(user.last);
  expect(await field(page, 'Password').inputValue()).toBe('');
  await fillPasswords(page);
  await next(page);
  await heading(page, /^Step 2 of 3/).waitFor();
  if (step === 3) {
    await next(page);
    await heading(page, /^Step 3 of 3/).waitFor();
  }
}

/**
 * Holds the requests to `pattern` until `release` is called: a page that shows something only
 * while waiting for the server ('Almost Done') stays long enough to be looked at.
 */
async function holdRequests(page: Page, pattern: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const continued: Promise<void>[] = [];
  const handler = (route: Route) => {
    const going = released.then(() => route.continue());
    continued.push(going);
    return going;
  };
  await page.route(pattern, handler);
  return async () => {
    release();
    // Unrouting while a held request is still being let go would handle it twice.
    await Promise.all(continued);
    await page.unroute(pattern, handler);
  };
}

/** A screen that leaves by itself after a few seconds: one width per visit, scanned at once. */
async function captureBeforeItLeaves(page: Page, name: string, viewport: keyof typeof VIEWPORTS) {
  await page.setViewportSize(VIEWPORTS[viewport]);
  await screenshot(page, `${name}-${viewport}`);
  await expectAccessible(page);
  if (viewport === 'phone') await expectNoSidewaysScroll(page);
}

/** The signed-in user as the API knows them, read with the browser's access token. */
async function currentUserByApi(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(token, 'access token in the browser').toBeTruthy();
  const { status, body } = await api<{
    email: string;
    clients: {
      tier: string;
      account_type: string;
      is_trial_account: boolean;
      trial_end_date: string | null;
    }[];
  }>('/users/me', { token: token ?? '' });
  expect(status).toBe(200);
  return body;
}

/** Each test walks the whole sign-up with screenshots and scans at two widths. */
const WALK_MS = 240_000;

const countdown = (page: Page) => page.getByRole('link', { name: /^Trial Ends in \d+ Days$/ });

describe('sign-up, trials and payment', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it(
    'creates a trial in the wizard, then pays for Silver (a change from its Gold trial) through the test checkout',
    async () => {
      const page = await newPage(browser);
      const user = newUser('trial');
      try {
        await page.goto('/wizard?account_type=trial');
        await heading(page, 'Step 1 of 3 for new Trial account').waitFor();
        await next(page);
        await expect
          .poll(() => page.getByRole('alert').allTextContents(), WAIT)
          .toEqual(['First name is required.']);
        await fillStepOne(page, user);
        await captureScreen(page, 'wizard-step1');
        // A reload on step 1 keeps what was typed except the passwords.
        await page.reload();
        await heading(page, /^Step 1 of 3/).waitFor();
        expect(await field(page, 'Email').inputValue()).toBe(user.email);
        expect(await field(page, 'Password').inputValue()).toBe('');
        await fillPasswords(page);
        await next(page);

        await heading(page, 'Step 2 of 3 for new Trial account').waitFor();
        await expectText(page, 'Your trial monitors one location for 30 days at Gold level.');
        await captureScreen(page, 'wizard-step2');
        await reloadAndReturnTo(page, user, 2);
        expect(await page.getByRole('switch', { name: 'Upgrade Now' }).isChecked()).toBe(false);
        await next(page);

        await heading(page, 'Step 3 of 3 for new Trial account').waitFor();
        await fillStepThree(page, user);
        await captureScreen(page, 'wizard-step3');
        await reloadAndReturnTo(page, user, 3);
        expect(await field(page, 'Location Name').inputValue()).toBe(user.location.name);
        expect(await field(page, '24 Hour Threshold').inputValue()).toBe('0.5');

        const release = await holdRequests(page, '**/api/signups');
        await next(page);
        await heading(page, 'Almost Done').waitFor();
        await captureScreen(page, 'wizard-step4');
        await release();

        await page.waitForURL((url) => url.pathname === '/dashboard', WAIT);
        const me = await currentUserByApi(page);
        expect(me.email).toBe(user.email);
        expect(me.clients).toHaveLength(1);
        const trialEnd = me.clients[0]?.trial_end_date ?? '';
        const days = trialDaysRemaining(trialEnd, 'America/New_York');
        expect([29, 30]).toContain(days);
        await expect.poll(() => countdown(page).textContent(), WAIT).toBe(`Trial Ends in ${days} Days`);

        await countdown(page).click();
        await page.waitForURL((url) => url.pathname === '/upgrade');
        await heading(page, 'Choose Your Plan').waitFor();
        await captureScreen(page, 'pricing');
        await page
          .getByRole('region', { name: 'Silver plan' })
          .getByRole('button', { name: 'Change to Silver' })
          .click();

        await page.waitForURL((url) => url.pathname.startsWith('/checkout/test/'), WAIT);
        await heading(page, 'Pay Pluvio').waitFor();
        await expectText(page, 'Silver plan');
        await expectText(page, '1 × 5 locations');
        await expectText(page, user.email);
        await captureScreen(page, 'test-checkout');
        await page.getByRole('button', { name: 'Pay', exact: true }).click();

        await page.waitForURL(
          (url) => url.pathname === '/upgrade' && url.searchParams.has('session_id'),
          WAIT,
        );
        const returnAddress = page.url();
        await heading(page, 'Congratulations You Subscribed To').waitFor(WAIT);
        expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Silver']);
        await captureBeforeItLeaves(page, 'congratulations', 'desktop');
        await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });
        await page.getByRole('navigation', { name: 'Main' }).waitFor();
        expect(await countdown(page).count()).toBe(0);
        const upgraded = await currentUserByApi(page);
        expect(upgraded.clients).toMatchObject([
          { tier: 'silver', account_type: 'paid', is_trial_account: false },
        ]);

        // The return address again (a reload, a bookmark) records nothing twice.
        await page.goto(returnAddress);
        await heading(page, 'Congratulations You Subscribed To').waitFor(WAIT);
        await captureBeforeItLeaves(page, 'congratulations', 'phone');
        expect((await currentUserByApi(page)).clients).toHaveLength(1);
      } finally {
        await page.context().close();
      }
    },
    WALK_MS,
  );

  it(
    'signs up for Gold through the test checkout, across reloads, into one account',
    async () => {
      const page = await newPage(browser);
      const user = newUser('gold');
      try {
        await page.goto('/upgrade');
        await heading(page, 'Choose Your Plan').waitFor();
        await page.getByRole('region', { name: 'Gold plan' }).getByRole('link', { name: 'Upgrade' }).click();
        await page.waitForURL((url) => url.pathname === '/wizard' && url.searchParams.get('tier') === 'gold');
        await heading(page, 'Step 1 of 3 for new Gold account').waitFor();
        await fillStepOne(page, user);
        await next(page);
        await heading(page, 'Step 2 of 3 for new Gold account').waitFor();
        expect(await page.getByRole('switch', { name: 'Upgrade Now' }).isChecked()).toBe(true);
        expect(await page.getByRole('radio', { name: 'Gold' }).isChecked()).toBe(true);
        await next(page);
        await heading(page, 'Step 3 of 3 for new Gold account').waitFor();
        await fillStepThree(page, user);
        await field(page, 'RapidRain Threshold').selectOption('0.25');
        await next(page);

        await page.waitForURL((url) => url.pathname.startsWith('/checkout/test/'), WAIT);
        await expectText(page, 'Gold plan');
        await page.reload();
        await expectText(page, 'Gold plan');
        await page.getByRole('button', { name: 'Pay', exact: true }).click();

        await page.waitForURL((url) => url.pathname === '/wizard' && /session_id=/.test(url.search), WAIT);
        await page.reload();
        await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });
        await page.getByRole('navigation', { name: 'Main' }).waitFor();
        expect(await countdown(page).count()).toBe(0);
        const me = await currentUserByApi(page);
        expect(me.email).toBe(user.email);
        expect(me.clients).toMatchObject([{ tier: 'gold', account_type: 'paid', is_trial_account: false }]);
      } finally {
        await page.context().close();
      }
    },
    WALK_MS,
  );

  it.each(['desktop', 'phone'] as const)(
    'sends a cancelled paid checkout to cancel-signup and then home (%s)',
    async (viewport) => {
      const page = await newPage(browser, viewport);
      const user = newUser(`cancel-${viewport}`);
      try {
        await page.goto('/wizard?account_type=paid&tier=bronze');
        await heading(page, 'Step 1 of 3 for new Bronze account').waitFor();
        await fillStepOne(page, user);
        await next(page);
        await heading(page, /^Step 2 of 3/).waitFor();
        await next(page);
        await heading(page, /^Step 3 of 3/).waitFor();
        expect(await field(page, 'RapidRain Threshold').count()).toBe(0);
        await fillStepThree(page, user);
        await next(page);
        await page.waitForURL((url) => url.pathname.startsWith('/checkout/test/'), WAIT);
        await page.getByRole('button', { name: 'Cancel', exact: true }).click();

        await page.waitForURL((url) => url.pathname === '/cancel-signup', WAIT);
        await expectText(page, 'Your sign-up was cancelled. Our support team will be in touch.');
        await captureBeforeItLeaves(page, 'cancel-signup', viewport);
        await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
        await page.getByRole('button', { name: 'Login' }).waitFor();
        expect(pathOf(page)).toBe('/');
        const { status } = await api('/auth/jwt/login', {
          method: 'POST',
          form: { username: user.email, password: PASSWORD },
        });
        expect(status, 'no account for a cancelled sign-up').toBe(400);
      } finally {
        await page.context().close();
      }
    },
    WALK_MS,
  );
});

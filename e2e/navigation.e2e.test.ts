import { trialDaysRemaining } from '@pluvio/shared/accounts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_LOGINS,
  expectText,
  mainNavLinks,
  openUserMenu,
  pathOf,
  settle,
  signInAndLand,
} from './support/app';
import { demo, expectAccessible, launchBrowser, newPage, screenshot } from './support/browser';

const OWNER_LINKS = [
  { label: 'Data', href: '/dashboard' },
  { label: 'Graphs', href: '/dashboard#graphs' },
  { label: 'Forecasts', href: '/dashboard#forecast' },
  { label: 'Storm Events', href: '/storm-events' },
  { label: 'Reports', href: '/reports' },
  { label: 'Assignments', href: '/assign-locations' },
  { label: 'Settings', href: '/contact-list' },
];

/** The header links each demo login sees at desktop width (spec part 1 §2 "Header and navigation"). */
const EXPECTED_LINKS: Record<string, { label: string; href: string }[]> = {
  gold: OWNER_LINKS,
  silver: OWNER_LINKS,
  bronze: OWNER_LINKS,
  trial: OWNER_LINKS,
  multi: OWNER_LINKS,
  coowner: OWNER_LINKS,
  contact: OWNER_LINKS.slice(0, 5),
  admin: [
    { label: 'Data', href: '/admin' },
    { label: 'Reports', href: '/reports' },
    { label: 'Settings', href: '/settings-admin' },
  ],
};

const accountsList = (page: Page) => page.getByRole('list', { name: 'Accounts' });

async function switchAccount(page: Page, accountName: string, welcome: string): Promise<void> {
  await openUserMenu(page);
  await Promise.all([
    page.waitForEvent('load'),
    accountsList(page).getByRole('button').filter({ hasText: accountName }).click(),
  ]);
  await expectText(page, welcome);
}

describe('navigation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  // Eight sign-ins in a row: allow them more than one test's usual minute on a busy machine.
  it('shows each role the header links of its role and tier', { timeout: 150_000 }, async () => {
    for (const login of DEMO_LOGINS) {
      // The trial's browser sits far east of the product time zone: its countdown still counts in ET.
      const page = await newPage(
        browser,
        'desktop',
        login.local === 'trial' ? 'Pacific/Kiritimati' : undefined,
      );
      await signInAndLand(page, demo(login.local), login.landing);
      expect(await mainNavLinks(page), `links of ${login.local}@`).toEqual(EXPECTED_LINKS[login.local]);
      // The trial countdown shows for the trial account only.
      const countdown = page.getByRole('link', { name: /^Trial Ends in \d+ Days$/ });
      if (login.local === 'trial') {
        const trialEnd = await page.evaluate(
          () => JSON.parse(localStorage.getItem('user') ?? '{}').clients?.[0]?.trial_end_date as string,
        );
        const expected = trialDaysRemaining(trialEnd, 'America/New_York');
        expect(await countdown.textContent()).toBe(`Trial Ends in ${expected} Days`);
        expect(await countdown.getAttribute('href')).toBe('/upgrade');
        await screenshot(page, 'dashboard-trial-desktop');
      } else {
        expect(await countdown.count(), `no countdown for ${login.local}@`).toBe(0);
      }
      await page.context().close();
    }
  });

  it('follows the header links, highlighting the current section', async () => {
    const page = await newPage(browser);
    await signInAndLand(page, demo('gold'), '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const visits = [
      { label: 'Reports', path: '/reports', heading: 'Reports' },
      { label: 'Assignments', path: '/assign-locations', heading: 'Assign Locations' },
      { label: 'Settings', path: '/contact-list', heading: 'Contacts' },
      { label: 'Data', path: '/dashboard', heading: 'Dashboard' },
    ];
    for (const visit of visits) {
      await nav.getByRole('link', { name: visit.label }).click();
      await page.waitForURL((url) => url.pathname === visit.path);
      await page.getByRole('heading', { name: visit.heading, level: 1 }).waitFor();
      expect(await nav.getByRole('link', { name: visit.label }).getAttribute('aria-current')).toBe('page');
      await screenshot(page, `${visit.path.slice(1)}-gold-desktop`);
      await expectAccessible(page);
    }
    // /location-list and /assignments highlight Settings and Assignments.
    await page.goto('/location-list');
    await expect
      .poll(() => nav.getByRole('link', { name: 'Settings' }).getAttribute('aria-current'))
      .toBe('page');
    await expectAccessible(page);
    await page.goto('/assignments');
    await expect
      .poll(() => nav.getByRole('link', { name: 'Assignments' }).getAttribute('aria-current'))
      .toBe('page');
    await expectAccessible(page);
    // The trial countdown's target.
    const trial = await newPage(browser);
    await signInAndLand(trial, demo('trial'), '/dashboard');
    await trial.getByRole('link', { name: /^Trial Ends in/ }).click();
    await trial.waitForURL('**/upgrade');
    await trial.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    await expectAccessible(trial);
  });

  it('opens the slide-out menu at phone width', async () => {
    const page = await newPage(browser, 'phone');
    await signInAndLand(page, demo('gold'), '/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    // The desktop navigation and welcome line are not shown on a phone.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await screenshot(page, 'dashboard-phone');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    // The slide-out menu holds the owner's desktop links, in the same order.
    expect(await mainNavLinks(page, 'Mobile')).toEqual(OWNER_LINKS);
    await drawer.getByRole('button', { name: 'Logout' }).waitFor();
    await settle(page);
    await screenshot(page, 'menu-phone');
    await expectAccessible(page);

    await drawer.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL('**/reports');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await screenshot(page, 'reports-phone');
    await expectAccessible(page);
  });

  it('switches the active account of a user with two accounts, and keeps it after signing in again', async () => {
    const page = await newPage(browser);
    await signInAndLand(page, demo('multi'), '/dashboard');
    await expectText(page, 'Welcome Max Multi (Gold Level)');
    await openUserMenu(page);
    const accounts = accountsList(page);
    await expect
      .poll(() => accounts.getByRole('button').allInnerTexts())
      .toEqual([
        expect.stringMatching(/West Texas Ranches\s*Gold/),
        expect.stringMatching(/Border Logistics\s*Bronze/),
      ]);
    expect(await accounts.locator('button[aria-current="true"]').textContent()).toMatch(/West Texas Ranches/);
    await screenshot(page, 'user-menu-multi-desktop');
    await expectAccessible(page);
    // Escape closes the menu; so does a click outside it.
    const menu = page.getByRole('dialog', { name: /^User menu of/ });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await openUserMenu(page);
    await page.locator('main').click({ position: { x: 4, y: 4 } });
    await menu.waitFor({ state: 'hidden' });

    try {
      await switchAccount(page, 'Border Logistics', 'Welcome Max Multi (Bronze Level)');
      expect(pathOf(page)).toBe('/dashboard');

      // Saved on the server: a fresh sign-in elsewhere starts in Border Logistics.
      const fresh = await newPage(browser);
      await signInAndLand(fresh, demo('multi'), '/dashboard');
      await expectText(fresh, 'Welcome Max Multi (Bronze Level)');
      await openUserMenu(fresh);
      expect(await accountsList(fresh).locator('button[aria-current="true"]').textContent()).toMatch(
        /Border Logistics/,
      );
      await fresh.context().close();
    } finally {
      // Back to West Texas Ranches for the other tests.
      await switchAccount(page, 'West Texas Ranches', 'Welcome Max Multi (Gold Level)');
    }
  });

  it('shows the error page for an unknown address inside the app, keeping the menu', async () => {
    const page = await newPage(browser);
    await signInAndLand(page, demo('bronze'), '/dashboard');
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    expect(await page.locator('#root').textContent()).toMatch(/Not Found|404/);
    const back = page.getByRole('link', { name: 'Back to the start page' });
    expect(await back.getAttribute('href')).toBe('/dashboard');
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    await screenshot(page, 'not-found-desktop');
    await expectAccessible(page);
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, expectText, mainNavLinks, pathOf, signInAndLand, signInRefused } from './support/app';
import { DEMO_PASSWORD, demo, expectAccessible, launchBrowser, newPage, screenshot } from './support/browser';

describe('sign-in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the login screen with its links, and is accessible', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('link', { name: 'I forgot my password' }).getAttribute('href'))
      .toBe('/forgot-password');
    expect(await page.getByRole('link', { name: 'Create Trial Account' }).getAttribute('href')).toBe(
      '/wizard?account_type=trial',
    );
    expect(await page.getByRole('link', { name: 'Create Paid Account' }).getAttribute('href')).toBe(
      '/wizard?account_type=paid',
    );
    // No header or menu on the login screen.
    expect(await page.getByRole('navigation').count()).toBe(0);
    await screenshot(page, 'login-desktop');
    await expectAccessible(page);
  });

  it('shows the login screen at phone width, and is accessible', async () => {
    const page = await newPage(browser, 'phone');
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await screenshot(page, 'login-phone');
    await expectAccessible(page);
  });

  for (const login of DEMO_LOGINS) {
    it(`lands ${login.local}@ on ${login.landing} with '${login.welcome}'`, async () => {
      const page = await newPage(browser);
      await signInAndLand(page, demo(login.local), login.landing);
      await expectText(page, login.welcome);
      // Signed in, the header and its navigation are there.
      expect((await mainNavLinks(page)).length).toBeGreaterThan(0);
      if (login.local === 'gold' || login.local === 'admin') {
        await screenshot(page, `signed-in-${login.landing.slice(1)}-${login.local}-desktop`);
      }
      await expectAccessible(page);
      await page.context().close();
    });
  }

  it('explains bad credentials with links to reset the password and to a trial account', async () => {
    const page = await newPage(browser);
    const alert = await signInRefused(page, demo('gold'), 'Not-the-password#1');
    const hrefs = await alert
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toContain('/forgot-password');
    expect(hrefs).toContain('/wizard?account_type=trial');
    // The button is usable again and the user stays on the login screen, signed out.
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
    expect(pathOf(page)).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await screenshot(page, 'login-bad-credentials-desktop');
    await expectAccessible(page);

    // An unknown address gets the same answer.
    await signInRefused(page, demo('nobody'), 'Whatever#2026');
    await page.context().close();
  });

  it("shows 'Working...' on the button while signing in", async () => {
    const page = await newPage(browser);
    await page.goto('/');
    // Hold the login call so the busy state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/auth/jwt/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Email').fill(demo('bronze'));
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    const working = page.getByRole('button', { name: 'Working...' });
    await working.waitFor();
    expect(await working.isDisabled()).toBe(true);
    release();
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });
});

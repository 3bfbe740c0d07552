import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_PASSWORD, trialSignupBody } from '../apps/server/src/test/signup-body';
import { api, captureScreen, expectText, signedInPage, signInAndLand } from './support/app';
import { baseUrl, DEMO_PASSWORD, demo, launchBrowser, newPage, signIn } from './support/browser';

/** Signs in on the page as it is, keeping its address (and its `next`). */
async function fillSignIn(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(demo('silver'));
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Issue 25 in a real browser: return addresses stay on the site, the e-mail change waits for its link. */
describe('account security', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each(['/%5Cevil.example/c', '/\\evil.example/a', '//evil.example/b', '/%09/evil.example'])(
    "keeps /upgrade's Not Now on this site with ref=%s",
    async (ref) => {
      const page = await signedInPage(browser, 'gold');
      await page.goto(`/upgrade?ref=${ref}`);
      await page.getByRole('link', { name: 'Not Now' }).click();
      await page.waitForURL((url) => url.pathname === '/client-form' || url.host !== new URL(baseUrl()).host);
      expect(new URL(page.url()).host).toBe(new URL(baseUrl()).host);
      await page.context().close();
    },
  );

  it('signs a visitor in on the way to the page they opened, and to nowhere else', async () => {
    const page = await newPage(browser);
    await page.goto('/reports?type=monthly');
    await page.waitForURL(
      (url) => url.pathname === '/' && url.searchParams.get('next') === '/reports?type=monthly',
    );
    await fillSignIn(page);
    await page.waitForURL((url) => url.pathname === '/reports');
    await page.context().close();

    const tricked = await newPage(browser);
    await tricked.goto(`/?next=${encodeURIComponent('/\\evil.example/x')}`);
    await fillSignIn(tricked);
    await tricked.waitForURL((url) => url.pathname === '/dashboard');
    await tricked.context().close();
  });

  it('asks for the password to change the sign-in e-mail, and changes nothing until the link is followed', async () => {
    const page = await signedInPage(browser, 'bronze');
    await page.goto('/profile');
    const email = page.getByLabel('Email');
    await email.waitFor();
    const wanted = 'bea.new@pluvio.example';
    await email.fill(wanted);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expectText(page, 'Enter your current password to change your sign-in e-mail.');
    await page.getByLabel('Current Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expectText(page, `Pending confirmation to ${wanted}`);
    expect(await email.inputValue()).toBe(demo('bronze'));
    await captureScreen(page, 'profile-email-change-pending');
    try {
      // Still the old address that signs in.
      const other = await newPage(browser);
      await signIn(other, demo('bronze'), DEMO_PASSWORD);
      await other.waitForURL((url) => url.pathname === '/dashboard');
      await other.context().close();
    } finally {
      await page.getByRole('button', { name: 'Cancel change' }).click();
      await expectText(page, 'The change of your sign-in e-mail was cancelled.');
    }
    await page.context().close();
  });

  it('tells the owner of an unverified trial that alerts wait for the verified address', async () => {
    const email = `unverified-${Date.now()}@example.com`;
    const trial = await api('/api/signups', {
      method: 'POST',
      json: trialSignupBody({ email, first_name: 'Una', last_name: 'Verified' }),
    });
    expect(trial.status).toBe(200);
    const page = await newPage(browser);
    await signInAndLand(page, email, '/dashboard', SIGNUP_PASSWORD);
    await expectText(page, 'Verify your e-mail address to receive alerts');
    await captureScreen(page, 'dashboard-verify-email-notice');
    await page.context().close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectText,
  openUserMenu,
  pathOf,
  resetPasswordByApi,
  signInAndLand,
  signInRefused,
} from './support/app';
import { DEMO_PASSWORD, demo, expectAccessible, launchBrowser, newPage, screenshot } from './support/browser';

/** Demo users are shared by every file of the run: silver's password is set back afterwards. */
const EMAIL = demo('silver');
const NEW_PASSWORD = 'Drizzle#2027x';

describe('password reset', () => {
  let browser: Browser;
  let changed = false;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    if (changed) await resetPasswordByApi(EMAIL, DEMO_PASSWORD);
    await browser.close();
  });

  it('resets a password through the e-mailed link', async () => {
    // The user asks for a reset.
    const user = await newPage(browser);
    await user.goto('/');
    await user.getByRole('link', { name: 'I forgot my password' }).click();
    await user.waitForURL('**/forgot-password');
    await user.getByLabel('Email').waitFor();
    await expectAccessible(user);
    await user.getByLabel('Email').fill(EMAIL);
    await user.getByRole('button', { name: 'Continue' }).click();
    await expectText(user, 'Check your email for additional instructions');
    await screenshot(user, 'forgot-password-sent-desktop');
    await expectAccessible(user);

    // The administrator, in another browser context, finds the message in the mail viewer.
    const admin = await newPage(browser);
    await signInAndLand(admin, demo('admin'), '/admin');
    await openUserMenu(admin);
    await admin
      .getByRole('dialog', { name: /^User menu of/ })
      .getByRole('link', { name: 'Mail viewer' })
      .click();
    await admin.waitForURL('**/admin/mail');
    const messages = admin.getByRole('list', { name: 'Messages' });
    const resetMail = messages
      .getByRole('button')
      .filter({ hasText: 'Reset your Pluvio password' })
      .filter({ hasText: EMAIL })
      .first();
    await resetMail.waitFor();
    await resetMail.click();
    const detail = admin.getByRole('article');
    await expect.poll(() => detail.textContent()).toContain(`To: ${EMAIL}`);
    const link = detail.getByRole('link', { name: /\/reset-password\?token=/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=.+/);
    await screenshot(admin, 'mail-viewer-desktop');
    await expectAccessible(admin);

    // The user follows the link (in their own context) and sets a new password.
    await user.goto(href as string);
    await user.getByLabel('New Password').waitFor();
    await expectAccessible(user);
    await user.getByLabel('New Password').fill(NEW_PASSWORD);
    await user.getByLabel('Re-type Password').fill(NEW_PASSWORD);
    await user.getByRole('button', { name: 'Reset Password' }).click();
    await expectText(user, 'Password was successfully reset');
    changed = true;
    await screenshot(user, 'reset-password-done-desktop');
    await expectAccessible(user);

    // The new password works; the old one does not.
    const fresh = await newPage(browser);
    await signInAndLand(fresh, EMAIL, '/dashboard', NEW_PASSWORD);
    await expectText(fresh, 'Welcome Sam Silver (Silver Level)');

    const old = await newPage(browser);
    await signInRefused(old, EMAIL, DEMO_PASSWORD);
    expect(pathOf(old)).toBe('/');

    // The link works once.
    const again = await newPage(browser);
    await again.goto(href as string);
    await again.getByLabel('New Password').fill(NEW_PASSWORD);
    await again.getByLabel('Re-type Password').fill(NEW_PASSWORD);
    await again.getByRole('button', { name: 'Reset Password' }).click();
    await again.getByRole('alert').filter({ hasText: 'Your token has expired' }).waitFor();
    expect(
      await again.getByRole('alert').getByRole('link', { name: 'clicking here' }).getAttribute('href'),
    ).toBe('/forgot-password');
    await expectAccessible(again);
  });

  it('refuses a weak new password and mismatched passwords on the reset page', async () => {
    const page = await newPage(browser);
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Re-type Password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectText(page, /The new password must contain at least one capital letter/);
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByLabel('Re-type Password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectText(page, 'Passwords do not match.');
    expect(await page.getByRole('link', { name: 'I remember my password' }).getAttribute('href')).toBe('/');
    await expectAccessible(page);
  });
});

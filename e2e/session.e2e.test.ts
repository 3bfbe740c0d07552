import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectText, openUserMenu, pathOf, signInAndLand } from './support/app';
import { demo, expectAccessible, launchBrowser, newPage, screenshot } from './support/browser';

const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

/** GET /users/me from inside the page with the given token: the status the server answers. */
const meStatus = (page: Page, token: string | null) =>
  page.evaluate(
    async (bearer) => (await fetch('/users/me', { headers: { Authorization: `Bearer ${bearer}` } })).status,
    token,
  );

/** Same token, first signature character changed: the server rejects it as it would an expired one. */
function tamper(token: string): string {
  const at = token.lastIndexOf('.') + 1;
  const changed = token[at] === 'A' ? 'B' : 'A';
  return `${token.slice(0, at)}${changed}${token.slice(at + 1)}`;
}

async function profileValues(page: Page) {
  return {
    first: await page.getByLabel('First Name').inputValue(),
    last: await page.getByLabel('Last Name').inputValue(),
    email: await page.getByLabel('Email').inputValue(),
    phone: await page.getByLabel('Phone').inputValue(),
  };
}

describe('session', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('refreshes a rejected access token without interrupting the user', async () => {
    const page = await newPage(browser);
    await signInAndLand(page, demo('gold'), '/dashboard');
    const original = await accessToken(page);
    expect(original).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const broken = tamper(original as string);
    expect(await meStatus(page, broken)).toBe(401);
    await page.evaluate((token) => localStorage.setItem('access_token', token), broken);

    // A reload of the profile shows the user's data from the stored user, with no redirect.
    await page.goto('/profile');
    await page.getByLabel('First Name').waitFor();
    expect(await profileValues(page)).toEqual({
      first: 'Gail',
      last: 'Gold',
      email: demo('gold'),
      phone: '713-555-0101',
    });
    // The first call with the rejected token is refreshed and retried, invisibly.
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expectText(page, 'Successfully Updated');
    expect(pathOf(page)).toBe('/profile');
    const renewed = await accessToken(page);
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(broken);
    expect(await meStatus(page, renewed)).toBe(200);
    await expectText(page, 'Welcome Gail Gold (Gold Level)');
    await screenshot(page, 'profile-gold-desktop');
    await expectAccessible(page);
  });

  it('signs out through the user menu and keeps signed-in pages closed afterwards', async () => {
    const page = await newPage(browser);
    await signInAndLand(page, demo('gold'), '/dashboard');
    await openUserMenu(page);
    await expect
      .poll(() => page.getByRole('dialog', { name: /^User menu of/ }).textContent())
      .toMatch(/Gail Gold[\s\S]*gold@pluvio\.example[\s\S]*713-555-0101[\s\S]*Role: client/);
    await screenshot(page, 'user-menu-gold-desktop');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('status').filter({ hasText: 'Working...' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await accessToken(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    for (const path of ['/dashboard', '/profile', '/admin/mail']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
    // The refresh cookie was revoked: a refresh does not bring the session back.
    const refresh = await page.evaluate(
      async () => (await fetch('/api/users/refresh-token', { method: 'POST' })).status,
    );
    expect(refresh).toBeGreaterThanOrEqual(400);
  });

  it('keeps the mail viewer for superusers', async () => {
    const page = await newPage(browser);
    await signInAndLand(page, demo('gold'), '/dashboard');
    await openUserMenu(page);
    expect(await page.getByRole('link', { name: 'Mail viewer' }).count()).toBe(0);
    await page.goto('/admin/mail');
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('updates the profile phone number and keeps it', async () => {
    const page = await newPage(browser);
    await signInAndLand(page, demo('bronze'), '/dashboard');
    await openUserMenu(page);
    await page
      .getByRole('dialog', { name: /^User menu of/ })
      .getByRole('link', { name: 'Edit' })
      .click();
    await page.waitForURL('**/profile');
    await page.getByLabel('First Name').waitFor();
    const before = await profileValues(page);
    expect(before).toEqual({ first: 'Bea', last: 'Bronze', email: demo('bronze'), phone: '512-555-0103' });
    await expectAccessible(page);

    const setPhone = async (phone: string) => {
      await page.getByLabel('Phone').fill(phone);
      await page.getByRole('button', { name: 'Update Profile' }).click();
      await expectText(page, 'Successfully Updated');
    };
    try {
      await setPhone('512-555-0199');
      await page.reload();
      await page.getByLabel('Phone').waitFor();
      expect((await profileValues(page)).phone).toBe('512-555-0199');
      // Saved on the server, not only in this browser.
      const me = await page.evaluate(async () => {
        const response = await fetch('/users/me', {
          headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` },
        });
        return (await response.json()) as { phone: string };
      });
      expect(me.phone.replace(/\D/g, '')).toBe('5125550199');

      // An empty phone is refused.
      await page.getByLabel('Phone').fill('');
      await page.getByRole('button', { name: 'Update Profile' }).click();
      await expectText(page, 'Phone number is required.');
      await expectAccessible(page);
    } finally {
      await page.reload();
      await page.getByLabel('Phone').waitFor();
      await setPhone(before.phone);
    }
    await page.reload();
    await page.getByLabel('Phone').waitFor();
    expect((await profileValues(page)).phone).toBe('512-555-0103');
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  apiToken,
  createByApi,
  deleteByApi,
  expectText,
  newestMail,
  openScreen,
  signedInPage,
  uniqueName,
  WAIT,
} from './support/app';
import { demo, expectAccessible, launchBrowser, newPage, screenshot } from './support/browser';

async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

describe('rough edges a new user trips over', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("greets an invited contact on the set-password page instead of titling it 'Reset Password'", async () => {
    const token = await apiToken(demo('gold'));
    const name = uniqueName('E2E Invitee');
    const address = `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`;
    await createByApi('contacts', token, { name, email: address });
    const page = await newPage(browser);
    try {
      const invitation = await newestMail(address, 'You were added to');
      const link = invitation.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
      expect(link).toContain('&invite=1');
      await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
      await page.getByRole('heading', { name: 'Welcome to Pluvio', level: 1 }).waitFor();
      expect(await page.getByRole('heading', { name: 'Reset Password' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Set Password' }).isVisible()).toBe(true);
      await screenshot(page, 'invitation-password-desktop');
      await expectAccessible(page);
    } finally {
      await deleteByApi('contacts', token, (contact) => contact === name);
      await page.context().close();
    }
  });

  it('shows 15-minute rainfall up to the newest quarter hour, ahead of the processed hour, as RapidRain alerts do', async () => {
    const token = await apiToken(demo('gold'));
    const [site] = (await api<{ id: number }[]>('/api/locations/?page=1&page_size=250', { token })).body;
    if (!site) throw new Error('the gold demo account has no location');
    await expect
      .poll(async () => {
        const status = await api<{ datetime: string | null }>('/api/services/process_status', { token });
        const quarters = await api<{ hourly_data: Record<string, unknown> }>(
          `/api/locations/${site.id}/15m_data?hours=3`,
          { token },
        );
        const newest = Object.keys(quarters.body.hourly_data).at(-1);
        const processed = status.body.datetime;
        return Boolean(newest && processed && Date.parse(newest) > Date.parse(processed));
      }, WAIT)
      .toBe(true);
  });

  it('shows the logo once on the verify e-mail page', async () => {
    const page = await newPage(browser, 'phone');
    try {
      await page.goto('/verify-email?token=not-a-real-token');
      await page.getByRole('heading', { name: 'Verify Email' }).waitFor();
      expect(await page.getByRole('link', { name: 'Pluvio home' }).count()).toBe(1);
      await screenshot(page, 'verify-email-phone');
    } finally {
      await page.context().close();
    }
  });

  it('tells a client opening /admin that the page is for administrators', async () => {
    const page = await signedInPage(browser, 'gold');
    try {
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Not available', level: 1 }).waitFor();
      await expectText(page, 'This page is for Pluvio administrators.');
      await page.getByRole('link', { name: 'Back to your rainfall data' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
    } finally {
      await page.context().close();
    }
  });

  it('on a phone opens a mail in place of the list, with a way back, and says that wide tables scroll', async () => {
    const page = await signedInPage(browser, 'admin', 'phone', '/admin');
    try {
      await openScreen(page, '/admin/mail', 'Mail Viewer');
      const list = page.getByRole('list', { name: 'Messages' });
      await list.getByRole('button').first().waitFor();
      expect(await page.getByRole('article').count()).toBe(0);
      await list.getByRole('button').first().click();
      await page.getByRole('article').waitFor();
      expect(await list.count()).toBe(0);
      expect(await page.getByRole('article').textContent()).toMatch(
        /Date: \w{3} \d+, \d+:\d\d [AP]M (EST|EDT)/,
      );
      await screenshot(page, 'mail-viewer-message-phone');
      await page.getByRole('button', { name: 'All messages' }).click();
      await list.waitFor();

      // The audit trail is wider than a phone: it says so, and scrolls sideways.
      await openScreen(page, '/admin/audit', 'Audit Trail');
      const table = page.getByRole('region', { name: 'Audit trail table' });
      await table.locator('tbody tr').first().waitFor();
      await expectText(page, 'Scroll sideways to see every column');
      expect(await table.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      await screenshot(page, 'audit-trail-scroll-hint-phone');
    } finally {
      await page.context().close();
    }
  });

  it('keeps the scroll-to-top button below the end of a long page, never on its content', async () => {
    const page = await signedInPage(browser, 'admin', 'phone', '/admin');
    try {
      // A small phone held upright: the audit trail is several screens long, however few its entries.
      await page.setViewportSize({ width: 320, height: 480 });
      await openScreen(page, '/admin/audit', 'Audit Trail');
      await page.getByRole('region', { name: 'Audit trail table' }).locator('tbody tr').first().waitFor();
      const button = page.getByRole('button', { name: 'Scroll to top' });
      await expect
        .poll(async () => {
          await scrollToBottom(page);
          return button.isVisible();
        }, WAIT)
        .toBe(true);
      // Where the page's content ends on screen, above the room the layout keeps for the button.
      const contentBottom = () =>
        page.evaluate(() => {
          const main = document.querySelector('main');
          if (!main) return Number.POSITIVE_INFINITY;
          return (
            main.getBoundingClientRect().bottom - Number.parseFloat(getComputedStyle(main).paddingBottom)
          );
        });
      await expect
        .poll(async () => {
          const box = await button.boundingBox();
          return box !== null && (await contentBottom()) <= box.y;
        }, WAIT)
        .toBe(true);
      await screenshot(page, 'audit-trail-scrolled-phone');
    } finally {
      await page.context().close();
    }
  });
});

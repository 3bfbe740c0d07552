import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, captureScreen, signedInPage, tableRows, WAIT } from './support/app';
import { demo, launchBrowser } from './support/browser';

describe('delivery log', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("shows a superuser every account's messages, with their status, filtered by status", async () => {
    // A reset request queues an e-mail; with no SMTP server it is kept in the outbox, not sent.
    const recipient = demo('bronze');
    expect((await api('/auth/forgot-password', { method: 'POST', json: { email: recipient } })).status).toBe(
      202,
    );

    const page = await signedInPage(browser, 'admin', 'desktop', '/admin');
    await page.getByRole('link', { name: 'Delivery Log' }).click();
    await page.waitForURL('**/admin/deliveries');
    await page.getByRole('heading', { level: 1, name: 'Delivery Log' }).waitFor();
    const table = page.getByRole('table', { name: 'Messages' });
    const resetMail = table.getByRole('row').filter({ hasText: recipient }).filter({ hasText: 'Reset your' });
    await resetMail.first().waitFor(WAIT);
    expect(await resetMail.first().textContent()).toContain('Kept, not sent');
    expect(await resetMail.first().textContent()).not.toMatch(/held/i);
    await expect
      .poll(() => page.getByRole('list', { name: 'Messages by status' }).textContent(), WAIT)
      .toMatch(/\d+ kept, not sent/);
    await captureScreen(page, 'delivery-log');

    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Failed' });
    await page.getByText('No messages in this range').waitFor(WAIT);
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Kept, not sent' });
    await resetMail.first().waitFor(WAIT);
    const statuses = (await tableRows(table)).map((cells) => cells[5]);
    expect(statuses.every((status) => status?.startsWith('Kept, not sent'))).toBe(true);
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiToken, captureScreen, openScreen, signedInPage } from './support/app';
import { demo, launchBrowser } from './support/browser';

/** The start-up backfill is ingested and its alerts evaluated within a minute or two. */
const ALERT_WAIT_MS = 150_000;
const ALERT_SUBJECT = 'Pluvio: RapidRain: Houston';
/** The mail viewer's page size (apps/web OUTBOX_PAGE_SIZE). */
const OUTBOX_PAGE_SIZE = 50;

interface OutboxItem {
  subject: string | null;
  to: string;
}

describe('demo storm', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it(
    "shows the demo storm's RapidRain alert for Houston in the mail viewer soon after a fresh start",
    async () => {
      const token = await apiToken(demo('admin'));
      const isGoldAlert = (message: OutboxItem) =>
        message.subject === ALERT_SUBJECT && message.to === demo('gold');
      // Newest first: other tests' messages may have pushed the alert past the first page.
      const alertIndex = async () => {
        const { body } = await api<{ items: OutboxItem[] }>('/api/admin/outbox?page_size=250', { token });
        return body.items.findIndex(isGoldAlert);
      };
      await expect.poll(alertIndex, { timeout: ALERT_WAIT_MS, interval: 5_000 }).toBeGreaterThanOrEqual(0);
      const viewerPage = Math.floor((await alertIndex()) / OUTBOX_PAGE_SIZE) + 1;

      const page = await signedInPage(browser, 'admin', 'desktop', '/admin');
      await openScreen(page, '/admin/mail', 'Mail Viewer');
      if (viewerPage > 1) {
        await page
          .getByLabel('Message pages')
          .getByRole('button', { name: String(viewerPage), exact: true })
          .click();
      }
      const alertMail = page
        .getByRole('list', { name: 'Messages' })
        .getByRole('button')
        .filter({ hasText: ALERT_SUBJECT })
        .filter({ hasText: demo('gold') });
      await alertMail.click();
      await page
        .getByRole('article')
        .getByText(/Houston: \d\.\d\d in in the 15 minutes ending/)
        .waitFor();
      await captureScreen(page, 'mail-viewer-demo-alert');
    },
    ALERT_WAIT_MS + 30_000,
  );
});

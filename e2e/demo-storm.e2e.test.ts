import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureScreen, openScreen, signedInPage } from './support/app';
import { demo, launchBrowser } from './support/browser';

/** The start-up backfill is ingested and its alerts evaluated within a minute or two. */
const ALERT_WAIT_MS = 150_000;

describe('demo storm', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it(
    "shows the demo storm's RapidRain alert for Houston in the mail viewer soon after a fresh start",
    async () => {
      const page = await signedInPage(browser, 'admin', 'desktop', '/admin');
      await openScreen(page, '/admin/mail', 'Mail Viewer');
      const messages = page.getByRole('list', { name: 'Messages' });
      const alertMail = messages.getByRole('button').filter({ hasText: 'Pluvio: RapidRain: Houston' });
      await expect
        .poll(
          async () => {
            await page.getByRole('button', { name: 'Refresh' }).click();
            return alertMail.filter({ hasText: demo('gold') }).count();
          },
          { timeout: ALERT_WAIT_MS, interval: 5_000 },
        )
        .toBe(1);
      await alertMail.filter({ hasText: demo('gold') }).click();
      const mail = page.getByRole('article');
      await mail.getByText(/Houston: \d\.\d\d in in the 15 minutes ending/).waitFor();
      await captureScreen(page, 'mail-viewer-demo-alert');
    },
    ALERT_WAIT_MS + 30_000,
  );
});

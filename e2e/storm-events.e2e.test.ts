import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureScreen, openScreen, signedInPage, WAIT } from './support/app';
import { launchBrowser, screenshot, VIEWPORTS } from './support/browser';

/**
 * The detection searches the stored hours once the start's catch-up of simulated rain is done
 * (about 80 s on an idle machine), at the next minute: events appear within three minutes.
 */
const EVENTS_APPEAR_MS = 180_000;

const eventTable = (page: Page) => page.getByRole('table', { name: 'Storm events' });
const eventCards = (page: Page) => page.getByRole('list', { name: 'Storm events' });

/** Opens /storm-events until its table has a row (the detection job may not have run yet). */
async function openListWithEvents(page: Page): Promise<void> {
  const deadline = Date.now() + EVENTS_APPEAR_MS;
  for (;;) {
    await openScreen(page, '/storm-events', 'Storm Events');
    const firstRow = eventTable(page).getByRole('row').nth(1);
    const shown = await firstRow
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
    if (Date.now() > deadline) throw new Error('no storm event appeared in 3 minutes');
    await page.waitForTimeout(5_000);
  }
}

describe('storm events', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lists gold’s storm events as a table and as cards, and opens one', { timeout: 360_000 }, async () => {
    const page = await signedInPage(browser, 'gold');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Storm Events' })
      .waitFor();
    await openListWithEvents(page);
    await captureScreen(page, 'storm-events', async (shown) => {
      const layout = shown.viewportSize()?.width === VIEWPORTS.phone.width ? eventCards : eventTable;
      await layout(shown).waitFor(WAIT);
    });

    const first = eventTable(page).getByRole('row').nth(1).getByRole('link');
    const location = (await first.textContent()) ?? '';
    await first.click();
    await page.waitForURL(/\/storm-events\/\d+$/);
    await page.getByRole('heading', { level: 1, name: location }).waitFor(WAIT);
    await page.getByRole('img', { name: /^Hourly rainfall of the event/ }).waitFor(WAIT);
    expect(await page.getByText('Permit threshold', { exact: true }).count()).toBe(1);
    await captureScreen(page, 'storm-event');

    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/dashboard');
    await page.getByRole('listbox', { name: 'Locations' }).getByRole('option').first().waitFor(WAIT);
    await screenshot(page, 'storm-dashboard-phone');
  });
});

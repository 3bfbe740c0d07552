import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  apiToken,
  captureScreen,
  expectText,
  listByApi,
  signedInPage,
  tableRows,
  WAIT,
} from './support/app';
import { demo, launchBrowser } from './support/browser';

const TIER_TOO_LOW = 'This feature is not available at your current service level';

const locationList = (page: Page) => page.getByRole('listbox', { name: 'Locations' });
const listedNames = (page: Page) =>
  locationList(page)
    .getByRole('option')
    .evaluateAll((rows) =>
      rows.map((row) => row.querySelector('span[title]:not([aria-hidden])')?.textContent ?? ''),
    );
/** The chart tabs of the rainfall section, once the selected location's details have arrived. */
async function chartTabs(page: Page): Promise<string[]> {
  const tabs = page.getByRole('region', { name: /^Rainfall/ }).getByRole('tab');
  await tabs.first().waitFor();
  return tabs.allTextContents();
}

/** The dashboard with its list filled and the newest processed hour shown. */
async function openDashboard(browser: Browser, login: string, viewport: 'desktop' | 'phone' = 'desktop') {
  const page = await signedInPage(browser, login, viewport);
  await locationList(page).getByRole('option').first().waitFor(WAIT);
  await page.getByText(/^Data Up To \d{4} ET$/).waitFor({ timeout: 30_000 });
  return page;
}

async function selectLocation(page: Page, name: string) {
  await locationList(page)
    .getByRole('option', { name: new RegExp(name) })
    .click();
  await page.getByRole('heading', { level: 2, name }).first().waitFor();
}

/** 'MM-DD HH:mm' of an hourly_data key, read from its local part (the key carries the product zone's offset). */
const localLabel = (key: string) => `${key.slice(5, 10)} ${key.slice(11, 16)}`;

describe('dashboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows a gold owner the map, list, every chart tab and the location forecast', async () => {
    const page = await openDashboard(browser, 'gold');
    try {
      expect(await listedNames(page)).toEqual(
        expect.arrayContaining([
          expect.stringContaining('Houston'),
          expect.stringContaining('Galveston'),
          expect.stringContaining('Beaumont'),
          expect.stringContaining('Corpus Christi'),
        ]),
      );
      expect(await page.getByTestId('location-map').getAttribute('data-marker-count')).not.toBeNull();
      await selectLocation(page, 'Galveston');
      await expectText(page, /^29\.\d{4}, -94\.\d{4}$/);
      expect(await chartTabs(page)).toEqual(['24 Hour', '1 Hour', 'RapidRain', 'NOAA Atlas 14']);
      await page.getByRole('heading', { name: 'Rainfall Galveston' }).waitFor();

      const forecast = page.locator('#forecast');
      await forecast.getByRole('tab', { name: 'Galveston' }).click();
      await expect
        .poll(
          () =>
            forecast
              .getByLabel('Forecast for Galveston')
              .getByText(/^\d+\.\d{2} in$/)
              .count(),
          WAIT,
        )
        .toBe(3);

      // Search narrows the list; the map follows the list.
      await page.getByPlaceholder('Search...').fill('hou');
      await expect.poll(() => listedNames(page), WAIT).toEqual([expect.stringContaining('Houston')]);
      await page.getByPlaceholder('Search...').fill('');
      await captureScreen(page, 'dashboard-gold', () =>
        locationList(page).getByRole('option').first().waitFor(),
      );
    } finally {
      await page.context().close();
    }
  });

  it('draws the hourly chart and table from the same numbers as the API', async () => {
    const token = await apiToken(demo('gold'));
    const houston = (await listByApi('locations', token)).find((location) => location.name === 'Houston');
    const page = await openDashboard(browser, 'gold');
    try {
      await selectLocation(page, 'Houston');
      await page.getByRole('tab', { name: '1 Hour' }).click();
      const chart = page.getByRole('img', { name: '1 Hour rainfall, Houston' });
      await chart.waitFor(WAIT);
      const bars = await chart.locator('li').allTextContents();

      await page.getByRole('switch', { name: 'Table View' }).click();
      const table = page.getByRole('table', { name: 'Hourly rainfall' });
      await table.getByRole('row').nth(1).waitFor(WAIT);
      const rows = await tableRows(table);

      const { body } = await api<{ hourly_data: Record<string, { total: number }> }>(
        `/api/locations/${houston?.id}/hourly_data?days=2`,
        { token },
      );
      const expected = Object.entries(body.hourly_data).map(([key, value]) => ({
        label: localLabel(key),
        amount: value.total.toFixed(2),
      }));
      // Yesterday and today up to the processed hour: just after local midnight, only
      // yesterday's hours up to the last processed one.
      expect(expected.length).toBeGreaterThanOrEqual(20);
      expect(bars).toEqual(expected.map((hour) => `${hour.label}: ${hour.amount} in`));
      expect(rows.map((row) => [row[0], row[1]?.slice(0, 4)])).toEqual(
        expected.map((hour) => [hour.label, hour.amount]),
      );
    } finally {
      await page.context().close();
    }
  });

  it('keeps RapidRain, NOAA Atlas 14 and red from bronze, with the upgrade notice', async () => {
    const page = await openDashboard(browser, 'bronze');
    try {
      expect(await chartTabs(page)).toEqual(['24 Hour', '1 Hour']);
      await expectText(page, TIER_TOO_LOW);
      expect(
        await page.getByRole('link', { name: 'Click Here to Upgrade' }).first().getAttribute('href'),
      ).toBe('/upgrade');
      expect(await page.getByRole('checkbox', { name: 'Above NOAA 14' }).count()).toBe(0);
      expect(await page.getByText('At or over Atlas 14 depth').count()).toBe(0);
      expect(await page.getByText('Exceeds the 24-hour NOAA Atlas 14 value').count()).toBe(0);
      // The location forecast is gold: bronze gets the notice in its place.
      const forecast = page.locator('#forecast');
      const locationTab = forecast.getByRole('tab').nth(1);
      await locationTab.click();
      await forecast.getByText(TIER_TOO_LOW).waitFor();
      await captureScreen(page, 'dashboard-bronze');
    } finally {
      await page.context().close();
    }
  });

  it('gives silver RapidRain and the NOAA Atlas 14 table, but not the location forecast', async () => {
    const page = await openDashboard(browser, 'silver');
    try {
      expect(await chartTabs(page)).toEqual(['24 Hour', '1 Hour', 'RapidRain', 'NOAA Atlas 14']);
      expect(await page.getByRole('checkbox', { name: 'Above NOAA 14' }).count()).toBe(1);
      await page.getByRole('tab', { name: 'RapidRain' }).click();
      await page.getByRole('img', { name: /^RapidRain 15-minute rainfall/ }).waitFor(WAIT);
      await page.getByRole('tab', { name: 'NOAA Atlas 14' }).click();
      const atlas = page.getByRole('table', { name: 'NOAA Atlas 14' });
      const rows = await tableRows(atlas);
      expect(rows.map((row) => Number.parseInt(row[0] ?? '', 10))).toEqual([
        1, 2, 5, 10, 25, 50, 100, 200, 500, 1000,
      ]);
      expect(rows.every((row) => /^\d+\.\d{2}/.test(row[1] ?? ''))).toBe(true);
      const forecast = page.locator('#forecast');
      await forecast.getByRole('tab').nth(1).click();
      await forecast.getByText(TIER_TOO_LOW).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('shows a plain contact only its assigned locations', async () => {
    const page = await openDashboard(browser, 'contact');
    try {
      const names = await listedNames(page);
      expect(names).toHaveLength(2);
      expect(names.join(' ')).toMatch(/Galveston/);
      expect(names.join(' ')).toMatch(/Houston/);
    } finally {
      await page.context().close();
    }
  });

  it('links the alerts anchor to the alert history of the account', async () => {
    const page = await openDashboard(browser, 'gold');
    try {
      await page.locator('#alerts').getByRole('link', { name: 'See the alert history' }).click();
      await page.getByRole('heading', { level: 1, name: 'Alert History' }).waitFor();
      await page
        .getByText(/^No alerts yet|^Fired$/)
        .first()
        .waitFor(WAIT);
      await captureScreen(page, 'alert-history');
    } finally {
      await page.context().close();
    }
  });

  it('lays the dashboard out for a phone, with the legend in the footer', async () => {
    const page = await openDashboard(browser, 'gold', 'phone');
    try {
      await page.locator('footer').getByText('Above threshold').waitFor();
      // The legend sits in the page's flow: with the list's last rows at the bottom of the screen,
      // what is drawn there is the list, not the legend over it.
      const list = page.getByTestId('location-list');
      await list.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      const listOnTop = await list.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const bottom = Math.min(box.bottom, window.innerHeight) - 12;
        return element.contains(document.elementFromPoint(box.left + box.width / 2, bottom));
      });
      expect(listOnTop).toBe(true);
      await captureScreen(page, 'dashboard-phone');
    } finally {
      await page.context().close();
    }
  });
});

import type { Browser, Locator, Page } from 'playwright-core';
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
import { demo, expectAccessible, launchBrowser, screenshotOf, VIEWPORTS } from './support/browser';

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
  // On the name, at the row's start: a storm badge further along opens its event instead.
  await locationList(page)
    .getByRole('option', { name: new RegExp(name) })
    .click({ position: { x: 12, y: 12 } });
  await page.getByRole('heading', { level: 2, name }).first().waitFor();
}

/** Screenshots one part of the page at desktop and phone width. */
async function screenshotParts(page: Page, part: Locator, name: string) {
  for (const viewport of ['desktop', 'phone'] as const) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await part.scrollIntoViewIfNeeded();
    await screenshotOf(part, `${name}-${viewport}`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
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

  it('draws the hourly chart and table from the same numbers as the API, pending hours marked provisional', async () => {
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

      const [{ body }, { body: overview }] = await Promise.all([
        api<{ hourly_data: Record<string, { total: number }> }>(
          `/api/locations/${houston?.id}/hourly_data?days=2`,
          { token },
        ),
        api<{ provisional: { from: string; to: string } | null }>('/api/locations/overview', { token }),
      ]);
      const pendingAfter = overview.provisional
        ? Date.parse(overview.provisional.from)
        : Number.POSITIVE_INFINITY;
      const expected = Object.entries(body.hourly_data).map(([key, value]) => ({
        label: localLabel(key),
        amount: value.total.toFixed(2),
        provisional: Date.parse(key) > pendingAfter,
      }));
      // Yesterday and today up to the processed hour, then the pending ones from their quarters:
      // just after local midnight, only yesterday's hours.
      expect(expected.length).toBeGreaterThanOrEqual(20);
      expect(bars).toEqual(
        expected.map((hour) => `${hour.label}: ${hour.amount} in${hour.provisional ? ' (provisional)' : ''}`),
      );
      // The table lists the newest hour first.
      expect(rows.map((row) => [row[0], row[1]?.slice(0, 4)])).toEqual(
        expected
          .map((hour) => [`${hour.label}${hour.provisional ? 'Provisional' : ''}`, hour.amount])
          .reverse(),
      );
    } finally {
      await page.context().close();
    }
  });

  it("shows each chart tab's own table, and each chart with its threshold's legend", async () => {
    const page = await openDashboard(browser, 'gold');
    try {
      await selectLocation(page, 'Houston');
      const section = page.locator('#graphs');
      const pending = page.getByTestId('data-pending');
      if ((await pending.count()) > 0) {
        expect(await pending.textContent()).toMatch(
          /^Includes \d of 4 quarter hours of \d{1,2} [AP]M.*, provisional/,
        );
      }
      const legend = section.getByRole('list', { name: 'Legend' });
      const charts = [
        {
          tab: '24 Hour',
          table: '24 Hour rainfall',
          first: /^\d{2}-\d{2}/,
          orange: "Exceeds the location's 24-hour threshold",
        },
        {
          tab: '1 Hour',
          table: 'Hourly rainfall',
          first: /^\d{2}-\d{2} \d{2}:00/,
          orange: '24-hour threshold',
        },
        {
          tab: 'RapidRain',
          table: 'RapidRain 15-minute rainfall',
          first: /^\d{2}-\d{2} \d{2}:\d{2}/,
          orange: 'RapidRain threshold',
        },
      ];
      for (const chart of charts) {
        await section.getByRole('tab', { name: chart.tab }).click();
        await legend.waitFor(WAIT);
        expect(await legend.textContent()).toContain(chart.orange);
        await screenshotParts(
          page,
          section,
          `dashboard-rainfall-${chart.tab.toLowerCase().replace(' ', '-')}`,
        );
      }
      await section.getByRole('tab', { name: 'NOAA Atlas 14' }).click();
      await section.getByRole('table', { name: 'NOAA Atlas 14' }).waitFor(WAIT);
      await screenshotParts(page, section, 'dashboard-rainfall-atlas14');
      await expectAccessible(page);

      await page.getByRole('switch', { name: 'Table View' }).click();
      const seen: string[][][] = [];
      for (const chart of charts) {
        await section.getByRole('tab', { name: chart.tab }).click();
        const table = section.getByRole('table', { name: chart.table });
        await table.getByRole('row').nth(1).waitFor(WAIT);
        const rows = await tableRows(table);
        expect(rows[0]?.[0]).toMatch(chart.first);
        seen.push(rows);
        await screenshotParts(
          page,
          section,
          `dashboard-rainfall-table-${chart.tab.toLowerCase().replace(' ', '-')}`,
        );
      }
      // Three days, about two days of hours, twelve hours of quarters: three different tables.
      expect(seen.map((rows) => rows.length)).toEqual([3, expect.any(Number), 48]);
      expect((seen[1] ?? []).length).toBeGreaterThanOrEqual(20);
      await expectAccessible(page);
    } finally {
      await page.context().close();
    }
  }, 180_000); // eight tabs and tables, each screenshot at two widths

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

  it("lists the account's newest alerts on the dashboard's card, as the history has them, and links to the history", async () => {
    const token = await apiToken(demo('gold'));
    const page = await openDashboard(browser, 'gold');
    try {
      const card = page.locator('#alerts');
      const cardLoaded = () =>
        card
          .getByText(/^No alerts yet/)
          .or(card.getByRole('list', { name: 'Newest alerts' }))
          .waitFor(WAIT);
      // The demo's storm keeps firing alerts: compare with the history read after the card was
      // drawn, and draw it again when one fired in between.
      const cardMatchesHistory = async () => {
        const { body: newest } = await api<{ location_name: string; value: number }[]>(
          '/api/alerts?page=1&page_size=5',
          { token },
        );
        const texts = await card.getByRole('listitem').allTextContents();
        const same =
          texts.length === newest.length &&
          texts.every(
            (text, index) =>
              text.includes(newest[index]?.location_name ?? '') &&
              text.includes(`${newest[index]?.value.toFixed(2)} in`),
          );
        if (!same) {
          await page.reload();
          await cardLoaded();
        }
        return same;
      };
      await cardLoaded();
      await expect.poll(cardMatchesHistory, { timeout: 60_000, interval: 1_000 }).toBe(true);
      await screenshotParts(page, card, 'dashboard-alerts-card');
      await expectAccessible(page);
      await card.getByRole('link', { name: 'See the alert history' }).click();
      await page.getByRole('heading', { level: 1, name: 'Alert History' }).waitFor();
      await page
        .getByText(/^No alerts yet|^Fired$/)
        .first()
        .waitFor(WAIT);
      await captureScreen(page, 'alert-history');
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('lays the dashboard out for a phone, with the legend under the map, never over the list', async () => {
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

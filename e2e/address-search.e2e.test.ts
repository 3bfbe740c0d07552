import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captureScreen,
  expectText,
  locationNameCell,
  onAddLocationForm,
  saveLocationForm,
  WAIT,
} from './support/app';
import { launchBrowser } from './support/browser';

/** What the stand-in Census geocoder (support/fake-census.ts) matches for Bagby St. */
const HOUSTON_MATCH = '901 BAGBY ST, HOUSTON, TX, 77002';
const NO_MATCH = 'No address in the contiguous United States matched. Check the street, city and state.';

describe('address search in the location form', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('fills the coordinates from the picked address and saves them', () =>
    onAddLocationForm(browser, 'E2E Address', async (page, name) => {
      const address = page.getByLabel('Find by address');
      await address.fill('nowhere lane, Springfield');
      await address.press('Enter');
      await expectText(page, NO_MATCH);

      await address.fill('901 Bagby St, Houston, TX');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const match = page.getByRole('button', { name: new RegExp(HOUSTON_MATCH) });
      await match.click();
      await expect.poll(() => page.getByLabel('Latitude').inputValue(), WAIT).toBe('29.760427');
      expect(await page.getByLabel('Longitude').inputValue()).toBe('-95.369803');
      await captureScreen(page, 'location-form-address-search', () => match.waitFor());

      await page.getByLabel('Name').fill(name);
      await saveLocationForm(page);
      await locationNameCell(page, name).waitFor();
    }));
});

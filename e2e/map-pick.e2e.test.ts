import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  captureScreen,
  expectText,
  onAddLocationForm,
  openScreen,
  saveLocationForm,
  uniqueName,
  WAIT,
} from './support/app';
import { launchBrowser, newPage } from './support/browser';

interface SavedLocation {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}

const PICKER_MAP = 'Map to pick the location';

const fieldValue = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`)).inputValue();

/** Clicks the picker's map at a fraction of its width and height from its top left corner. */
async function clickMap(page: Page, across: number, down: number): Promise<void> {
  const box = await page.getByRole('region', { name: PICKER_MAP }).boundingBox();
  if (!box) throw new Error('the map is not on screen');
  await page.mouse.click(box.x + box.width * across, box.y + box.height * down);
}

/** Waits until the coordinate fields hold a point other than `before`, and answers it. */
async function filledPoint(page: Page, before = ''): Promise<string> {
  const point = async () => `${await fieldValue(page, 'Latitude')}, ${await fieldValue(page, 'Longitude')}`;
  await expect.poll(point, WAIT).not.toBe(before || ', ');
  return point();
}

const marker = (page: Page, point: string) => page.getByAltText(`Location point: ${point}`);

describe('picking the point on a map', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('places a location by a click, moves it by dragging the marker, and saves those coordinates', () =>
    onAddLocationForm(browser, 'E2E Map Pick', async (page, name, token) => {
      await page.getByLabel('Name').fill(name);
      await page.getByRole('button', { name: 'Pick on map' }).click();
      // A little south-west of the middle of the contiguous US.
      await clickMap(page, 0.45, 0.55);
      const clicked = await filledPoint(page);
      expect(clicked).toMatch(/^\d{2}\.\d{1,5}, -\d{2,3}\.\d{1,5}$/);
      await marker(page, clicked).waitFor();

      const pin = await marker(page, clicked).boundingBox();
      if (!pin) throw new Error('the marker is not on screen');
      await page.mouse.move(pin.x + pin.width / 2, pin.y + pin.height / 2);
      await page.mouse.down();
      await page.mouse.move(pin.x + pin.width / 2 + 60, pin.y + pin.height / 2 - 30, { steps: 8 });
      await page.mouse.up();
      const dragged = await filledPoint(page, clicked);
      await marker(page, dragged).waitFor();

      // Past the coverage: the Pacific at the map's left edge is refused with the typed value's words.
      await clickMap(page, 0.01, 0.5);
      await expectText(page, 'Longitude must be between -122 and -66 degrees');
      expect(await filledPoint(page)).toBe(dragged);

      await captureScreen(page, 'location-form-map-pick', () => marker(page, dragged).waitFor());
      await saveLocationForm(page);
      const { body } = await api<SavedLocation[]>('/api/locations/?page=1&page_size=250', { token });
      const saved = body.find((location) => location.name === name);
      expect(saved && `${saved.latitude}, ${saved.longitude}`).toBe(dragged);

      // Its edit form shows the saved point on the map, which no click can move.
      await openScreen(page, `/location-form?id=${saved?.id}`, 'Edit Location');
      await page.getByRole('button', { name: 'Show on map' }).click();
      await marker(page, dragged).waitFor();
      await page.getByRole('region', { name: 'Map of the location' }).click({ position: { x: 20, y: 200 } });
      await captureScreen(page, 'location-edit-map', () => marker(page, dragged).waitFor());
    }));

  it("fills the wizard's first location from a click on its map", async () => {
    const page = await newPage(browser, 'desktop');
    try {
      await page.goto('/wizard?account_type=trial');
      await page.getByRole('heading', { level: 1, name: /^Step 1 of 3/ }).waitFor();
      const suffix = uniqueName('map').split(' ')[1];
      await page.getByLabel(/^First Name/).fill('Rita');
      await page.getByLabel(/^Last Name/).fill('Rain');
      await page.getByLabel(/^Email/).fill(`map-pick-${suffix}@example.com`);
      await page.getByLabel(/^Phone/).fill('713-555-0101');
      await page.getByLabel(/^Password/).fill('Showers#2026');
      await page.getByLabel(/^Confirm Password/).fill('Showers#2026');
      await page.getByRole('checkbox', { name: 'I accept the Terms of Service' }).check();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: /^Step 2 of 3/ }).waitFor();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: /^Step 3 of 3/ }).waitFor();

      await captureScreen(page, 'wizard-location-step');
      await page.getByRole('button', { name: 'Pick on map' }).click();
      await clickMap(page, 0.6, 0.45);
      const clicked = await filledPoint(page);
      await marker(page, clicked).waitFor();
      await captureScreen(page, 'wizard-map-pick', () => marker(page, clicked).waitFor());
    } finally {
      await page.context().close();
    }
  });
});

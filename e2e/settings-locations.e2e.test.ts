import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerConfirmation,
  apiToken,
  captureScreen,
  deleteByApi,
  expectInsideWindow,
  expectNoSidewaysScroll,
  expectText,
  listByApi,
  locationNameCell,
  mainNavLinks,
  pathOf,
  saveLocationForm,
  signedInPage,
  uniqueName,
  WAIT,
} from './support/app';
import { demo, expectAccessible, launchBrowser, screenshot } from './support/browser';
import { csvImport, settingsList } from './support/settings-lists';

/** Every location the import files name starts so; they are removed before and after. */
const IMPORTED = 'E2E Import';
const OWNERS_ONLY =
  'Only the account owner or a co-owner can see these settings. Ask them if something here needs to change.';
const UPGRADE = 'Please upgrade to enable this feature';
const TIER_TOO_LOW = 'This feature is not available at your current service level';

const locations = (page: Page) => settingsList(page, 'Locations', locationNameCell);

describe('settings: locations', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lets the owner search, add (after a bad latitude), edit and delete a location', {
    timeout: 120_000,
  }, async () => {
    const token = await apiToken(demo('gold'));
    const name = uniqueName('E2E Site');
    const renamed = `${name} Edited`;
    const page = await signedInPage(browser, 'gold');
    try {
      await locations(page).open('Houston');
      expect(await locations(page).names()).toEqual(
        expect.arrayContaining(['Houston', 'Galveston', 'Beaumont', 'Corpus Christi']),
      );
      await captureScreen(page, 'location-list-owner', () => locations(page).waitForRow('Houston'));

      // The search filters by name, whatever the case.
      await locations(page).search.fill('gALV');
      await expect.poll(() => locations(page).names(), WAIT).toEqual(['Galveston']);
      await locations(page).search.fill('no such place');
      await expectText(page, 'No locations to show.');
      await locations(page).search.fill('');
      await expect.poll(async () => (await locations(page).names()).length, WAIT).toBeGreaterThanOrEqual(4);

      // Add: a latitude outside 24..49 is refused first.
      await page.getByRole('button', { name: 'Add Location' }).click();
      await page.waitForURL((url) => url.pathname === '/location-form');
      await page.getByRole('heading', { name: 'Add Location', level: 1 }).waitFor();
      await captureScreen(page, 'location-form-add-owner');
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Latitude').fill('60');
      await page.getByLabel('Longitude').fill('-95.5');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectText(page, 'Latitude must be between 24 and 49 degrees');
      await expectAccessible(page);
      expect(pathOf(page)).toBe('/location-form');

      await page.getByLabel('Latitude').fill('29.9');
      await page.getByLabel('24 Hour Threshold').selectOption('1');
      await page.getByLabel('RapidRain Threshold').selectOption('0.25');
      await saveLocationForm(page);
      await locations(page).waitForRow(name);
      expect(await locations(page).rowOf(name)).toEqual([name, '', '29.9', '-95.5', '1', '0.25', '']);

      // Edit: the coordinates cannot change, the rest can.
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      await page.getByRole('heading', { name: 'Edit Location', level: 1 }).waitFor();
      expect(await page.getByLabel('Latitude').isDisabled()).toBe(true);
      expect(await page.getByLabel('Longitude').isDisabled()).toBe(true);
      expect(await page.getByLabel('Latitude').inputValue()).toBe('29.9');
      expect(await page.getByRole('link', { name: 'Assign Contacts' }).getAttribute('href')).toBe(
        '/assignments',
      );
      await captureScreen(page, 'location-form-edit-owner');
      await page.getByLabel('Name').fill(renamed);
      await page.getByLabel('24 Hour Threshold').selectOption('2');
      await saveLocationForm(page);
      await locations(page).waitForRow(renamed);
      expect(await locations(page).rowOf(renamed)).toEqual([renamed, '', '29.9', '-95.5', '2', '0.25', '']);
      expect(await locations(page).names()).not.toContain(name);

      // Delete asks first; Cancel keeps the location.
      await page.getByRole('button', { name: `Delete ${renamed}` }).click();
      expect(await answerConfirmation(page, 'Cancel')).toContain(
        `Delete the location “${renamed}”?Are you sure you want to delete this location?`,
      );
      expect(await locations(page).names()).toContain(renamed);
      await page.getByRole('button', { name: `Delete ${renamed}` }).click();
      await captureScreen(page, 'confirm-delete-location', () => page.getByRole('dialog').waitFor());
      await answerConfirmation(page, 'Delete location');
      await expect.poll(() => locations(page).names(), WAIT).not.toContain(renamed);
      await page.reload();
      await locations(page).waitForRow('Houston');
      expect(await locations(page).names()).not.toContain(renamed);
    } finally {
      await deleteByApi('locations', token, (location) => location.startsWith(name));
      await page.context().close();
    }
  });

  it('imports location files as silver: a preview, the same file again, bad rows, other headers and a non-CSV file', async () => {
    const token = await apiToken(demo('silver'));
    const imported = (location: string) => location.startsWith(IMPORTED);
    await deleteByApi('locations', token, imported);
    const page = await signedInPage(browser, 'silver');
    try {
      await locations(page).open('Dallas');

      // A good file: its name and size, a preview with the new price, then every row imported.
      const upload = csvImport(page, 'Locations');
      const { dialog } = upload;
      await upload.choose('locations-good.csv');
      await dialog.waitFor();
      expect(await dialog.textContent()).toMatch(/File: locations-good\.csv \(\d+ bytes\)/);
      await captureScreen(page, 'location-import-chosen-silver');
      let outcome = await upload.process();
      expect(outcome).toContain('3 locations will be added');
      expect(outcome).toContain(
        'The monthly price goes from $18.00 to $36.00 (Silver: $18.00 per 5 locations per month).',
      );
      expect(
        await dialog.getByRole('table', { name: 'Rows to add' }).getByRole('row').allTextContents(),
      ).toEqual([
        'RowNameLatitudeLongitude24 Hour ThresholdRapidRain Threshold',
        '3E2E Import Alpha30.628-96.33440.50.25',
        '4E2E Import Bravo31.0982-97.342811',
        '5E2E Import Charlie29.8833-97.94140.750.5',
      ]);
      outcome = await upload.importPreviewed('silver');
      expect(outcome).toContain('All locations processed successfully!');
      expect(outcome).toContain('Locations added: 3');
      await locations(page).waitForRow('E2E Import Charlie');
      // rapidrain left out equals limit24; a positive longitude is stored west.
      expect(await locations(page).rowOf('E2E Import Alpha')).toEqual([
        'E2E Import Alpha',
        '',
        '30.628',
        '-96.3344',
        '0.5',
        '0.25',
        '',
      ]);
      expect(await locations(page).rowOf('E2E Import Bravo')).toEqual([
        'E2E Import Bravo',
        '',
        '31.0982',
        '-97.3428',
        '1',
        '1',
        '',
      ]);
      expect(await locations(page).rowOf('E2E Import Charlie')).toEqual([
        'E2E Import Charlie',
        '',
        '29.8833',
        '-97.9414',
        '0.75',
        '0.5',
        '',
      ]);

      // The same file again adds nothing, says so plainly, names the rows already there and offers no Import.
      await upload.choose('locations-good.csv');
      outcome = await upload.process();
      expect(outcome).toContain(
        'Nothing new in this file: all its locations are already in this account. Nothing was added.',
      );
      expect(await dialog.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);
      expect(
        await dialog
          .getByRole('list', { name: 'Rows already there' })
          .getByRole('listitem')
          .allTextContents(),
      ).toEqual([
        'Row 3: E2E Import Alpha is already in this account',
        'Row 4: E2E Import Bravo is already in this account',
        'Row 5: E2E Import Charlie is already in this account',
      ]);
      await screenshot(page, 'location-import-again-silver-desktop');
      await upload.close();
      expect(
        (await listByApi('locations', token)).filter((location) => imported(location.name)),
      ).toHaveLength(3);

      // A file with problems: every one listed with its row, and nothing imported.
      await upload.choose('locations-bad-rows.csv');
      outcome = await upload.process();
      expect(await upload.errors()).toEqual([
        'Row 3: Invalid latitude: 60.5. Latitude must be between 20 and 55 degrees.',
        'Row 4: Invalid limit24: 0.6. Must be one of 0.01, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4',
        'Row 5: Missing required field: name',
        'Row 6: Invalid longitude: -130. Longitude must be between -122 and -66 degrees',
        'Row 8: Too few fields: this row has 3, the header has 5 columns.',
        'Row 9: Too many fields: this row has 6, the header names 5 columns. A name with a comma needs double quotes around it.',
      ]);
      expect(outcome).toContain('Nothing was imported. Correct the file and choose it again.');
      await captureScreen(page, 'location-import-bad-rows-silver');
      await upload.close();
      expect((await locations(page).names()).filter(imported)).toHaveLength(3);

      // Columns are found by their names, in any order.
      await upload.choose('locations-other-headers.csv');
      expect(await upload.process()).toContain('1 location will be added');
      expect(await upload.confirm()).toContain('Locations added: 1');
      await upload.close();
      await locations(page).waitForRow('E2E Import Juliett');
      expect(await locations(page).rowOf('E2E Import Juliett')).toEqual([
        'E2E Import Juliett',
        '',
        '31.2',
        '-97.5',
        '1',
        '1',
        '',
      ]);

      // Only .csv files: the dialog does not open.
      await upload.choose('locations.txt');
      await expectText(page, 'Only .csv files are accepted');
      expect(await dialog.count()).toBe(0);
      await captureScreen(page, 'location-import-not-csv-silver');
      expect((await locations(page).names()).filter(imported)).toHaveLength(4);

      // The imported rows go together: ticked at once, one confirmation, one request.
      await locations(page).search.fill(IMPORTED);
      await locations(page).table.getByRole('checkbox', { name: 'Select the locations shown' }).check();
      const question = await locations(page).deleteTicked(4, 'location-bulk-delete-silver-desktop');
      expect(question).toContain('Are you sure you want to delete these 4 locations?');
      expect(question).toContain('Their rainfall history, alerts and assignments are deleted with them.');
      await expect.poll(() => locations(page).names(), WAIT).toEqual([]);
      expect((await listByApi('locations', token)).filter((location) => imported(location.name))).toEqual([]);
    } finally {
      await deleteByApi('locations', token, imported);
      await page.context().close();
    }
  }, 120_000);

  it('shows bronze the upgrade instead of a distinct RapidRain threshold, deleting or a bulk upload', async () => {
    const page = await signedInPage(browser, 'bronze');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await locations(page).open('Austin');
    const header = page.getByRole('columnheader', { name: /RapidRain Threshold/ });
    expect(await header.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/upgrade');
    await captureScreen(page, 'location-list-bronze', () => locations(page).waitForRow('Austin'));

    await page.getByRole('button', { name: 'Delete Austin' }).click();
    await expectText(page, UPGRADE);
    expect(dialogs).toEqual([]);
    await page.reload();
    await locations(page).waitForRow('Austin');
    expect(await locations(page).names()).toEqual(['Austin', 'San Antonio', 'Tyler']);

    await page.getByRole('button', { name: 'Upload Locations CSV' }).click();
    await expectText(page, TIER_TOO_LOW);
    await expectAccessible(page);

    // The form keeps RapidRain equal to the 24-hour threshold.
    await page.getByRole('button', { name: 'Edit Austin' }).click();
    await page.getByRole('heading', { name: 'Edit Location', level: 1 }).waitFor();
    expect(await page.getByLabel('RapidRain Threshold').isDisabled()).toBe(true);
    await expectText(page, `${UPGRADE}.`);
    await captureScreen(page, 'location-form-edit-bronze');
    await page.context().close();
  });

  it('gives a trial account no Add Location and refuses its bulk upload', async () => {
    const token = await apiToken(demo('trial'));
    const page = await signedInPage(browser, 'trial');
    try {
      await locations(page).open('Lubbock');
      const upload = csvImport(page, 'Locations');
      expect(await locations(page).names()).toEqual(['Lubbock']);
      expect(await page.getByRole('button', { name: 'Add Location' }).count()).toBe(0);
      await captureScreen(page, 'location-list-trial', () => locations(page).waitForRow('Lubbock'));

      await upload.choose('locations-good.csv');
      const outcome = await upload.process();
      expect(outcome).toContain('Trial accounts monitor one location. Upgrade to add more locations.');
      await upload.close();
      expect((await listByApi('locations', token)).map((location) => location.name)).toEqual(['Lubbock']);
    } finally {
      await deleteByApi('locations', token, (location) => location.startsWith(IMPORTED));
      await page.context().close();
    }
  });

  it('tells a plain contact that only the owner or a co-owner sees settings', async () => {
    const page = await signedInPage(browser, 'contact');
    expect((await mainNavLinks(page)).map((link) => link.label)).not.toContain('Settings');
    await locations(page).open();
    await expectText(page, OWNERS_ONLY);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add Location' }).count()).toBe(0);
    await captureScreen(page, 'location-list-contact', () => expectText(page, OWNERS_ONLY));
    await page.context().close();
  });

  it('keeps the location list usable at phone width', async () => {
    const page = await signedInPage(browser, 'gold', 'phone');
    await locations(page).open('Houston');
    // Coordinates are left out; the thresholds and actions stay.
    expect(await page.getByRole('columnheader', { name: 'Latitude' }).count()).toBe(0);
    await expectInsideWindow(page.getByRole('button', { name: 'Edit Houston' }));
    await expectInsideWindow(page.getByRole('button', { name: 'Delete Houston' }));
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'location-list-owner-phone-only');
    await expectAccessible(page);
    // Rows are ticked on a phone too, and the bar's buttons are on screen.
    await locations(page).table.getByRole('checkbox', { name: 'Select Houston' }).check();
    const bar = page.getByRole('group', { name: 'Selected locations' });
    await expectText(page, '1 selected');
    await captureScreen(page, 'location-list-selected-owner', () => bar.waitFor());
    await expectInsideWindow(bar.getByRole('button', { name: 'Delete selected' }));
    await bar.getByRole('button', { name: 'Delete selected' }).click();
    expect(await answerConfirmation(page, 'Cancel')).toContain(
      'Are you sure you want to delete this location?',
    );
    await bar.getByRole('button', { name: 'Clear' }).click();
    await bar.waitFor({ ...WAIT, state: 'detached' });
    await page.getByRole('button', { name: 'Edit Houston' }).click();
    await page.getByRole('heading', { name: 'Edit Location', level: 1 }).waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.context().close();
  });
});

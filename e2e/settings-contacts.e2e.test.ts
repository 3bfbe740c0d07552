import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerConfirmation,
  apiToken,
  captureScreen,
  createByApi,
  deleteByApi,
  expectInsideWindow,
  expectNoSidewaysScroll,
  expectText,
  listByApi,
  pathOf,
  signedInPage,
  uniqueName,
  WAIT,
} from './support/app';
import { demo, expectAccessible, launchBrowser, screenshot, VIEWPORTS } from './support/browser';
import { csvImport, settingsList } from './support/settings-lists';

/** Every contact the import files name starts so; they are removed before and after. */
const IMPORTED = 'E2E Import';
const NOTIFICATION_TYPES = [
  'Daily Report',
  '24 Hour Threshold Exceeded',
  'Forecast',
  'NOAA Atlas 14 (24 Hour)',
  'NOAA Atlas 14 (1 Hour)',
  'NOAA Atlas 14 First Exceedance Only',
];

/** Under 600 px a contact's name cell also holds the e-mail address. */
const contacts = (page: Page) =>
  settingsList(page, 'Contacts', (table, name) => table.getByRole('cell').filter({ hasText: name }).first());

const settingsToggle = (page: Page) => page.getByRole('button', { name: 'Notification Settings' });

async function openNotificationSettings(page: Page): Promise<void> {
  await settingsToggle(page).click();
  await expect.poll(() => settingsToggle(page).getAttribute('aria-expanded'), WAIT).toBe('true');
  await page.getByRole('table', { name: 'Notifications by type' }).waitFor();
}

/** Each notification type's e-mail and SMS boxes, checked or not, by label. */
async function notificationBoxes(page: Page): Promise<Record<string, boolean>> {
  const boxes: Record<string, boolean> = {};
  for (const type of NOTIFICATION_TYPES) {
    for (const channel of ['e-mail', 'SMS']) {
      const label = `${type} by ${channel}`;
      boxes[label] = await page.getByRole('checkbox', { name: label, exact: true }).isChecked();
    }
  }
  return boxes;
}

const allOn = Object.fromEntries(
  NOTIFICATION_TYPES.flatMap((type) => [`${type} by e-mail`, `${type} by SMS`]).map((label) => [label, true]),
);

describe('settings: contacts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lets the owner search, add with notification settings, edit and delete a contact', async () => {
    const token = await apiToken(demo('gold'));
    const name = uniqueName('E2E Person');
    const renamed = `${name} Edited`;
    const email = `${name.replaceAll(' ', '.').toLowerCase()}@pluvio.example`;
    const page = await signedInPage(browser, 'gold');
    try {
      await contacts(page).open('Carl Contact');
      expect(await contacts(page).rowOf('Carl Contact')).toEqual([
        'Carl Contact',
        'contact@pluvio.example',
        '409-555-0105',
        '',
      ]);
      // No Account Name column for an owner.
      expect(await page.getByRole('columnheader', { name: 'Account Name' }).count()).toBe(0);
      await captureScreen(page, 'contact-list-owner', () => contacts(page).waitForRow('Carl Contact'));

      // Search by name, e-mail or phone digits.
      await contacts(page).search.fill('CORA');
      await expect.poll(() => contacts(page).names(), WAIT).toEqual(['Cora Coowner']);
      await contacts(page).search.fill('contact@pluvio');
      await expect.poll(() => contacts(page).names(), WAIT).toEqual(['Carl Contact']);
      await contacts(page).search.fill('(409) 555 0105');
      await expect.poll(() => contacts(page).names(), WAIT).toEqual(['Carl Contact']);
      await contacts(page).search.fill('');
      await expect.poll(async () => (await contacts(page).names()).length, WAIT).toBeGreaterThanOrEqual(2);

      // Add: the notification settings are folded away and all on for a new contact.
      await page.getByRole('button', { name: 'Add Contact' }).click();
      await page.getByRole('heading', { name: 'Add Contact', level: 1 }).waitFor();
      expect(await settingsToggle(page).getAttribute('aria-expanded')).toBe('false');
      await openNotificationSettings(page);
      expect(await page.getByRole('switch', { name: 'E-mail Notifications' }).isChecked()).toBe(true);
      expect(await page.getByRole('switch', { name: 'SMS Notifications' }).isChecked()).toBe(true);
      expect(await notificationBoxes(page)).toEqual(allOn);
      await captureScreen(page, 'contact-form-add-owner');

      await page.getByRole('button', { name: 'Save' }).click();
      await expectText(page, 'A name is required for this contact');
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Phone').fill('12');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectText(page, 'Please enter a valid phone number');
      await expectAccessible(page);

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone').fill('512-555-0177');
      await page.getByRole('checkbox', { name: 'Forecast by SMS', exact: true }).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectText(page, 'Contact updated Successfully');
      await page.waitForURL((url) => url.pathname === '/contact-list');
      await contacts(page).waitForRow(name);
      expect(await contacts(page).rowOf(name)).toEqual([name, email, '512-555-0177', '']);

      // Edit: the saved settings come back; the name changes.
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      await page.getByRole('heading', { name: 'Edit Contact', level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Assign Locations' }).getAttribute('href')).toBe(
        '/assign-locations',
      );
      await openNotificationSettings(page);
      expect(await notificationBoxes(page)).toEqual({ ...allOn, 'Forecast by SMS': false });
      await captureScreen(page, 'contact-form-edit-owner');
      await page.getByLabel('Name').fill(renamed);
      await page.getByRole('button', { name: 'Save' }).click();
      await expectText(page, 'Contact updated Successfully');
      await page.waitForURL((url) => url.pathname === '/contact-list');
      await contacts(page).waitForRow(renamed);
      expect(await contacts(page).names()).not.toContain(name);

      // Delete from the form, after the confirmation.
      await page.getByRole('button', { name: `Edit ${renamed}` }).click();
      await page.getByRole('heading', { name: 'Edit Contact', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Delete' }).click();
      expect(await answerConfirmation(page, 'Delete contact')).toContain(
        'Are you sure you want to delete this contact?',
      );
      await page.waitForURL((url) => url.pathname === '/contact-list');
      await contacts(page).waitForRow('Carl Contact');
      expect(await contacts(page).names()).not.toContain(renamed);
      expect((await listByApi('contacts', token)).map((contact) => contact.name)).not.toContain(renamed);
    } finally {
      await deleteByApi('contacts', token, (contact) => contact.startsWith(name));
      await page.context().close();
    }
  }, 120_000); // the longest journey of the suite: list, add, edit and delete, with screenshots at two widths

  it('imports contact files as silver: a bad row stops the import, a good file imports', async () => {
    const token = await apiToken(demo('silver'));
    const imported = (contact: string) => contact.startsWith(IMPORTED);
    const importedByApi = async () =>
      (await listByApi('contacts', token)).map((contact) => contact.name).filter(imported);
    await deleteByApi('contacts', token, imported);
    const page = await signedInPage(browser, 'silver');
    try {
      await contacts(page).open();
      await contacts(page).table.waitFor();
      const upload = csvImport(page, 'Contacts');

      // One bad row: every problem is listed and nothing is added.
      await upload.choose('contacts-bad-row.csv');
      await upload.dialog.waitFor();
      expect(await upload.dialog.textContent()).toMatch(/File: contacts-bad-row\.csv \(\d+ bytes\)/);
      const outcome = await upload.process();
      expect(await upload.errors()).toEqual([
        'Row 3: A valid address is required in order to create a contact login: not-an-address',
        'Row 4: Invalid phone number: 555-01',
      ]);
      expect(outcome).toContain('Nothing was imported. Correct the file and choose it again.');
      expect(outcome).not.toContain('Contacts added');
      await captureScreen(page, 'contact-import-bad-row-silver');
      await upload.close();
      expect(await importedByApi()).toEqual([]);
      expect((await contacts(page).names()).filter(imported)).toEqual([]);

      // A good file: a preview of its rows, then every row added.
      await upload.choose('contacts-good.csv');
      expect(await upload.process()).toContain('2 contacts will be added');
      expect(await upload.importPreviewed('silver')).toMatch(
        /All contacts uploaded successfully![\s\S]*Contacts added: 2/,
      );
      await contacts(page).waitForRow('E2E Import Contact Two');
      // Periods in the phone become hyphens; none leaves the value out.
      expect(await contacts(page).rowOf('E2E Import Contact One')).toEqual([
        'E2E Import Contact One',
        'e2e-import-one@pluvio.example',
        '512-555-0181',
        '',
      ]);
      expect(await contacts(page).rowOf('E2E Import Contact Two')).toEqual([
        'E2E Import Contact Two',
        '',
        '713-555-0182',
        '',
      ]);
      expect((await importedByApi()).sort()).toEqual(['E2E Import Contact One', 'E2E Import Contact Two']);

      // Only .csv files.
      await upload.choose('locations.txt');
      await expectText(page, 'Only .csv files are accepted');
      expect(await upload.dialog.count()).toBe(0);
    } finally {
      await deleteByApi('contacts', token, imported);
      await page.context().close();
    }
  });

  it('lets a co-owner open the settings tabs and edit a contact', async () => {
    const token = await apiToken(demo('gold'));
    const name = uniqueName('E2E Coowner Edit');
    await createByApi('contacts', token, { name, phone: '281-555-0166' });
    const page = await signedInPage(browser, 'coowner');
    try {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
      await contacts(page).waitForRow(name);
      expect(await page.getByRole('button', { name: 'Add Contact' }).isVisible()).toBe(true);
      await captureScreen(page, 'contact-list-coowner', () => contacts(page).waitForRow(name));

      const tabs = page.getByRole('tablist', { name: 'Settings' });
      expect(await tabs.getByRole('tab').allTextContents()).toEqual([
        'Modify Contacts',
        'Modify Locations',
        'Notifications',
        'Account',
      ]);
      const visits = [
        { tab: 'Modify Locations', path: '/location-list', heading: 'Locations', shows: 'Houston' },
        { tab: 'Notifications', path: '/settings-general', heading: 'Notifications', shows: 'Daily Report' },
        { tab: 'Account', path: '/client-form', heading: 'My Subscription', shows: 'Associated Accounts' },
        { tab: 'Modify Contacts', path: '/contact-list', heading: 'Contacts', shows: name },
      ];
      for (const visit of visits) {
        await tabs.getByRole('tab', { name: visit.tab }).click();
        await page.waitForURL((url) => url.pathname === visit.path);
        await page.getByRole('heading', { name: visit.heading, level: 1 }).waitFor();
        await expectText(page, visit.shows);
        expect(await tabs.getByRole('tab', { name: visit.tab }).getAttribute('aria-selected')).toBe('true');
        await expectAccessible(page);
      }

      await page.getByRole('button', { name: `Edit ${name}` }).click();
      await page.getByRole('heading', { name: 'Edit Contact', level: 1 }).waitFor();
      await expectAccessible(page);
      await page.getByLabel('Phone').fill('281-555-0167');
      await page.getByRole('button', { name: 'Save' }).click();
      await expectText(page, 'Contact updated Successfully');
      await page.waitForURL((url) => url.pathname === '/contact-list');
      await expect.poll(async () => (await contacts(page).rowOf(name))?.[2], WAIT).toBe('281-555-0167');
    } finally {
      await deleteByApi('contacts', token, (contact) => contact === name);
      await page.context().close();
    }
  });

  it("shows the superuser every account's contacts with the Account Name column and no Add Contact", async () => {
    const page = await signedInPage(browser, 'admin', 'desktop', '/admin');
    await contacts(page).open('Carl Contact');
    expect(await page.getByRole('columnheader', { name: 'Account Name' }).isVisible()).toBe(true);
    expect(await contacts(page).rowOf('Carl Contact')).toEqual([
      'Carl Contact',
      'Gulf Coast Builders',
      'contact@pluvio.example',
      '409-555-0105',
      '',
    ]);
    expect(await page.getByRole('button', { name: 'Add Contact' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Upload Contacts CSV' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Act as Carl Contact' }).isEnabled()).toBe(true);
    expect(await page.getByRole('tablist', { name: 'Settings' }).getByRole('tab').allTextContents()).toEqual([
      'Client Management',
      'Modify Contacts',
    ]);
    await captureScreen(page, 'contact-list-admin', () => contacts(page).waitForRow('Carl Contact'));

    // The form shows the contact's account, read-only, and no Assign Locations link.
    await page.getByRole('button', { name: 'Edit Carl Contact' }).click();
    await page.getByRole('heading', { name: 'Edit Contact', level: 1 }).waitFor();
    const accountName = page.getByLabel('Account Name');
    expect(await accountName.inputValue()).toBe('Gulf Coast Builders');
    expect(await accountName.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('link', { name: 'Assign Locations' }).count()).toBe(0);
    await captureScreen(page, 'contact-form-admin');
    await page.context().close();
  });

  it('deletes several ticked contacts after one confirmation, at desktop and phone width', async () => {
    const token = await apiToken(demo('gold'));
    const prefix = uniqueName('E2E Bulk');
    const chosen = (contact: string) => contact.startsWith(prefix);
    const names = ['A', 'B', 'C', 'D'].map((letter) => `${prefix} ${letter}`);
    for (const [i, name] of names.entries())
      await createByApi('contacts', token, { name, phone: `512-555-01${50 + i}` });
    const page = await signedInPage(browser, 'gold');
    try {
      await contacts(page).open(names[0]);
      await contacts(page).search.fill(prefix);
      await expect.poll(() => contacts(page).names(), WAIT).toEqual(names);

      // Desktop: the header's box ticks the page; one box is cleared again.
      await contacts(page).table.getByRole('checkbox', { name: 'Select the contacts shown' }).check();
      await contacts(page)
        .table.getByRole('checkbox', { name: `Select ${names[3]}` })
        .uncheck();
      const bar = page.getByRole('group', { name: 'Selected contacts' });
      await expectText(page, '3 selected');
      await captureScreen(page, 'contact-list-selected-owner', () => bar.waitFor());
      const question = await contacts(page).deleteTicked(3, 'contact-bulk-delete-confirm-desktop');
      expect(question).toContain('Are you sure you want to delete these 3 contacts?');
      expect(question).toContain('lose their location assignments');
      expect(question).toContain('Their logins stay');
      await expect.poll(() => contacts(page).names(), WAIT).toEqual([names[3]]);
      expect((await listByApi('contacts', token)).map((contact) => contact.name).filter(chosen)).toEqual([
        names[3],
      ]);

      // Phone: the row's box and the bar's buttons are on screen; a tap on the box does not open the row.
      await page.setViewportSize(VIEWPORTS.phone);
      const box = contacts(page).table.getByRole('checkbox', { name: `Select ${names[3]}` });
      await expectInsideWindow(box);
      await box.check();
      expect(pathOf(page)).toBe('/contact-list');
      await expectInsideWindow(bar.getByRole('button', { name: 'Delete selected' }));
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'contact-list-selected-owner-phone-only');
      expect(await contacts(page).deleteTicked(1, 'contact-bulk-delete-confirm-phone')).toContain(
        'Are you sure you want to delete this contact?',
      );
      await expect.poll(() => contacts(page).names(), WAIT).toEqual([]);
      expect((await listByApi('contacts', token)).filter((contact) => chosen(contact.name))).toEqual([]);
    } finally {
      await deleteByApi('contacts', token, chosen);
      await page.context().close();
    }
  }, 120_000);

  it('keeps the contact list usable at phone width', async () => {
    const page = await signedInPage(browser, 'gold', 'phone');
    await contacts(page).open('Carl Contact');
    await expectNoSidewaysScroll(page);
    await expectInsideWindow(page.getByRole('button', { name: 'Edit Carl Contact' }));
    await expectInsideWindow(page.getByRole('button', { name: 'Delete Carl Contact' }));
    // The e-mail address and phone sit under the name, beside the row's box; tapping the row opens the form.
    expect(await page.getByRole('columnheader', { name: 'Email' }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Phone' }).count()).toBe(0);
    await expectText(page, 'contact@pluvio.example');
    await expectText(page, '409-555-0105');
    await expectInsideWindow(contacts(page).table.getByRole('checkbox', { name: 'Select Carl Contact' }));
    await screenshot(page, 'contact-list-owner-phone-only');
    await expectAccessible(page);
    await page.getByRole('cell', { name: /^Carl Contact/ }).click();
    await page.getByRole('heading', { name: 'Edit Contact', level: 1 }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Carl Contact');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.context().close();
  });
});

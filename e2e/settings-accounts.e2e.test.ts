import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerConfirmation,
  api,
  apiToken,
  captureScreen,
  expectText,
  openScreen,
  signedInPage,
  tableRows,
  uniqueName,
  WAIT,
} from './support/app';
import { demo, expectAccessible, launchBrowser } from './support/browser';

const TIER_NOTICE = 'This feature is not available at your current service level. Click Here to Upgrade';
const OWNERS_ONLY =
  'Only the account owner or a co-owner can see these settings. Ask them if something here needs to change.';

const settingGroup = (page: Page, legend: string) => page.getByRole('group', { name: legend, exact: true });

/** Whether each switch of a settings group can be changed. */
const switchesEnabled = (group: Locator) =>
  group
    .getByRole('switch')
    .evaluateAll((inputs) => inputs.map((input) => !(input as HTMLInputElement).disabled));

/** The id of the signed-in user's active account, as the browser keeps it. */
const activeClientId = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').clients?.[0]?.id as number);

interface ClientSummary {
  id: number;
  account_name: string;
}

/** A text field by its label; a required field's label ends in ' *'. */
const textField = (page: Page, label: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });

const clientsTable = (page: Page) => page.getByRole('table');
const clientNames = async (page: Page) => (await tableRows(clientsTable(page))).map((row) => row[0] ?? '');
/** The different 'Status Account Type' pairs the list shows, such as 'Paid Gold'. */
const kinds = async (page: Page) =>
  [...new Set((await tableRows(clientsTable(page))).map((row) => `${row[1]} ${row[3]}`))].sort();

describe('settings: notifications and accounts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('saves a notification setting of the owner that survives a reload', async () => {
    const page = await signedInPage(browser, 'gold');
    const token = await apiToken(demo('gold'));
    const clientId = await activeClientId(page);
    const original = (await api<{ sort_by_rainfall: boolean }>(`/api/clients/${clientId}`, { token })).body
      .sort_by_rainfall;
    const sortByRainfall = () =>
      settingGroup(page, 'Daily Report').getByRole('switch', { name: 'Sort By Rainfall' });
    try {
      await openScreen(page, '/settings-general', 'Notifications');
      await expectText(page, /Notification settings of Gulf Coast Builders/);
      // Gold may change every group.
      for (const legend of [
        'Daily Report',
        'Threshold Notifications',
        'Forecast',
        'NOAA Atlas 14',
        'RapidRain',
      ]) {
        expect(await switchesEnabled(settingGroup(page, legend)), legend).not.toContain(false);
      }
      expect(await sortByRainfall().isChecked()).toBe(original);
      await captureScreen(page, 'settings-general-owner');

      await sortByRainfall().click();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectText(page, 'Settings updated Successfully');
      await page.reload();
      await expect.poll(() => sortByRainfall().isChecked(), WAIT).toBe(!original);

      await sortByRainfall().click();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectText(page, 'Settings updated Successfully');
      await page.reload();
      await expect.poll(() => sortByRainfall().isChecked(), WAIT).toBe(original);
    } finally {
      await api(`/api/clients/${clientId}`, { method: 'PATCH', token, json: { sort_by_rainfall: original } });
      await page.context().close();
    }
  });

  it('dims the Forecast, NOAA Atlas 14 and RapidRain settings for bronze', async () => {
    const page = await signedInPage(browser, 'bronze');
    await openScreen(page, '/settings-general', 'Notifications');
    await expectText(page, /Notification settings of Hill Country Farms/);
    for (const legend of ['Forecast', 'NOAA Atlas 14', 'RapidRain']) {
      const group = settingGroup(page, legend);
      expect(await group.textContent()).toContain(TIER_NOTICE);
      expect(await group.getByRole('link', { name: 'Click Here to Upgrade' }).getAttribute('href')).toBe(
        '/upgrade',
      );
      const enabled = await switchesEnabled(group);
      expect(enabled.length, legend).toBeGreaterThan(0);
      expect(enabled, legend).not.toContain(true);
    }
    for (const legend of ['Daily Report', 'Threshold Notifications']) {
      const group = settingGroup(page, legend);
      expect(await group.textContent()).not.toContain(TIER_NOTICE);
      expect(await switchesEnabled(group), legend).not.toContain(false);
    }
    await captureScreen(page, 'settings-general-bronze');
    await page.context().close();
  });

  it("shows the owner's own account as My Subscription", async () => {
    const page = await signedInPage(browser, 'gold');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('tablist', { name: 'Settings' }).getByRole('tab', { name: 'Account' }).click();
    await page.waitForURL((url) => url.pathname === '/client-form');
    await page.getByRole('heading', { name: 'My Subscription', level: 1 }).waitFor();
    const field = (label: string) => textField(page, label);
    await expect.poll(() => field('Account Name').inputValue(), WAIT).toBe('Gulf Coast Builders');
    expect(await field('Email').inputValue()).toBe('gold@pluvio.example');
    // Type, renewal day and last payment are shown, not changed.
    for (const [label, value] of [
      ['Account Type', 'Paid'],
      ['Renewal Day', '1'],
      ['Last Payment Status', 'paid'],
    ] as const) {
      expect(await field(label).inputValue(), label).toBe(value);
      expect(await field(label).getAttribute('readonly'), label).not.toBeNull();
    }
    expect(await page.getByRole('radio', { name: 'Gold' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Suspend Account' }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Manual Invoice' }).count()).toBe(0);
    await expectText(page, 'Please contact support to suspend or cancel your account.');
    await page.getByRole('heading', { name: 'Associated Accounts' }).waitFor();
    await expectText(page, 'No other active accounts.');
    await captureScreen(page, 'client-form-self-owner');

    await page.getByRole('button', { name: 'Save' }).click();
    await expectText(page, 'Successfully Updated');
    expect(await field('Account Name').inputValue()).toBe('Gulf Coast Builders');

    // Another level goes through the Upgrade page.
    await page.getByRole('radio', { name: 'Silver' }).click();
    await page.waitForURL((url) => url.pathname === '/upgrade');
    await page.context().close();
  });

  it('tells a plain contact that the settings screens are for the owner or a co-owner', async () => {
    const page = await signedInPage(browser, 'contact');
    for (const [path, title] of [
      ['/settings-general', 'Notifications'],
      ['/client-form', 'My Subscription'],
      ['/contact-list', 'Contacts'],
    ] as const) {
      await openScreen(page, path, title);
      await expectText(page, OWNERS_ONLY);
      expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
      expect(await page.getByRole('tablist', { name: 'Settings' }).count()).toBe(0);
      await expectAccessible(page);
    }
    await page.context().close();
  });

  it('lets the superuser filter, search, add, open and delete client accounts', async () => {
    const token = await apiToken(demo('admin'));
    const name = uniqueName('E2E Client');
    const page = await signedInPage(browser, 'admin', 'desktop', '/admin');
    try {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL((url) => url.pathname === '/settings-admin');
      await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
      const shown = page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ accounts$/ });
      await shown.waitFor();
      const total = Number((await shown.textContent())?.match(/of (\d+)/)?.[1]);
      expect(total).toBeGreaterThanOrEqual(16);
      expect(await page.getByRole('columnheader').allTextContents()).toEqual([
        'Account Name',
        'Status',
        'Locations',
        'Account Type',
        'Actions',
      ]);
      expect((await tableRows(clientsTable(page))).find((row) => row[0] === 'Gulf Coast Builders')).toEqual([
        'Gulf Coast Builders',
        'Paid',
        expect.stringMatching(/^\d+$/),
        'Gold',
        '',
      ]);
      await captureScreen(page, 'settings-admin');

      // The trial box shows trial accounts only; a tier box adds that tier's paying accounts.
      const filter = (label: string) => page.getByRole('checkbox', { name: label, exact: true });
      await filter('Trial').check();
      await expect.poll(() => kinds(page), WAIT).toEqual(['Trial Gold']);
      expect(await clientNames(page)).toContain('Panhandle Paving');
      await filter('Bronze').check();
      await expect.poll(() => kinds(page), WAIT).toEqual(['Free Bronze', 'Paid Bronze', 'Trial Gold']);
      expect(await clientNames(page)).toEqual(
        expect.arrayContaining(['Panhandle Paving', 'Hill Country Farms']),
      );
      await filter('Trial').uncheck();
      await filter('Bronze').uncheck();

      // The search looks at the name and the e-mail address.
      const search = page.getByRole('searchbox', { name: 'Search' });
      await search.fill('metroplex');
      await expect.poll(() => clientNames(page), WAIT).toEqual(['Metroplex Facilities']);
      await search.fill('GOLD@pluvio');
      await expect.poll(() => clientNames(page), WAIT).toEqual(['Gulf Coast Builders']);
      await expectText(page, `Showing 1 of ${total} accounts`);
      await expectAccessible(page);

      // An account's client form, with the account-type rules; Cancel leaves it as it was.
      await page.getByRole('button', { name: 'Edit Gulf Coast Builders' }).click();
      await page.getByRole('heading', { name: 'Edit Client', level: 1 }).waitFor();
      expect(await textField(page, 'Account Name').inputValue()).toBe('Gulf Coast Builders');
      const manualInvoice = page.getByRole('switch', { name: 'Manual Invoice' });
      expect(await manualInvoice.isChecked()).toBe(false);
      expect(await page.getByRole('switch', { name: 'Suspend Account' }).isChecked()).toBe(false);
      expect(await page.getByRole('radio', { name: 'Gold' }).isChecked()).toBe(true);
      await captureScreen(page, 'client-form-edit-admin');
      await page.getByRole('combobox', { name: 'Account Type' }).click();
      await page.getByRole('option', { name: 'Free' }).click();
      await expect.poll(() => manualInvoice.isChecked(), WAIT).toBe(true);
      await page.getByRole('combobox', { name: 'Account Type' }).click();
      await page.getByRole('option', { name: 'Paid' }).click();
      await expect.poll(() => manualInvoice.isChecked(), WAIT).toBe(false);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL((url) => url.pathname === '/settings-admin');

      // Add a client, find it, delete it after the confirmation.
      await page.getByRole('button', { name: 'Add Client' }).click();
      await page.getByRole('heading', { name: 'Add Client', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectText(page, 'Account name is required');
      await expectAccessible(page);
      await textField(page, 'Account Name').fill(name);
      await textField(page, 'Email').fill('e2e-client@pluvio.example');
      await textField(page, 'Phone').fill('512-555-0188');
      await page.getByRole('radio', { name: 'Silver' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectText(page, 'Successfully Updated');
      await page.waitForURL((url) => url.pathname === '/settings-admin');
      await page.getByRole('searchbox', { name: 'Search' }).fill(name);
      await expect
        .poll(async () => (await tableRows(clientsTable(page)))[0], WAIT)
        .toEqual([name, 'Paid', '0', 'Silver', '']);
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      expect(await answerConfirmation(page, 'Delete account')).toContain(
        'Are you sure you want to delete this client?',
      );
      await expect.poll(() => clientNames(page), WAIT).toEqual([]);
    } finally {
      const clients = await api<ClientSummary[]>('/api/clients/?page=1&page_size=250', { token });
      for (const client of clients.body.filter((candidate) => candidate.account_name === name)) {
        await api(`/api/clients/${client.id}?client_id=${client.id}`, { method: 'DELETE', token });
      }
      await page.context().close();
    }
  });
});

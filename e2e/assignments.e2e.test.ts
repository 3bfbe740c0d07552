import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiToken,
  captureScreen,
  createByApi,
  deleteByApi,
  expectText,
  openScreen,
  signedInPage,
  uniqueName,
  WAIT,
} from './support/app';
import { demo, expectAccessible, launchBrowser } from './support/browser';

/** One step of the four-step flow, by its title (1. Choose a contact, ...). */
const step = (page: Page, title: RegExp) => page.getByRole('region', { name: title });

/** The 'n unassigned' and 'n assigned' counts of steps 2 and 4. */
async function counts(page: Page): Promise<{ unassigned: number; assigned: number }> {
  const number = async (title: RegExp, pattern: RegExp) =>
    Number((await step(page, title).textContent())?.match(pattern)?.[1]);
  return {
    unassigned: await number(/^2\. /, /(\d+) unassigned/),
    assigned: await number(/^4\. /, /(\d+) assigned/),
  };
}

/** Picks the subject of step 1 by typing part of its name into the searchable select. */
async function chooseSubject(page: Page, label: 'Contact' | 'Location', name: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await select.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

/** Ticks items of a checklist (step 2 or 4) by their shown text. */
async function tick(page: Page, list: string, items: string[]): Promise<void> {
  const group = page.getByRole('group', { name: list, exact: true });
  for (const item of items) await group.getByRole('checkbox', { name: item }).check();
}

/** The items a checklist shows, by their text. */
function itemsOf(page: Page, list: string): Promise<string[]> {
  return page
    .getByRole('group', { name: list, exact: true })
    .getByRole('checkbox')
    .evaluateAll((boxes) =>
      boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? ''),
    );
}

async function expectCounts(page: Page, expected: { unassigned: number; assigned: number }): Promise<void> {
  await expect.poll(() => counts(page), WAIT).toEqual(expected);
}

describe('assignments', () => {
  let browser: Browser;
  let token: string;
  const locationName = uniqueName('E2E Assign Site');
  const contactName = uniqueName('E2E Assign Person');
  const contactLabel = `${contactName} (281-555-0144)`;
  let locationId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken(demo('gold'));
    locationId = await createByApi('locations', token, {
      name: locationName,
      latitude: 29.55,
      longitude: -95.1,
      h24_threshold: 0.5,
    });
    await createByApi('contacts', token, { name: contactName, phone: '281-555-0144' });
  });
  afterAll(async () => {
    await deleteByApi('locations', token, (name) => name === locationName);
    await deleteByApi('contacts', token, (name) => name === contactName);
    await browser.close();
  });

  it('assigns locations to a contact and removes them, the counts following (owner)', async () => {
    const page = await signedInPage(browser, 'gold');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assignments' }).click();
    await page.getByRole('heading', { name: 'Assign Locations', level: 1 }).waitFor();
    await expectText(page, 'Choose a contact to see its locations.');

    // Nothing happens without a contact, then without a location.
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expectText(page, 'Please select a contact first.');
    await chooseSubject(page, 'Contact', contactName);
    await expectText(page, 'No locations assigned yet.');
    await expect.poll(() => itemsOf(page, 'Unassigned locations'), WAIT).toContain('Houston');
    const start = await counts(page);
    expect(start.assigned).toBe(0);
    expect(start.unassigned).toBeGreaterThanOrEqual(5);
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expectText(page, 'Please select at least one location.');
    await captureScreen(page, 'assign-locations-owner');

    await tick(page, 'Unassigned locations', [locationName, 'Beaumont']);
    await expectText(page, '2 selected');
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expectCounts(page, { unassigned: start.unassigned - 2, assigned: 2 });
    expect((await itemsOf(page, 'Assigned locations')).sort()).toEqual(['Beaumont', locationName].sort());
    // The selection clears after each change.
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /selected$/ })
        .allTextContents(),
    ).toEqual(['0 selected', '0 selected']);

    await tick(page, 'Assigned locations', ['Beaumont']);
    await page.getByRole('button', { name: 'Unassign' }).click();
    await expectCounts(page, { unassigned: start.unassigned - 1, assigned: 1 });
    expect(await itemsOf(page, 'Assigned locations')).toEqual([locationName]);
    await captureScreen(page, 'assign-locations-assigned-owner');
    await page.context().close();
  });

  it('assigns contacts to a location reached from its form, and removes them (owner)', async () => {
    const page = await signedInPage(browser, 'gold');
    // The location form links to Assign Contacts with the location already chosen.
    await openScreen(page, `/location-form?id=${locationId}`, 'Edit Location');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Assign Contacts' }).click();
    await page.getByRole('heading', { name: 'Assign Contacts', level: 1 }).waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Location', exact: true }).inputValue(), WAIT)
      .toBe(locationName);

    // The contact assigned in the other direction is there.
    await expect.poll(() => itemsOf(page, 'Assigned contacts'), WAIT).toEqual([contactLabel]);
    await expect
      .poll(() => itemsOf(page, 'Unassigned contacts'), WAIT)
      .toContain('Carl Contact (contact@pluvio.example)');
    const start = await counts(page);
    expect(start.assigned).toBe(1);
    await captureScreen(page, 'assignments-owner');

    await tick(page, 'Assigned contacts', [contactLabel]);
    await page.getByRole('button', { name: 'Unassign' }).click();
    await expectCounts(page, { unassigned: start.unassigned + 1, assigned: 0 });
    await expectText(page, 'No contacts assigned yet.');
    await page.getByRole('button', { name: 'Unassign' }).click();
    await expectText(page, 'Please select at least one contact.');

    // The checklist search narrows the unassigned contacts.
    await page.getByRole('searchbox', { name: 'Search unassigned contacts' }).fill(contactName.slice(-6));
    await expect.poll(() => itemsOf(page, 'Unassigned contacts'), WAIT).toEqual([contactLabel]);
    await tick(page, 'Unassigned contacts', [contactLabel]);
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expectCounts(page, { unassigned: start.unassigned, assigned: 1 });
    await page.context().close();
  });

  it("shows a co-owner the location's assigned contacts", async () => {
    const page = await signedInPage(browser, 'coowner');
    await openScreen(page, '/assignments', 'Assign Contacts');
    await chooseSubject(page, 'Location', 'Houston');
    await expect
      .poll(() => itemsOf(page, 'Assigned contacts'), WAIT)
      .toContain('Carl Contact (contact@pluvio.example)');
    await captureScreen(page, 'assignments-coowner');
    await page.context().close();
  });

  it('tells a plain contact that only the owner or a co-owner assigns', async () => {
    const page = await signedInPage(browser, 'contact');
    const managersOnly = 'Only the account owner or a co-owner can assign contacts and locations.';
    for (const [path, title] of [
      ['/assignments', 'Assign Contacts'],
      ['/assign-locations', 'Assign Locations'],
    ] as const) {
      await openScreen(page, path, title);
      await expectText(page, managersOnly);
      expect(await page.getByRole('button', { name: 'Assign', exact: true }).count()).toBe(0);
      await captureScreen(page, `${path.slice(1)}-contact`, () => expectText(page, managersOnly));
    }
    await page.context().close();
  });
});

import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  apiToken,
  captureScreen,
  expectText,
  newestMail,
  openScreen,
  signedInPage,
  uniqueName,
  WAIT,
} from './support/app';
import { demo, launchBrowser, screenshot, VIEWPORTS } from './support/browser';

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

/** The locations the demo assigns to contact@ (the first two of Gulf Coast Builders, demo seed). */
const CONTACT_LOCATIONS = ['Houston', 'Galveston'];

interface ListedEvent {
  id: number;
  location_name: string;
  ended_at: string | null;
  status: string;
}

/** The first event a demo user sees that `matches`, waiting (bounded) for the detection job to find one. */
async function listedEvent(user: string, matches: (event: ListedEvent) => boolean): Promise<ListedEvent> {
  const token = await apiToken(demo(user));
  const me = await api<{ primary_client_id: number }>('/users/me', { token });
  const address = `/api/storm-events?client_id=${me.body.primary_client_id}&page=1&page_size=50`;
  const deadline = Date.now() + EVENTS_APPEAR_MS;
  for (;;) {
    const { body } = await api<{ items?: ListedEvent[] }>(address, { token });
    const event = body.items?.find(matches);
    if (event) return event;
    if (Date.now() > deadline) throw new Error(`no storm event for ${user}@ appeared in 3 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

/** A phone camera's JPEG, made here: a green site photo with its EXIF time (New York) and GPS position. */
function sitePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#5b8c5a' } })
    .withExif({
      IFD2: { DateTimeOriginal: '2026:11:20 09:40:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '29/1 45/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '95/1 22/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

const inspectionDialog = (page: Page) => page.getByRole('dialog', { name: 'Record inspection' });

/** Records the inspection filled in the open form; answers its entry in the list, found by a text it holds. */
async function recordInspection(page: Page, holding: string): Promise<Locator> {
  const dialog = inspectionDialog(page);
  await dialog.getByRole('button', { name: 'Record inspection' }).click();
  await dialog.waitFor({ ...WAIT, state: 'hidden' });
  await expectText(page, 'Inspection recorded.');
  const listed = page
    .getByRole('list', { name: 'Inspections' })
    .getByRole('listitem')
    .filter({ hasText: holding });
  await listed.waitFor(WAIT);
  return listed;
}

/** The open form whole, at each width, in a window tall enough that the dialog does not scroll. */
async function screenshotWholeForm(page: Page): Promise<void> {
  for (const [name, { width }] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize({ width, height: 1600 });
    await screenshot(page, `inspection-form-whole-${name}`);
  }
  await page.setViewportSize(VIEWPORTS.phone);
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

  it('shows the demo storm open at Houston with the time its inspection will be due', {
    timeout: 240_000,
  }, async () => {
    const event = await listedEvent(
      'gold',
      (each) => each.location_name === 'Houston' && each.status === 'open',
    );
    const page = await signedInPage(browser, 'gold');
    await openScreen(page, `/storm-events/${event.id}`, 'Houston');
    const dueBy = page.getByText('Due by', { exact: true }).locator('xpath=following-sibling::*[1]');
    expect(await dueBy.textContent()).toMatch(
      /^[A-Z][a-z]{2} \d+, \d+:\d{2} [AP]M E[SD]T if no more rain falls$/,
    );
    await captureScreen(page, 'storm-event-open');

    // The dashboard's heading links the selected site's pending event (reachable by keyboard).
    await page.goto('/dashboard');
    await page
      .getByRole('listbox', { name: 'Locations' })
      .getByRole('option', { name: /Houston/ })
      .click({ position: { x: 12, y: 12 } });
    const eventLink = page.getByRole('link', { name: 'Storm open: open the storm event' });
    await eventLink.waitFor(WAIT);
    await screenshot(page, 'dashboard-storm-link-desktop');
    await eventLink.click();
    await page.waitForURL(new RegExp(`/storm-events/${event.id}$`));
    await page.context().close();
  });

  it('lets an assigned contact record an inspection on a phone', { timeout: 240_000 }, async () => {
    const event = await listedEvent(
      'contact',
      (each) => CONTACT_LOCATIONS.includes(each.location_name) && each.status !== 'removed',
    );
    const bmp = uniqueName('Silt fence');
    const page = await signedInPage(browser, 'contact', 'phone');
    await openScreen(page, `/storm-events/${event.id}`, event.location_name);
    await page.getByRole('button', { name: 'Record inspection' }).click();
    const dialog = inspectionDialog(page);
    await dialog.waitFor(WAIT);
    await dialog.getByRole('combobox', { name: 'BMP 1' }).fill(bmp);
    await dialog.getByLabel('Findings').fill('Sediment behind the fence along the north edge.');
    await dialog.getByRole('button', { name: 'Add corrective action' }).click();
    const action = dialog.getByRole('group', { name: 'Corrective action 1' });
    await action.getByLabel('Description').fill('Clean out the sediment and re-stake the fence');
    await action.getByLabel('Due date').fill('2026-12-04');
    await dialog
      .getByLabel('Add photos')
      .setInputFiles({ name: 'north-fence.jpg', mimeType: 'image/jpeg', buffer: await sitePhoto() });
    await dialog.getByRole('img', { name: 'north-fence.jpg' }).waitFor(WAIT);
    await expectText(page, '1 of 20');
    await captureScreen(page, 'inspection-form', (shown) => inspectionDialog(shown).waitFor(WAIT));
    await screenshotWholeForm(page);

    const listed = await recordInspection(page, bmp);
    expect(await listed.textContent()).toContain('Clean out the sediment and re-stake the fence');
    const preview = listed.getByRole('img', { name: 'north-fence.jpg' });
    await preview.waitFor(WAIT);
    expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
    expect(await listed.textContent()).toContain('Taken Nov 20, 9:40 AM EST · 29.75000, -95.36667');
    if (event.ended_at) await page.getByText('Inspected', { exact: true }).first().waitFor(WAIT);
    await captureScreen(page, 'storm-event-inspection', (shown) => listed.waitFor(WAIT).then(() => shown));
  });

  it("tells gold@ that Beaumont's routine inspection is overdue, lists it first and links it from the dashboard", {
    timeout: 240_000,
  }, async () => {
    // The notices job runs every minute once the worker is up.
    await newestMail(demo('gold'), 'Pluvio: Routine inspection overdue: Beaumont', 120_000);
    const page = await signedInPage(browser, 'gold', 'desktop');
    await openScreen(page, '/storm-events', 'Storm Events');
    const schedule = page.getByRole('table', { name: 'Routine inspections' });
    const first = schedule.getByRole('row').nth(1);
    await first.waitFor(WAIT);
    expect(await first.textContent()).toMatch(/^Beaumont\s*Routine overdue\s*Every 7 days/);
    await captureScreen(page, 'routine-schedule', (shown) =>
      shown.getByRole('heading', { name: 'Routine inspections' }).waitFor(WAIT),
    );

    // Without a pending storm event at Beaumont the dashboard's heading links its routine page.
    await page.goto('/dashboard');
    await page
      .getByRole('listbox', { name: 'Locations' })
      .getByRole('option', { name: /Beaumont/ })
      .click({ position: { x: 12, y: 12 } });
    // The simulator's own weather may have opened a storm event there, which the heading links first.
    const link = page.getByRole('link', { name: /: open the (routine inspections|storm event)$/ });
    await link.waitFor(WAIT);
    if ((await link.textContent()) === 'Routine overdue: open the routine inspections') {
      await link.click();
      await page.getByRole('heading', { name: 'Beaumont', level: 1 }).waitFor(WAIT);
    }
    await page.context().close();
  });

  it('lets contact@ record a routine inspection at Houston on a phone, then shows it as the last one', {
    timeout: 120_000,
  }, async () => {
    const page = await signedInPage(browser, 'contact', 'phone');
    await openScreen(page, '/storm-events', 'Storm Events');
    await page
      .getByRole('list', { name: 'Routine inspections' })
      .getByRole('link', { name: /^Houston: / })
      .click();
    await page.waitForURL(/\/storm-events\/routine\/\d+$/);
    await page.getByRole('heading', { name: 'Houston', level: 1 }).waitFor(WAIT);
    const findings = uniqueName('Weekly walk: fences and inlets in place');
    await page.getByRole('button', { name: 'Record inspection' }).click();
    const dialog = inspectionDialog(page);
    await dialog.waitFor(WAIT);
    await dialog.getByLabel('Findings').fill(findings);
    const listed = await recordInspection(page, findings);
    expect(await listed.textContent()).toContain('Routine inspection');
    await expectText(page, / by Carl Contact$/);
    await captureScreen(page, 'routine-inspections-page', (shown) => listed.waitFor(WAIT).then(() => shown));
    await page.context().close();
  });
});

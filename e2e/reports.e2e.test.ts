import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  apiToken,
  captureScreen,
  expectNoSidewaysScroll,
  expectText,
  listByApi,
  signedInPage,
  WAIT,
} from './support/app';
import { baseUrl, demo, expectAccessible, launchBrowser, screenshot, VIEWPORTS } from './support/browser';

const SUBMITTED = 'Report job submitted successfully!';
const CHECK_EMAIL = 'Please check your email for the report.';
const CHECK_DOWNLOADS = 'Check your browser downloads to see the file';
const ALREADY_PAID = 'Already paid for this period: no charge.';
const TIER_TOO_LOW = 'This feature is not available at your current service level';
/** A report job renders on the worker, which shares the machine with the browser and server. */
const JOB_WAIT = { timeout: 90_000 } as const;
const TEST_TIMEOUT = 180_000;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The date in the product's time zone of an instant (now: today, as the Reports screen computes it). */
async function productToday(instant = new Date()): Promise<string> {
  const { body } = await api<{ time_zone: string }>('/api/config');
  return new Intl.DateTimeFormat('en-CA', { timeZone: body.time_zone }).format(instant);
}

/** The detection job finds the demo's storms within minutes of the server's start (storm-events.e2e.test.ts). */
const EVENTS_APPEAR_MS = 180_000;

interface ListedEvent {
  location_name: string;
  started_at: string;
  total: number;
  status: string;
}

/** A storm event of the account, waiting (bounded) for the detection job to find one. */
async function stormEventOf(token: string): Promise<ListedEvent> {
  const deadline = Date.now() + EVENTS_APPEAR_MS;
  for (;;) {
    const { body } = await api<{ items?: ListedEvent[] }>('/api/storm-events?page=1&page_size=50', { token });
    const event = body.items?.find((each) => each.status !== 'removed');
    if (event) return event;
    if (Date.now() > deadline) throw new Error('no storm event appeared in 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

function shiftDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/** 'November 2026' and 'Nov 1, 2026' of '2026-11': the monthly report's title and first day row. */
function monthWords(month: string): { name: string; firstDay: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const name = MONTHS[number - 1] ?? '';
  return { name: `${name} ${year}`, firstDay: `${name.slice(0, 3)} 1, ${year}` };
}

const reportFrame = (page: Page) => page.frameLocator('iframe[title="Report"]');
const resultArea = (page: Page) => page.getByRole('region', { name: 'Report result' });
const submitButton = (page: Page) =>
  page.getByRole('form', { name: 'Report' }).getByRole('button', {
    name: /^(View|Download|Email) Report$/,
  });

/** Polls until the report in the result frame shows every text. */
async function expectInReport(page: Page, texts: string[]): Promise<void> {
  for (const text of texts)
    await expect
      .poll(
        async () => {
          const body = reportFrame(page).locator('body');
          return (await body.count()) > 0 ? ((await body.textContent()) ?? '') : '';
        },
        { ...WAIT, message: `report shows ${text}` },
      )
      .toContain(text);
}

/** Picks options of one of the form's multi-selects, then closes its list. */
async function pick(page: Page, label: string, options: string[]): Promise<void> {
  const select = page.getByRole('combobox', { name: label, exact: true });
  for (const option of options) {
    await select.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await select.press('Escape');
}

/** Submits the form with the button's expected words. */
async function submit(page: Page, words: 'View Report' | 'Download Report' | 'Email Report'): Promise<void> {
  const button = submitButton(page);
  expect(await button.textContent()).toBe(words);
  await button.click();
}

/** Waits for the blue box of a finished report job and returns its task id. */
async function finishedTask(page: Page): Promise<string> {
  const box = resultArea(page).getByRole('status').filter({ hasText: SUBMITTED });
  await box.first().waitFor(WAIT);
  const taskId = (await box.first().textContent())?.match(/Task ID: ([0-9a-f-]{36})/)?.[1];
  expect(taskId, 'task id in the result').toBeTruthy();
  await box.filter({ hasText: CHECK_EMAIL }).waitFor(JOB_WAIT);
  return taskId as string;
}

/** GET a file through the API with a bearer token, as bytes. */
async function download(address: string, token: string): Promise<Buffer> {
  const response = await fetch(`${baseUrl()}${address}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status, address).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The text of a PDF through poppler's pdftotext, or null where it is not installed. */
function pdfText(pdf: Buffer): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pluvio-report-'));
  const file = path.join(dir, 'report.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function openReports(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await page.waitForURL((url) => url.pathname === '/reports');
  await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
  await page.getByRole('form', { name: 'Report' }).waitFor();
}

describe('reports', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it(
    'lets a gold owner view a monthly report, e-mail a PDF of three locations and the admin find it in the mail viewer',
    async () => {
      const month = (await productToday()).slice(0, 7);
      const { name: monthName, firstDay } = monthWords(month);
      const page = await signedInPage(browser, 'gold');
      const admin = await signedInPage(browser, 'admin', 'desktop', '/admin');
      try {
        await openReports(page);
        expect(await page.getByLabel('Report type').inputValue()).toBe('monthly');
        expect(await page.getByLabel('Month').inputValue()).toBe(month);
        expect(await page.getByLabel('Format').inputValue()).toBe('html');

        // One location in HTML: shown at once in the result frame.
        await pick(page, 'Locations', ['Houston']);
        await submit(page, 'View Report');
        await expectInReport(page, [`Monthly Rainfall Report — ${monthName}`, 'Houston', firstDay]);
        await captureScreen(page, 'reports-view', () => expectInReport(page, ['Houston']));

        // Three locations as a PDF to his own address: a job whose file is e-mailed.
        await page.getByLabel('Format').selectOption('pdf');
        await pick(page, 'Locations', ['Galveston', 'Beaumont']);
        await pick(page, 'Email To', [`Gail Gold (${demo('gold')})`]);
        await submit(page, 'Email Report');
        const taskId = await finishedTask(page);
        await expectText(page, `Task ID: ${taskId}`);
        await captureScreen(page, 'reports-emailed');

        const goldToken = await apiToken(demo('gold'));
        const task = await api<{ status: string; format: string; message_ids: number[] }>(
          `/api/tasks/${taskId}`,
          { token: goldToken },
        );
        expect(task.status).toBe(200);
        expect(task.body.status).toBe('done');
        expect(task.body.format).toBe('pdf');
        expect(task.body.message_ids).toHaveLength(1);
        const messageId = task.body.message_ids[0] as number;

        // The administrator opens that e-mail in the mail viewer: to gold@, with the PDF attached.
        await admin.goto(`/admin/mail?message=${messageId}`);
        const message = admin.getByRole('article');
        await message.waitFor(WAIT);
        await expect.poll(() => message.textContent(), WAIT).toContain(`To: ${demo('gold')}`);
        const detail = (await message.textContent()) ?? '';
        expect(detail).toContain('Monthly Rainfall Report');
        expect(detail).toMatch(/Attachment: \S+\.pdf \(application\/pdf, [\d.]+ KB\)/);
        expect(await admin.locator('[aria-current="true"]').textContent()).toContain(demo('gold'));
        await captureScreen(admin, 'reports-mail-attachment');

        const adminToken = await apiToken(demo('admin'));
        const pdf = await download(`/api/admin/outbox/${messageId}/attachment`, adminToken);
        expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
        fs.writeFileSync(path.resolve(import.meta.dirname, 'output/reports-emailed.pdf'), pdf);
        expect(pdf.length).toBeGreaterThan(5_000);
        const text = pdfText(pdf);
        if (text !== null) {
          for (const location of ['Houston', 'Galveston', 'Beaumont']) expect(text).toContain(location);
          expect(text).not.toContain('Corpus Christi');
          expect(text).toContain(monthName);
        }
      } finally {
        await page.context().close();
        await admin.context().close();
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'lets a gold owner run the permit report and see a storm event of a location in the page',
    async () => {
      const event = await stormEventOf(await apiToken(demo('gold')));
      const from = await productToday(new Date(event.started_at));
      const page = await signedInPage(browser, 'gold');
      try {
        await openReports(page);
        await page.getByLabel('Report type').selectOption('permit');
        await page.getByLabel('From date').fill(from);
        await pick(page, 'Locations', [event.location_name]);
        await captureScreen(page, 'reports-permit-form');
        await submit(page, 'View Report');
        const shown = ['Storm Events and Inspections', `${event.location_name}: storm events`];
        await expectInReport(page, [...shown, event.total.toFixed(2), 'Pass ']);
        await captureScreen(page, 'reports-permit-view', () => expectInReport(page, shown));
      } finally {
        await page.context().close();
      }
    },
    EVENTS_APPEAR_MS + TEST_TIMEOUT,
  );

  it(
    'shows bronze the tier notice for Custom and lets it view last month, not this one',
    async () => {
      const month = (await productToday()).slice(0, 7);
      const lastMonth = previousMonth(month);
      const { name: lastMonthName, firstDay } = monthWords(lastMonth);
      const page = await signedInPage(browser, 'bronze');
      try {
        await openReports(page);
        await page.getByLabel('Report type').selectOption('daily');
        await expectText(page, TIER_TOO_LOW);
        const form = page.getByRole('form', { name: 'Report' });
        expect(await form.getByRole('link', { name: 'Click Here to Upgrade' }).getAttribute('href')).toBe(
          '/upgrade',
        );
        expect(await submitButton(page).count()).toBe(0);
        await captureScreen(page, 'reports-bronze-notice', () => expectText(page, TIER_TOO_LOW));

        await page.getByLabel('Report type').selectOption('monthly');
        const monthPicker = page.getByLabel('Month');
        expect(await monthPicker.getAttribute('max')).toBe(lastMonth);
        expect(await monthPicker.inputValue()).toBe(lastMonth);
        await pick(page, 'Locations', ['Austin']);
        await submit(page, 'View Report');
        await expectInReport(page, [`Monthly Rainfall Report — ${lastMonthName}`, 'Austin', firstDay]);
        await expectAccessible(page);
      } finally {
        await page.context().close();
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'gives the superuser the delivery reports: SMS and rejected e-mails viewed, the e-mail report e-mailed as Excel',
    async () => {
      const today = await productToday();
      const page = await signedInPage(browser, 'admin', 'desktop', '/admin');
      try {
        await openReports(page);
        expect(await page.getByLabel('Report type').inputValue()).toBe('sms');
        expect(await page.getByLabel('To date').inputValue()).toBe(today);
        expect(await page.getByRole('combobox', { name: 'Locations' }).count()).toBe(0);
        expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('all');

        await submit(page, 'View Report');
        await expectInReport(page, ['SMS Delivery Report']);

        // Rejected E-mails starts with today as its to date and no from date (part 2 §4).
        await page.getByLabel('Report type').selectOption('emails');
        expect(await page.getByLabel('From date').inputValue()).toBe('');
        await page.getByLabel('From date').fill(shiftDays(today, -7));
        await submit(page, 'View Report');
        await expectInReport(page, ['E-mail Delivery Report']);

        await page.getByLabel('Format').selectOption('excel');
        await pick(page, 'Email To', [`Ada Admin (${demo('admin')})`]);
        await submit(page, 'Email Report');
        await finishedTask(page);
        const mailLink = resultArea(page).getByRole('link', { name: /^Open e-mail \d+ in the mail viewer$/ });
        await mailLink.waitFor(WAIT);
        await captureScreen(page, 'reports-admin');

        await mailLink.click();
        await page.waitForURL((url) => url.pathname === '/admin/mail');
        const message = page.getByRole('article');
        await expect.poll(() => message.textContent(), WAIT).toContain(`To: ${demo('admin')}`);
        expect(await message.textContent()).toMatch(/E-mail Delivery Report[\s\S]*Attachment: \S+\.xlsx/);
      } finally {
        await page.context().close();
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'views a PDF and downloads an Excel file without e-mail, and charges a historical period once',
    async () => {
      const page = await signedInPage(browser, 'gold');
      try {
        await openReports(page);
        await page.getByLabel('Format').selectOption('pdf');
        await pick(page, 'Locations', ['Galveston']);
        await submit(page, 'View Report');
        const ready = resultArea(page).getByRole('status').filter({ hasText: SUBMITTED });
        await ready.getByText(/We are preparing the PDF file/).waitFor(WAIT);
        const open = resultArea(page).getByRole('link', { name: 'Open PDF' });
        await open.waitFor(JOB_WAIT);
        expect(await open.getAttribute('target')).toBe('_blank');
        await captureScreen(page, 'reports-pdf-ready', () => open.waitFor());
        const [pdfDownload] = await Promise.all([
          page.waitForEvent('download'),
          resultArea(page).getByRole('link', { name: 'Download PDF' }).click(),
        ]);
        const pdfFile = path.resolve(import.meta.dirname, 'output/reports-viewed.pdf');
        await pdfDownload.saveAs(pdfFile);
        const text = pdfText(fs.readFileSync(pdfFile));
        if (text !== null) expect(text).toContain('Galveston');

        // Excel of the same location: the file downloads by itself once ready.
        await page.getByLabel('Format').selectOption('excel');
        const saved = page.waitForEvent('download', JOB_WAIT);
        await submit(page, 'Download Report');
        expect((await saved).suggestedFilename()).toMatch(/\.xlsx$/);
        await expectText(page, CHECK_DOWNLOADS);

        // A historical period: the fee is said and confirmed once; the same period again is free.
        await page.getByLabel('Report type').selectOption('historical');
        await page.getByLabel('From date').fill('2023-01-01');
        await page.getByLabel('To date').fill('2023-01-03');
        await page.getByLabel('Format').selectOption('html');
        const fee = page.getByText(/^\$[\d.]+ will be charged to your account for this historical report\.$/);
        await fee.waitFor(WAIT);
        await page.getByRole('checkbox', { name: /charged a fee of/ }).check();
        await submit(page, 'View Report');
        await expectInReport(page, ['Historical Rainfall Report', 'Galveston']);

        await page.getByLabel('Format').selectOption('csv');
        await expectText(page, ALREADY_PAID);
        expect(await page.getByRole('checkbox', { name: /charged a fee of/ }).count()).toBe(0);
        const csv = page.waitForEvent('download', JOB_WAIT);
        await submit(page, 'Download Report');
        expect((await csv).suggestedFilename()).toMatch(/\.csv$/);
        await captureScreen(page, 'reports-already-paid', () => expectText(page, CHECK_DOWNLOADS));
      } finally {
        await page.context().close();
      }
    },
    TEST_TIMEOUT,
  );

  it(
    'groups the locations picker by category, keeps starred locations as favourites and links to Add location',
    async () => {
      const token = await apiToken(demo('gold'));
      const ids = new Map((await listByApi('locations', token)).map(({ id, name }) => [name, id]));
      const page = await signedInPage(browser, 'gold');
      try {
        await openReports(page);
        const select = page.getByRole('combobox', { name: 'Locations', exact: true });
        await select.click();
        const listbox = page.getByRole('listbox', { name: 'Locations' });
        await listbox.getByText('Job sites', { exact: true }).waitFor(WAIT);
        const demoSites = ['Galveston', 'Houston', 'Beaumont', 'Corpus Christi'];
        const options = await listbox.getByRole('option').allTextContents();
        // Job sites, then Yards, then the site in no category, last.
        expect(options.filter((name) => demoSites.includes(name))).toEqual(demoSites);
        const add = page.getByRole('link', { name: 'Add location' });
        expect(await add.getAttribute('href')).toBe('/location-form');
        await screenshot(page, 'reports-location-picker-desktop');
        await expectAccessible(page);
        await select.press('Escape');
        await screenshot(page, 'reports-location-picker-closed-desktop');

        await page.setViewportSize(VIEWPORTS.phone);
        await page.getByRole('button', { name: /^Locations / }).click();
        for (const site of ['Houston', 'Galveston']) {
          const star = page.getByRole('button', { name: `Favourite: ${site}` });
          await star.click();
          await expect.poll(() => star.getAttribute('aria-pressed'), WAIT).toBe('true');
        }
        await page.getByRole('switch', { name: 'Favourites only' }).check();
        expect(await page.getByRole('checkbox', { name: 'Beaumont', exact: true }).count()).toBe(0);
        await page.getByRole('checkbox', { name: 'Select all shown' }).check();
        await page.getByText('2 selected', { exact: true }).first().waitFor(WAIT);
        await screenshot(page, 'reports-location-picker-phone');
        await expectAccessible(page);
        await expectNoSidewaysScroll(page);

        const { body } = await api<{ location_ids: number[] }>('/api/locations/favourites', { token });
        expect(body.location_ids.sort()).toEqual([ids.get('Houston'), ids.get('Galveston')].sort());

        // Settings > Locations shows the categories and, on a wide screen, the same stars.
        await page.setViewportSize(VIEWPORTS.desktop);
        await page.goto('/location-list');
        const table = page.getByRole('table', { name: 'Locations' });
        await table.getByRole('button', { name: 'Favourite: Houston', pressed: true }).waitFor(WAIT);
        await captureScreen(page, 'settings-locations-categories', () =>
          table.getByText('Job sites').first().waitFor(WAIT),
        );
      } finally {
        for (const site of ['Houston', 'Galveston'])
          await api(`/api/locations/${ids.get(site)}/favourite`, { method: 'DELETE', token });
        await page.context().close();
      }
    },
    TEST_TIMEOUT,
  );
});

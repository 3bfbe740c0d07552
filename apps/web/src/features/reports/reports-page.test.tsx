import {
  feeWillBeCharged,
  historicalFeeConfirmation,
  REPORT_MESSAGES,
  REPORT_TYPE_LABELS,
  reportNextSteps,
  reportTypesFor,
} from '@pluvio/shared/reports';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_QUERY } from '../../lib/use-is-mobile';
import { buildClient, buildContact, buildLocation, buildUser } from '../../testing/fixtures';
import { stubMatchMedia } from '../../testing/match-media';
import { type FetchHandler, jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';
import { signInAs } from '../../testing/session';

const TODAY = new Date('2026-11-24T15:00:00Z');
const LOCATIONS = [buildLocation({ id: 1, name: 'North Yard' }), buildLocation({ id: 2, name: 'South Pit' })];
/** The account's locations with categories, and the caller's starred ones. */
const GROUPED = [
  buildLocation({ id: 1, name: 'North Yard', category: 'Yards' }),
  buildLocation({ id: 2, name: 'South Pit', category: 'Pits' }),
  buildLocation({ id: 3, name: 'Office' }),
  buildLocation({ id: 4, name: 'East Yard', category: 'Yards' }),
];
const FAVOURITE_IDS = [4, 3];
const CONTACTS = [
  buildContact({ id: 11, name: 'Ann Site', email: 'ann@example.com' }),
  buildContact({ id: 12, name: 'No Mail', email: null }),
];
const REPORT_HTML = '<html><body><h1 style="color:#123">North Yard, October 2026</h1></body></html>';

function task(overrides: Record<string, unknown> = {}) {
  return {
    task_id: 'task-1',
    type: 'monthly',
    format: 'csv',
    status: 'running',
    progress: 40,
    stage: 'Rendering the CSV',
    message_ids: [],
    error: null,
    file: null,
    fee: null,
    created_at: '2026-11-24T15:00:00Z',
    finished_at: null,
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/**
 * The API as the Reports screen sees it: the account's lists, the reports (HTML, CSV, jobs) and
 * the task, which runs on its first reading and is done (or `finish`) on the next.
 */
const FILES: Record<string, [string, string]> = {
  html: [REPORT_HTML, 'text/html; charset=utf-8'],
  pdf: ['%PDF-1.7', 'application/pdf'],
  csv: ['date,total\n', 'text/csv; charset=utf-8'],
  excel: ['PK', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
};
const EXTENSIONS: Record<string, string> = { html: 'html', pdf: 'pdf', csv: 'csv', excel: 'xlsx' };

function serveReports(
  answers: Partial<Record<'report' | 'job' | 'csv' | 'fee', () => Response>> = {},
  finish = task({ status: 'done', progress: 100, stage: 'Sent', message_ids: [7] }),
  locations = LOCATIONS,
) {
  const calls: Call[] = [];
  let taskReads = 0;
  const handler: FetchHandler = (url, init) => {
    const [path = '', search = ''] = url.split('?');
    const query = Object.fromEntries(new URLSearchParams(search));
    const method = init.method ?? 'GET';
    calls.push({ method, path, query, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (path === '/api/locations/') return jsonResponse(locations);
    if (path === '/api/locations/favourites') return jsonResponse({ location_ids: FAVOURITE_IDS });
    if (path.endsWith('/favourite')) return new Response(null, { status: 204 });
    if (path === '/api/contacts/') return jsonResponse(CONTACTS);
    if (path === '/api/tasks/task-1') {
      taskReads += 1;
      return jsonResponse(taskReads === 1 ? task() : finish);
    }
    if (path === '/api/tasks/task-1/file') {
      const [content, type] = FILES[finish.format as string] ?? ['', 'text/plain'];
      const filename = `pluvio-monthly-2026-11.${EXTENSIONS[finish.format as string]}`;
      return new Response(content, {
        headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${filename}"` },
      });
    }
    if (!path.startsWith('/api/reports/')) return jsonResponse({ detail: 'unexpected' }, 500);
    if (path.endsWith('/fee'))
      return answers.fee?.() ?? jsonResponse({ historical: true, fee: 25, already_paid: false });
    if (method === 'POST') return answers.job?.() ?? jsonResponse({ task_id: 'task-1' });
    if (query.format === 'csv')
      return (
        answers.csv?.() ??
        new Response('date,total\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="north-yard.csv"',
          },
        })
      );
    return answers.report?.() ?? new Response(REPORT_HTML, { headers: { 'Content-Type': 'text/html' } });
  };
  stubFetch(withConfig(handler));
  return calls;
}

type Tier = 'bronze' | 'silver' | 'gold';

function signIn(tier: Tier, overrides: Parameters<typeof buildUser>[0] = {}) {
  signInAs(buildUser({ clients: [buildClient({ tier })], ...overrides }));
}

function superuser() {
  signInAs(buildUser({ role: 'admin', is_superuser: true, clients: [buildClient({ tier: 'gold' })] }));
}

async function openReports(path = '/reports') {
  renderRoute(path);
  return screen.findByRole('form', { name: 'Report' });
}

/** Signs in the owner of a `viewer` account, or a superuser, and opens the Reports form at `path`. */
async function openReportsAs(viewer: Tier | 'superuser', path = '/reports') {
  if (viewer === 'superuser') superuser();
  else signIn(viewer);
  return openReports(path);
}

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function setDate(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

async function chooseType(label: string) {
  await userEvent.selectOptions(field('Report type'), label);
}

async function chooseFormat(label: string) {
  await userEvent.selectOptions(field('Format'), label);
}

async function pick(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

function submitButton() {
  return screen.getByRole('button', { name: /^(View|Download|Email) Report$/ });
}

function resultArea() {
  return within(screen.getByRole('region', { name: 'Report result' }));
}

/** The report requests made (the fee quotes apart). */
function reportCalls(calls: Call[], method: string) {
  return calls.filter(
    (call) => call.path.startsWith('/api/reports/') && !call.path.endsWith('/fee') && call.method === method,
  );
}

function feeCalls(calls: Call[]) {
  return calls.filter((call) => call.path.endsWith('/fee'));
}

/** The files the page handed to the browser's downloads, by name. */
const savedFiles: string[] = [];

describe('reports screen', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TODAY);
    savedFiles.splice(0);
    Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedFiles.push(this.download);
    });
  });

  it('opens on the monthly report of the month the level allows (part 2 §4, §5)', async () => {
    serveReports();
    await openReportsAs('bronze');
    expect(field('Report type').value).toBe('monthly');
    expect(field('Month').value).toBe('2026-10');
    expect(field('Month').max).toBe('2026-10');
    expect(field('Month').min).toBe('2024-11');
  });

  it('lets gold run the current month and holds silver to the previous one', async () => {
    serveReports();
    await openReportsAs('gold');
    expect(field('Month').value).toBe('2026-11');
    expect(field('Month').max).toBe('2026-11');
    cleanup();

    await openReportsAs('silver');
    expect(field('Month').value).toBe('2026-10');
    expect(field('Month').max).toBe('2026-10');
  });

  it('sets each type’s dates and keeps weekly at seven days back from the to date', async () => {
    serveReports();
    await openReportsAs('gold');
    await chooseType('Weekly');
    expect([field('From date').value, field('To date').value]).toEqual(['2026-11-17', '2026-11-24']);
    setDate('To date', '2026-11-20');
    expect(field('From date').value).toBe('2026-11-13');
    expect(field('To date').min).toBe('2024-11-01');
    expect(field('From date').min).toBe('2022-11-01');

    await chooseType('Custom');
    expect([field('From date').value, field('To date').value]).toEqual(['', '2026-11-24']);

    await chooseType('Historical');
    expect([field('From date').value, field('To date').value]).toEqual(['2022-11-01', '2024-10-31']);
    expect(field('To date').max).toBe('2024-10-31');
    expect(screen.getByText(REPORT_MESSAGES.historicalFeeNote)).toBeTruthy();
  });

  it('says what the button does: View Report, Download Report, or Email Report once recipients are chosen', async () => {
    serveReports();
    await openReportsAs('gold');
    expect(submitButton().textContent).toBe('View Report');
    await pick('Locations', 'North Yard');
    await pick('Locations', 'South Pit');
    expect(submitButton().textContent).toBe('View Report');
    await chooseFormat('PDF');
    expect(submitButton().textContent).toBe('View Report');
    await chooseFormat('CSV');
    expect(submitButton().textContent).toBe('Download Report');
    await chooseFormat('Excel');
    expect(submitButton().textContent).toBe('Download Report');
    await pick('Email To', 'Ann Site (ann@example.com)');
    expect(submitButton().textContent).toBe('Email Report');
  });

  it('says what is missing, in the order of the specification', async () => {
    const calls = serveReports();
    await openReportsAs('gold');
    await chooseType('Custom');
    setDate('From date', '');
    await userEvent.click(submitButton());
    expect(screen.getByRole('alert').textContent).toBe(REPORT_MESSAGES.selectLocation);

    await pick('Locations', 'North Yard');
    await userEvent.click(submitButton());
    expect(screen.getByRole('alert').textContent).toBe(REPORT_MESSAGES.bothDates);

    setDate('From date', '2024-10-01');
    await chooseFormat('HTML');
    expect(screen.getByText(REPORT_MESSAGES.historicalFeeNote)).toBeTruthy();
    await userEvent.click(submitButton());
    expect(screen.getByRole('alert').textContent).toBe(REPORT_MESSAGES.confirmHistorical);
    expect(reportCalls(calls, 'GET')).toHaveLength(0);
    expect(reportCalls(calls, 'POST')).toHaveLength(0);
  });

  it('shows the tier notice instead of the form for weekly, custom, RapidRain and the permit report below silver', async () => {
    serveReports();
    await openReportsAs('bronze');
    for (const type of ['Weekly', 'Custom', 'RapidRain', 'Storm events and inspections']) {
      await chooseType(type);
      expect(screen.getByText(/This feature is not available at your current service level/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Report$/ })).toBeNull();
    }
    await chooseType('Historical');
    expect(screen.queryByText(/This feature is not available/)).toBeNull();
  });

  it('gives superusers the system reports and no location picker on any report type', async () => {
    serveReports();
    await openReportsAs('superuser');
    const options = within(field('Report type')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      reportTypesFor(true).map((type) => REPORT_TYPE_LABELS[type]),
    );
    expect(options.map((option) => option.textContent)).not.toEqual(
      expect.arrayContaining(['Custom', 'Monthly', 'RapidRain']),
    );
    expect(field('Report type').value).toBe('sms');
    expect(field('Status').value).toBe('all');
    for (const type of ['SMS Sent/Rejected', 'Weekly', 'Historical', 'Unpaid Accounts']) {
      await chooseType(type);
      expect(screen.queryByRole('combobox', { name: 'Locations' })).toBeNull();
    }
    expect(screen.queryByLabelText('From date')).toBeNull();
  });

  it('runs a superuser’s weekly report over the whole account, with no location chosen', async () => {
    const calls = serveReports();
    await openReportsAs('superuser');
    await chooseType('Weekly');
    await userEvent.click(submitButton());
    await waitFor(() => expect(reportCalls(calls, 'POST')).toHaveLength(1));
    expect(screen.queryByText(REPORT_MESSAGES.selectLocation)).toBeNull();
    expect(reportCalls(calls, 'POST')[0]?.body).toMatchObject({ email_format: 'html', locations: [] });
  });

  it('opens on the report type a link asks for when the user may run it (the system health cards)', async () => {
    serveReports();
    await openReportsAs('superuser', '/reports?type=emails');
    expect(field('Report type').value).toBe('emails');
  });

  it('ignores a linked report type the user may not run', async () => {
    serveReports();
    await openReportsAs('gold', '/reports?type=emails');
    expect(field('Report type').value).toBe('monthly');
  });

  it('shows the superuser’s SMS report with the status filter and the misspelt sort parameter', async () => {
    const calls = serveReports();
    await openReportsAs('superuser');
    await userEvent.selectOptions(field('Status'), 'Failed');
    await userEvent.click(submitButton());
    await resultArea().findByTitle('Report');
    expect(reportCalls(calls, 'GET')[0]).toMatchObject({
      path: '/api/reports/sms',
      query: {
        format: 'html',
        status: 'failed',
        start_date: '2026-11-17',
        end_date: '2026-11-24',
        sort_field: 'queuedTime',
        sort_directin: 'desc',
      },
    });
  });

  it('drops typed addresses that are not e-mail addresses, with a note', async () => {
    const calls = serveReports();
    await openReportsAs('gold');
    await pick('Locations', 'North Yard');
    await chooseFormat('CSV');
    const extra = screen.getByRole('combobox', { name: 'Other e-mail addresses' });
    await userEvent.type(extra, 'bob@example.com,not-an-address,');
    expect(screen.getByText('Not an e-mail address, left out: not-an-address')).toBeTruthy();
    await userEvent.paste('carl@example.com; bad@');
    await userEvent.tab();
    expect(screen.getByText('Not an e-mail address, left out: bad@')).toBeTruthy();
    await userEvent.click(submitButton());
    expect(await resultArea().findByText(REPORT_MESSAGES.submitted)).toBeTruthy();
    expect(reportCalls(calls, 'POST')[0]?.body).toMatchObject({
      email_list: ['bob@example.com', 'carl@example.com'],
    });
  });

  it('offers the user’s own address and the contacts that have one as recipients', async () => {
    serveReports();
    await openReportsAs('gold');
    await userEvent.click(screen.getByRole('combobox', { name: 'Email To' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Jane Doe (jane@example.com)',
      'Ann Site (ann@example.com)',
    ]);
  });

  it('shows a single location’s report in the page at once and downloads it as CSV', async () => {
    const calls = serveReports();
    const scroll = vi.spyOn(window, 'scrollTo');
    await openReportsAs('gold');
    await pick('Locations', 'North Yard');
    await userEvent.click(submitButton());

    const frame = (await resultArea().findByTitle('Report')) as HTMLIFrameElement;
    expect(frame.getAttribute('srcdoc')).toBe(REPORT_HTML);
    expect(frame.getAttribute('sandbox')).toBe('allow-modals allow-same-origin');
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(reportCalls(calls, 'GET')[0]).toMatchObject({
      path: '/api/reports/data_by_date_range/2026-11-01/2026-11-30/1',
      query: { client_id: '10', report_type: 'monthly', format: 'html' },
    });
    expect(reportCalls(calls, 'POST')).toHaveLength(0);

    await userEvent.click(resultArea().getByRole('button', { name: 'Download CSV' }));
    expect(await resultArea().findByText(REPORT_MESSAGES.checkDownloads)).toBeTruthy();
    expect(savedFiles).toEqual(['north-yard.csv']);
    expect(reportCalls(calls, 'GET')[1]?.query.format).toBe('csv');
  });

  it('e-mails one location’s HTML report as a job and shows it once ready, saying it was sent', async () => {
    const calls = serveReports({}, task({ status: 'done', progress: 100, format: 'html', message_ids: [7] }));
    await openReportsAs('gold');
    await pick('Locations', 'North Yard');
    await pick('Email To', 'Ann Site (ann@example.com)');
    await userEvent.click(screen.getByRole('button', { name: 'Email Report' }));
    const frame = await resultArea().findByTitle('Report', {}, { timeout: 3000 });
    expect(frame.getAttribute('srcdoc')).toBe(REPORT_HTML);
    expect(resultArea().getByText(REPORT_MESSAGES.alsoSent)).toBeTruthy();
    expect(resultArea().getByRole('link', { name: 'Download HTML' }).getAttribute('download')).toBe(
      'pluvio-monthly-2026-11.html',
    );
    expect(reportCalls(calls, 'GET')).toHaveLength(0);
    expect(reportCalls(calls, 'POST')[0]?.body).toEqual({
      email_format: 'html',
      email_list: ['ann@example.com'],
      locations: [1],
    });
  });

  it('views a PDF without e-mailing it: says what happens next, then links the file to open or download', async () => {
    const calls = serveReports({}, task({ status: 'done', progress: 100, format: 'pdf' }));
    await openReportsAs('gold');
    await pick('Locations', 'North Yard');
    await chooseFormat('PDF');
    await userEvent.click(screen.getByRole('button', { name: 'View Report' }));

    expect(await resultArea().findByText(reportNextSteps('pdf', 0))).toBeTruthy();
    expect(resultArea().getByText(REPORT_MESSAGES.submitted)).toBeTruthy();
    expect(resultArea().getByText('Task ID: task-1')).toBeTruthy();
    const open = await resultArea().findByRole('link', { name: 'Open PDF' }, { timeout: 3000 });
    expect(open.getAttribute('href')).toBe('blob:report');
    expect(open.getAttribute('target')).toBe('_blank');
    const download = resultArea().getByRole('link', { name: 'Download PDF' });
    expect(download.getAttribute('download')).toBe('pluvio-monthly-2026-11.pdf');
    expect(resultArea().getByText('pluvio-monthly-2026-11.pdf')).toBeTruthy();
    expect(resultArea().getByText(REPORT_MESSAGES.ready)).toBeTruthy();
    expect(resultArea().queryByText(REPORT_MESSAGES.checkEmail)).toBeNull();
    expect(reportCalls(calls, 'GET')).toHaveLength(0);
    expect(reportCalls(calls, 'POST')[0]).toMatchObject({
      body: { email_format: 'pdf', email_list: [], locations: [1] },
    });
  });

  it('downloads a CSV of several locations by itself once it is ready, with a link to download it again', async () => {
    const calls = serveReports({}, task({ status: 'done', progress: 100, format: 'csv' }));
    await openReportsAs('gold');
    await pick('Locations', 'North Yard');
    await pick('Locations', 'South Pit');
    await chooseFormat('CSV');
    await userEvent.click(screen.getByRole('button', { name: 'Download Report' }));
    expect(await resultArea().findByText(REPORT_MESSAGES.checkDownloads, {}, { timeout: 3000 })).toBeTruthy();
    expect(savedFiles).toEqual(['pluvio-monthly-2026-11.csv']);
    expect(resultArea().getByRole('link', { name: REPORT_MESSAGES.downloadAgain })).toBeTruthy();
    expect(resultArea().getByText('pluvio-monthly-2026-11.csv')).toBeTruthy();
    expect(reportCalls(calls, 'POST')[0]?.body).toEqual({
      email_format: 'csv',
      email_list: [],
      locations: [1, 2],
    });
  });

  it('lets a shown report take its own height, read with the page’s scroll, not a box inside it', async () => {
    serveReports({}, task({ status: 'done', progress: 100, format: 'html' }));
    await openReportsAs('gold');
    await pick('Locations', 'North Yard');
    await userEvent.click(submitButton());
    const frame = (await resultArea().findByTitle('Report')) as HTMLIFrameElement;
    const page = frame.contentDocument?.documentElement as HTMLElement;
    Object.defineProperty(page, 'scrollHeight', { configurable: true, value: 2400 });
    fireEvent.load(frame);
    expect(frame.style.height).toBe('2400px');
    Object.defineProperty(page, 'scrollHeight', { configurable: true, value: 3100 });
    fireEvent(window, new Event('resize'));
    expect(frame.style.height).toBe('3100px');
  });

  it('e-mails a report as a job, with its progress until it is done and a link to the file', async () => {
    const calls = serveReports({}, task({ status: 'done', progress: 100, format: 'pdf', message_ids: [7] }));
    await openReportsAs('gold');
    await pick('Locations', 'North Yard');
    await pick('Locations', 'South Pit');
    await pick('Email To', 'Jane Doe (jane@example.com)');
    await chooseFormat('PDF');
    await userEvent.click(screen.getByRole('button', { name: 'Email Report' }));

    expect(await resultArea().findByText('Rendering the CSV')).toBeTruthy();
    expect(resultArea().getByText(reportNextSteps('pdf', 1))).toBeTruthy();
    expect(
      resultArea().getByRole('progressbar', { name: 'Report progress' }).getAttribute('aria-valuenow'),
    ).toBe('40');
    expect(await resultArea().findByText(REPORT_MESSAGES.checkEmail, {}, { timeout: 3000 })).toBeTruthy();
    expect(resultArea().getByText(REPORT_MESSAGES.submitted)).toBeTruthy();
    expect(resultArea().getByText('Task ID: task-1')).toBeTruthy();
    expect(await resultArea().findByRole('link', { name: 'Open PDF' })).toBeTruthy();
    expect(resultArea().queryByRole('link', { name: /mail viewer/ })).toBeNull();
    expect(reportCalls(calls, 'POST')[0]).toEqual({
      method: 'POST',
      path: '/api/reports/data_by_date_range/2026-11-01/2026-11-30',
      query: { client_id: '10', report_type: 'monthly' },
      body: { email_format: 'pdf', email_list: ['jane@example.com'], locations: [1, 2] },
    });
  });

  it('links a superuser to the report’s e-mails in the mail viewer', async () => {
    const calls = serveReports();
    await openReportsAs('superuser');
    await chooseType('Unpaid Accounts');
    await chooseFormat('Excel');
    await pick('Email To', 'Jane Doe (jane@example.com)');
    await userEvent.click(submitButton());
    const link = await resultArea().findByRole(
      'link',
      { name: 'Open e-mail 7 in the mail viewer' },
      { timeout: 3000 },
    );
    expect(link.getAttribute('href')).toBe('/admin/mail?message=7');
    expect(reportCalls(calls, 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/reports/unpaid',
        query: {},
        body: { email_format: 'excel', email_list: ['jane@example.com'] },
      },
    ]);
  });

  it('says what a historical report will be charged, asks to confirm it, and shows the prepared report', async () => {
    const calls = serveReports(
      {},
      task({ type: 'historical', format: 'html', status: 'done', progress: 100, fee: 25 }),
    );
    await openReportsAs('gold');
    await chooseType('Historical');
    await pick('Locations', 'North Yard');
    expect(await screen.findByText(feeWillBeCharged(25))).toBeTruthy();
    expect(feeCalls(calls).at(-1)).toMatchObject({
      path: '/api/reports/data_by_date_range/2022-11-01/2024-10-31/fee',
      query: { report_type: 'historical' },
      body: { locations: [1] },
    });
    await userEvent.click(submitButton());
    expect(screen.getByRole('alert').textContent).toBe(REPORT_MESSAGES.confirmHistorical);

    await userEvent.click(screen.getByLabelText(historicalFeeConfirmation(25)));
    await userEvent.click(submitButton());
    const frame = await resultArea().findByTitle('Report', {}, { timeout: 3000 });
    expect(frame.getAttribute('srcdoc')).toBe(REPORT_HTML);
    expect(resultArea().getByText('Task ID: task-1')).toBeTruthy();
    expect(reportCalls(calls, 'GET')).toHaveLength(0);
    expect(reportCalls(calls, 'POST')[0]).toMatchObject({
      path: '/api/reports/data_by_date_range/2022-11-01/2024-10-31',
      query: { report_type: 'historical' },
      body: { email_format: 'html', email_list: [], locations: [1], confirm_fee: true },
    });
  });

  it('runs the permit report of storm events and inspections from silver, never asking a historical fee', async () => {
    const calls = serveReports();
    await openReportsAs('silver');
    await chooseType('Storm events and inspections');
    expect(screen.queryByText(/This feature is not available/)).toBeNull();
    setDate('From date', '2024-10-01');
    setDate('To date', '2026-11-20');
    await pick('Locations', 'North Yard');
    expect(screen.queryByText(REPORT_MESSAGES.historicalFeeNote)).toBeNull();
    await userEvent.click(submitButton());

    expect(await resultArea().findByTitle('Report')).toBeTruthy();
    expect(reportCalls(calls, 'GET')[0]).toMatchObject({
      path: '/api/reports/permit_by_date_range/2024-10-01/2026-11-20/1',
      query: { format: 'html' },
    });
    expect(reportCalls(calls, 'GET')[0]?.query.report_type).toBeUndefined();
    expect(feeCalls(calls)).toHaveLength(0);
  });

  it('says a period already paid for costs nothing, and runs it without a fee confirmation, saying it gave none', async () => {
    const calls = serveReports(
      { fee: () => jsonResponse({ historical: true, fee: 0, already_paid: true }) },
      task({ type: 'historical', format: 'excel', status: 'done', progress: 100, fee: 0 }),
    );
    await openReportsAs('gold');
    await chooseType('Historical');
    await pick('Locations', 'North Yard');
    await chooseFormat('Excel');
    expect(await screen.findByText(REPORT_MESSAGES.alreadyPaid)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /charged a fee/ })).toBeNull();
    expect(screen.queryByText(feeWillBeCharged(25))).toBeNull();
    await userEvent.click(submitButton());
    expect(await resultArea().findByText(REPORT_MESSAGES.checkDownloads, {}, { timeout: 3000 })).toBeTruthy();
    expect(reportCalls(calls, 'POST')[0]?.body).toEqual({
      email_format: 'excel',
      email_list: [],
      locations: [1],
      confirm_fee: false,
    });
  });

  it('tells a plain contact that only the owner or a co-owner can charge a historical report', async () => {
    const calls = serveReports();
    signIn('gold', { role: 'contact', co_owner: false });
    await openReports();
    await chooseType('Historical');
    await pick('Locations', 'North Yard');
    expect(screen.getByText(REPORT_MESSAGES.historicalManagersOnly)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /charged a fee/ })).toBeNull();
    await userEvent.click(submitButton());
    expect(screen.getByRole('alert').textContent).toBe(REPORT_MESSAGES.historicalManagersOnly);
    expect(reportCalls(calls, 'POST')).toHaveLength(0);
  });

  it('says the location was not found when the report answers 404', async () => {
    serveReports({ report: () => jsonResponse({ detail: 'Not Found' }, 404) });
    await openReportsAs('gold');
    await pick('Locations', 'North Yard');
    await userEvent.click(submitButton());
    const box = await resultArea().findByRole('alert');
    expect(box.textContent).toBe(`${REPORT_MESSAGES.fetchFailed}${REPORT_MESSAGES.locationNotFound}`);
  });

  it('blames missing test data when the e-mail report fails', async () => {
    serveReports({ report: () => jsonResponse({ detail: 'No deliveries' }, 400) });
    await openReportsAs('superuser');
    await chooseType('Rejected E-mails');
    setDate('From date', '2026-11-01');
    await userEvent.click(submitButton());
    const box = await resultArea().findByRole('alert');
    expect(box.textContent).toBe(
      `${REPORT_MESSAGES.fetchFailed}No deliveries ${REPORT_MESSAGES.missingTestData}${REPORT_MESSAGES.tryLater}`,
    );
  });

  it('shows the server’s message when a job is refused or fails', async () => {
    serveReports({
      job: () =>
        jsonResponse(
          { detail: [{ loc: ['body', 'locations'], msg: 'Location 9 not found', type: 'x' }] },
          404,
        ),
    });
    await openReportsAs('gold');
    await pick('Locations', 'North Yard');
    await chooseFormat('CSV');
    await pick('Email To', 'Jane Doe (jane@example.com)');
    await userEvent.click(submitButton());
    expect((await resultArea().findByRole('alert')).textContent).toBe(
      `${REPORT_MESSAGES.submitFailed}Location 9 not found`,
    );
  });

  it('shows why a job failed', async () => {
    serveReports({}, task({ status: 'failed', error: 'The rainfall source did not answer' }));
    await openReportsAs('gold');
    await pick('Locations', 'North Yard');
    await chooseFormat('CSV');
    await pick('Email To', 'Jane Doe (jane@example.com)');
    await userEvent.click(submitButton());
    expect((await resultArea().findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      `${REPORT_MESSAGES.submitFailed}The rainfall source did not answer`,
    );
  });

  it('uses dropdown checklists with search and select-all on a phone', async () => {
    stubMatchMedia((query) => query === MOBILE_QUERY);
    serveReports();
    await openReportsAs('gold');
    expect(screen.queryByRole('region', { name: 'Report result' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Locations Choose locations' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search locations' }), 'pit');
    expect(within(screen.getByRole('group', { name: 'Locations' })).getAllByRole('checkbox')).toHaveLength(1);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search locations' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    expect(screen.getByRole('button', { name: 'Locations 2 selected' })).toBeTruthy();
    expect(submitButton().textContent).toBe('View Report');
  });

  describe('the locations picker (the generic list picker)', () => {
    const finished = task({ status: 'done', progress: 100, stage: 'Sent', message_ids: [7] });

    it('groups locations by category on a phone and stars or unstars them', async () => {
      stubMatchMedia((query) => query === MOBILE_QUERY);
      const calls = serveReports({}, finished, GROUPED);
      await openReportsAs('gold');
      await userEvent.click(screen.getByRole('button', { name: 'Locations Choose locations' }));
      const yards = await screen.findByRole('group', { name: 'Yards' });
      expect(
        within(yards)
          .getAllByRole('checkbox')
          .map((box) => box.getAttribute('value')),
      ).toEqual(['1', '4']);
      expect(screen.getByRole('group', { name: 'No category' })).toBeTruthy();

      await userEvent.click(screen.getByRole('button', { name: 'Favourite: North Yard' }));
      expect(calls.filter((call) => call.path.endsWith('/favourite'))).toMatchObject([
        { method: 'PUT', path: '/api/locations/1/favourite', query: { client_id: '10' } },
      ]);
      await userEvent.click(screen.getByRole('button', { name: 'Favourite: Office' }));
      expect(calls.filter((call) => call.path.endsWith('/favourite')).at(-1)).toMatchObject({
        method: 'DELETE',
        path: '/api/locations/3/favourite',
      });
    });

    it('with favourites only, select-all takes the starred locations alone', async () => {
      stubMatchMedia((query) => query === MOBILE_QUERY);
      serveReports({}, finished, GROUPED);
      await openReportsAs('gold');
      await userEvent.click(screen.getByRole('button', { name: 'Locations Choose locations' }));
      await screen.findByRole('group', { name: 'Yards' });
      await userEvent.click(screen.getByRole('switch', { name: 'Favourites only' }));
      expect(screen.queryByRole('checkbox', { name: 'North Yard' })).toBeNull();
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
      expect(screen.getByRole('button', { name: 'Locations 2 selected' })).toBeTruthy();
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search locations' }), 'east');
      expect(
        screen.getAllByRole('checkbox', { name: /Yard|Office|Pit/ }).map((box) => box.getAttribute('value')),
      ).toEqual(['4']);
    });

    it('offers grouped options, favourites only and Add location on a wide screen', async () => {
      serveReports({}, finished, GROUPED);
      await openReportsAs('gold');
      await userEvent.click(screen.getByRole('combobox', { name: 'Locations' }));
      const listbox = await screen.findByRole('listbox');
      expect(within(listbox).getByRole('group', { name: 'Yards' })).toBeTruthy();
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['South Pit', 'North Yard', 'East Yard', 'Office']);
      await userEvent.click(screen.getByRole('switch', { name: 'Favourites only' }));
      await userEvent.click(screen.getByRole('combobox', { name: 'Locations' }));
      expect(
        within(await screen.findByRole('listbox'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['East Yard', 'Office']);
      const selectAll = screen.getByRole('checkbox', { name: 'Select all locations' }) as HTMLInputElement;
      await userEvent.click(selectAll);
      expect(selectAll.checked).toBe(true);
      // Two of the four are chosen: with every location shown again the box is only partly ticked.
      await userEvent.click(screen.getByRole('switch', { name: 'Favourites only' }));
      expect(selectAll.checked).toBe(false);
      expect(selectAll.getAttribute('data-indeterminate')).toBe('true');
      expect(screen.getByRole('link', { name: 'Add location' }).getAttribute('href')).toBe('/location-form');
    });

    it('shows no Add location link to a plain contact', async () => {
      serveReports({}, finished, GROUPED);
      signIn('gold', { role: 'contact', co_owner: false });
      await openReports();
      await screen.findByRole('switch', { name: 'Favourites only' });
      expect(screen.queryByRole('link', { name: 'Add location' })).toBeNull();
    });
  });
});

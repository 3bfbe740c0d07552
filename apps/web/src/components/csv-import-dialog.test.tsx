import { CONTACT_MESSAGES } from '@pluvio/shared/contacts';
import {
  CSV_MESSAGES,
  EXAMPLE_LOCATIONS_CSV,
  type ImportResult,
  LOCATION_COLUMNS,
} from '@pluvio/shared/csv-import';
import { LOCATION_MESSAGES } from '@pluvio/shared/locations';
import { QUOTA_MESSAGES } from '@pluvio/shared/quotas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAccessToken, setUser } from '../lib/session';
import { buildClient, buildUser } from '../testing/fixtures';
import { type FetchHandler, jsonResponse, renderRoute, stubFetch, withConfig } from '../testing/render';

const user = userEvent.setup({ applyAccept: false });

function signIn() {
  setAccessToken('token-1');
  setUser(buildUser({ clients: [buildClient({ tier: 'gold' })] }));
}

/** Lists answer empty; the import calls go to `importCall`. */
function serve(importCall: FetchHandler) {
  return stubFetch(
    withConfig((url, init) => (url.includes('/import?') ? importCall(url, init) : jsonResponse([]))),
  );
}

function importRequests(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).includes('/import?'))
    .map(([url, init]) => ({ url, ...JSON.parse(String(init?.body)) }));
}

/** The import answers `preview` to the preview request and `done` to the import. */
function answers(preview: ImportResult, done: ImportResult = preview): FetchHandler {
  return (_url, init) => jsonResponse(JSON.parse(String(init?.body)).preview ? preview : done);
}

const listReads = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path)).length;

async function chooseFile(noun: 'Locations' | 'Contacts', name: string, lines: string[]) {
  await user.upload(await screen.findByLabelText(`${noun} CSV file`), new File([lines.join('\n')], name));
}

/** Processes the chosen file; resolves once the problems or the preview show. */
async function processFile() {
  const dialog = within(await screen.findByRole('dialog'));
  await user.click(dialog.getByRole('button', { name: 'Process File' }));
  await dialog.findByRole('button', { name: /^(Close|Import)$/ });
  return dialog;
}

const problemsIn = (dialog: ReturnType<typeof within>) =>
  within(dialog.getByRole('alert'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('CSV bulk import', () => {
  it('refuses a file that is not .csv', async () => {
    signIn();
    const fetchMock = serve(() => jsonResponse({ detail: 'unexpected' }, 500));
    renderRoute('/location-list');
    await chooseFile('Locations', 'locations.txt', ['name,lat,lng,limit24']);
    expect(screen.getByRole('alert').textContent).toBe(CSV_MESSAGES.onlyCsv);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(importRequests(fetchMock)).toEqual([]);
  });

  it('previews the rows to add, those already there and the new price, then imports and reloads the list', async () => {
    signIn();
    const fetchMock = serve(
      answers({
        created: 1,
        existing: [{ row: 3, name: 'Warehouse North' }],
        monthly_price: { before: 24, after: 48 },
      }),
    );
    renderRoute('/location-list');
    await chooseFile('Locations', 'sites.csv', EXAMPLE_LOCATIONS_CSV.split('\n'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Upload Locations CSV' }));
    expect(dialog.getByText(/sites\.csv \(\d+ bytes\)/)).toBeTruthy();
    await processFile();
    expect(importRequests(fetchMock)).toEqual([
      {
        url: '/api/locations/import?client_id=10',
        preview: true,
        rows: [
          {
            row: 3,
            name: 'Warehouse North',
            latitude: 29.7604,
            longitude: -95.3698,
            h24_threshold: 0.5,
            rapidrain_threshold: 0.25,
            storm_threshold: 0.5,
            inspection_rule: 'next_business_day',
            routine_cadence_days: 7,
            category: 'Warehouses',
          },
          {
            row: 4,
            name: 'Riverside Site',
            latitude: 30.2672,
            longitude: -97.7431,
            h24_threshold: 1,
            rapidrain_threshold: 1,
          },
        ],
      },
    ]);
    expect(dialog.getByText('1 location will be added')).toBeTruthy();
    const table = within(dialog.getByRole('table', { name: 'Rows to add' }));
    expect(table.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'RowNameLatitudeLongitude24 Hour ThresholdRapidRain Threshold',
      '4Riverside Site30.2672-97.743111',
    ]);
    expect(dialog.getByText(CSV_MESSAGES.alreadyThere(3, 'Warehouse North'))).toBeTruthy();
    expect(dialog.getByRole('status').textContent).toBe(
      'The monthly price goes from $24.00 to $48.00 (Gold: $24.00 per 5 locations per month).',
    );
    const readsBefore = listReads(fetchMock, '/api/locations/?');

    await user.click(dialog.getByRole('button', { name: 'Import' }));
    await dialog.findByText(LOCATION_MESSAGES.processed);
    expect(importRequests(fetchMock).map((request) => request.preview)).toEqual([true, false]);
    expect(dialog.getByText('Locations added: 1')).toBeTruthy();
    await vi.waitFor(() => expect(listReads(fetchMock, '/api/locations/?')).toBeGreaterThan(readsBefore));
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('imports nothing when the preview is cancelled', async () => {
    signIn();
    const fetchMock = serve(answers({ created: 2, existing: [], monthly_price: null }));
    renderRoute('/location-list');
    await chooseFile('Locations', 'sites.csv', EXAMPLE_LOCATIONS_CSV.split('\n'));
    const dialog = await processFile();
    expect(dialog.getByText('2 locations will be added')).toBeTruthy();
    expect(dialog.queryByRole('status')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(importRequests(fetchMock).map((request) => request.preview)).toEqual([true]);
  });

  it('says plainly that nothing is new when every row is already there, and offers no Import', async () => {
    signIn();
    serve(
      answers({
        created: 0,
        existing: [
          { row: 3, name: 'Warehouse North' },
          { row: 4, name: 'Riverside Site' },
        ],
        monthly_price: null,
      }),
    );
    renderRoute('/location-list');
    await chooseFile('Locations', 'sites.csv', EXAMPLE_LOCATIONS_CSV.split('\n'));
    const dialog = await processFile();
    expect(dialog.getByText(CSV_MESSAGES.nothingNew('Locations'))).toBeTruthy();
    expect(dialog.getByText('Row 4: Riverside Site is already in this account')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('reads the columns by their names, in any order', async () => {
    signIn();
    const fetchMock = serve(answers({ created: 1, existing: [], monthly_price: null }));
    renderRoute('/location-list');
    await chooseFile('Locations', 'sites.csv', ['Latitude,Longitude,Site,Threshold', '30.2,-97.5,Yard,1']);
    await processFile();
    expect(importRequests(fetchMock)[0]?.rows).toEqual([
      { row: 2, name: 'Yard', latitude: 30.2, longitude: -97.5, h24_threshold: 1, rapidrain_threshold: 1 },
    ]);
  });

  it('lists every problem of the file with its row, sends nothing and says nothing was imported', async () => {
    signIn();
    const fetchMock = serve(() => jsonResponse({ detail: 'unexpected' }, 500));
    renderRoute('/location-list');
    await chooseFile('Locations', 'sites.csv', [
      'name,lat,lng,limit24',
      'Depot,29.7,-95.3,0.5',
      'Far North,60,-95.3,0.5',
      'Short,29.7,-95.3',
      '',
      'Long, Texas,29.7,-95.3,0.5,0.5',
      ',29.7,-95.3,0.5',
    ]);
    const dialog = await processFile();
    expect(problemsIn(dialog)).toEqual([
      CSV_MESSAGES.row(3, CSV_MESSAGES.latitude('60')),
      CSV_MESSAGES.row(4, CSV_MESSAGES.tooFewFields(3, 4)),
      CSV_MESSAGES.row(6, CSV_MESSAGES.tooManyFields(6, 4)),
      CSV_MESSAGES.row(7, CSV_MESSAGES.missingField('name')),
    ]);
    expect(dialog.getByText(CSV_MESSAGES.nothingImported)).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(importRequests(fetchMock)).toEqual([]);
  });

  it('names the columns a header lacks', async () => {
    signIn();
    const fetchMock = serve(() => jsonResponse({ detail: 'unexpected' }, 500));
    renderRoute('/location-list');
    await chooseFile('Locations', 'sites.csv', ['lat,lng,name', '30.2,-97.5,Yard']);
    const dialog = await processFile();
    expect(problemsIn(dialog)).toEqual([
      CSV_MESSAGES.row(1, CSV_MESSAGES.missingColumn('limit24', LOCATION_COLUMNS.limit24.names)),
    ]);
    expect(importRequests(fetchMock)).toEqual([]);
  });

  it("puts the parser's problems in plain words", async () => {
    signIn();
    const fetchMock = serve(() => jsonResponse({ detail: 'unexpected' }, 500));
    renderRoute('/location-list');
    await chooseFile('Locations', 'sites.csv', ['name,lat,lng,limit24', '"Depot,29.7,-95.3,0.5']);
    const dialog = await processFile();
    expect(problemsIn(dialog)).toContain(
      'Row 2: Parsing error: A double quote (") opens a field that is never closed.',
    );
    expect(dialog.getByRole('alert').textContent).not.toMatch(/Quoted field unterminated|delimiting/);
    expect(importRequests(fetchMock)).toEqual([]);
  });

  it('lists every bad contact row and sends no contact at all', async () => {
    signIn();
    const fetchMock = serve(() => jsonResponse({ detail: 'unexpected' }, 500));
    renderRoute('/contact-list');
    await chooseFile('Contacts', 'people.csv', [
      'name,email,phone',
      'Kim,kim@example.com,512.555.0100',
      'Lee,none,123',
      'Pat,pat@example,none',
      'Short,short@example.com',
    ]);
    const dialog = await processFile();
    expect(problemsIn(dialog)).toEqual([
      CSV_MESSAGES.row(3, CSV_MESSAGES.phone('123')),
      CSV_MESSAGES.row(4, CSV_MESSAGES.email('pat@example')),
      CSV_MESSAGES.row(5, CSV_MESSAGES.tooFewFields(2, 3)),
    ]);
    expect(dialog.getByText(CSV_MESSAGES.nothingImported)).toBeTruthy();
    expect(importRequests(fetchMock)).toEqual([]);
  });

  it('previews and imports contacts', async () => {
    signIn();
    const fetchMock = serve(answers({ created: 1, existing: [], monthly_price: null }));
    renderRoute('/contact-list');
    await chooseFile('Contacts', 'people.csv', ['Phone,E-mail,Name', '512.555.0100,kim@example.com,Kim']);
    const dialog = await processFile();
    expect(dialog.getByText('1 contact will be added')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect((await dialog.findByRole('status')).textContent).toBe(CONTACT_MESSAGES.uploaded);
    expect(importRequests(fetchMock)).toEqual(
      [true, false].map((preview) => ({
        url: '/api/contacts/import?client_id=10',
        preview,
        rows: [{ row: 2, name: 'Kim', email: 'kim@example.com', phone: '512-555-0100', status: 'active' }],
      })),
    );
  });

  it('shows the rows the server refuses, and that nothing was imported', async () => {
    signIn();
    serve(() =>
      jsonResponse(
        { detail: [{ loc: ['body', 'rows', 0], msg: 'Row 2: Email already in use', type: 'value_error' }] },
        422,
      ),
    );
    renderRoute('/contact-list');
    await chooseFile('Contacts', 'people.csv', ['name,email,phone', 'Kim,kim@example.com,512.555.0100']);
    const dialog = await processFile();
    expect(problemsIn(dialog)).toEqual(['Row 2: Email already in use']);
    expect(dialog.getByText(CSV_MESSAGES.nothingImported)).toBeTruthy();
  });

  it.each([
    ['Locations', '/location-list', 409, QUOTA_MESSAGES.locationImportLimit(9_999, 2, 10_000)],
    ['Contacts', '/contact-list', 409, QUOTA_MESSAGES.contactImportLimit(4_999, 1, 5_000)],
    ['Locations', '/location-list', 422, QUOTA_MESSAGES.tooManyRows(5_001, 5_000)],
  ] as const)(
    'shows why the server refused the whole %s file (%s, %i)',
    async (noun, page, status, message) => {
      signIn();
      serve(() => jsonResponse({ detail: message }, status));
      renderRoute(page);
      const lines =
        noun === 'Locations'
          ? EXAMPLE_LOCATIONS_CSV.split('\n')
          : ['name,email,phone', 'Kim,kim@example.com,512.555.0100'];
      await chooseFile(noun, 'file.csv', lines);
      const dialog = await processFile();
      expect(problemsIn(dialog)).toEqual([message]);
    },
  );

  it('shows progress while the file is checked', async () => {
    signIn();
    let answer: (response: Response) => void = () => {};
    serve(() => new Promise((resolve) => (answer = resolve)));
    renderRoute('/contact-list');
    await chooseFile('Contacts', 'people.csv', ['name,email,phone', 'Kim,kim@example.com,none']);
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Process File' }));
    expect((await dialog.findByRole('button', { name: 'Processing...' })).hasAttribute('disabled')).toBe(
      true,
    );
    expect(dialog.getByRole('progressbar', { name: 'Processing' })).toBeTruthy();
    answer(jsonResponse({ created: 1, existing: [], monthly_price: null }));
    expect(await dialog.findByText('1 contact will be added')).toBeTruthy();
    expect(dialog.queryByRole('progressbar')).toBeNull();
  });

  it('downloads the example file', async () => {
    signIn();
    serve(() => jsonResponse({ detail: 'unexpected' }, 500));
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:example');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoute('/location-list');
    await user.click(await screen.findByRole('button', { name: 'Download example CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('example-locations.csv');
    const [blob] = createObjectURL.mock.calls[0] ?? [];
    expect(await (blob as Blob).text()).toBe(EXAMPLE_LOCATIONS_CSV);
  });
});

import { CONTACT_MESSAGES } from '@pluvio/shared/contacts';
import { CSV_MESSAGES, EXAMPLE_LOCATIONS_CSV } from '@pluvio/shared/csv-import';
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
    .map(([url, init]) => ({ url, rows: JSON.parse(String(init?.body)).rows }));
}

async function chooseFile(noun: 'Locations' | 'Contacts', name: string, lines: string[]) {
  await user.upload(await screen.findByLabelText(`${noun} CSV file`), new File([lines.join('\n')], name));
}

async function processFile() {
  const dialog = within(await screen.findByRole('dialog'));
  await user.click(dialog.getByRole('button', { name: 'Process File' }));
  await dialog.findByRole('button', { name: 'Close' });
  return dialog;
}

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

  it('says plainly that nothing was new when every row was already there', async () => {
    signIn();
    serve(() =>
      jsonResponse({
        created: 0,
        existing: [
          { row: 3, name: 'Warehouse North' },
          { row: 4, name: 'Riverside Site' },
        ],
        errors: [],
      }),
    );
    renderRoute('/location-list');
    await chooseFile('Locations', 'sites.csv', EXAMPLE_LOCATIONS_CSV.split('\n'));
    const dialog = await processFile();
    expect(dialog.getByText(CSV_MESSAGES.nothingNew('Locations'))).toBeTruthy();
    expect(dialog.queryByText(LOCATION_MESSAGES.processed)).toBeNull();
    expect(dialog.getByText('Row 4: Riverside Site is already in this account')).toBeTruthy();
  });

  it('shows the file, then imports every valid location row in one request', async () => {
    signIn();
    const fetchMock = serve(() =>
      jsonResponse({ created: 1, existing: [{ row: 3, name: 'Riverside Site' }], errors: [] }),
    );
    renderRoute('/location-list');
    await chooseFile('Locations', 'sites.csv', EXAMPLE_LOCATIONS_CSV.split('\n'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Upload Locations CSV' }));
    expect(dialog.getByText(/sites\.csv \(\d+ bytes\)/)).toBeTruthy();
    await processFile();
    expect(importRequests(fetchMock)).toEqual([
      {
        url: '/api/locations/import?client_id=10',
        rows: [
          {
            row: 3,
            name: 'Warehouse North',
            latitude: 29.7604,
            longitude: -95.3698,
            h24_threshold: 0.5,
            rapidrain_threshold: 0.25,
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
    expect(dialog.getByRole('status').textContent).toBe(LOCATION_MESSAGES.processed);
    expect(dialog.getByText(CSV_MESSAGES.alreadyThere(3, 'Riverside Site'))).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reports bad location rows while the good ones still import', async () => {
    signIn();
    const fetchMock = serve(() =>
      jsonResponse({
        created: 0,
        existing: [],
        errors: [{ row: 2, name: 'Depot', message: 'No room left' }],
      }),
    );
    renderRoute('/location-list');
    await chooseFile('Locations', 'sites.csv', [
      'name,lat,lng,limit24',
      'Depot,29.7,-95.3,0.5',
      'Far North,60,-95.3,0.5',
      ',29.7,-95.3,0.5',
    ]);
    const dialog = await processFile();
    expect(importRequests(fetchMock).map(({ rows }) => rows.map((row: { row: number }) => row.row))).toEqual([
      [2],
    ]);
    const problems = within(dialog.getByRole('alert'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(problems).toEqual([
      CSV_MESSAGES.row(3, CSV_MESSAGES.latitude('60')),
      CSV_MESSAGES.row(4, CSV_MESSAGES.missingField('name')),
      CSV_MESSAGES.row(2, CSV_MESSAGES.locationFailed('Depot', 'No room left')),
    ]);
    expect(dialog.queryByText(LOCATION_MESSAGES.processed)).toBeNull();
  });

  it('stops at a parsing error', async () => {
    signIn();
    const fetchMock = serve(() => jsonResponse({ detail: 'unexpected' }, 500));
    renderRoute('/location-list');
    await chooseFile('Locations', 'sites.csv', ['name,lat,lng,limit24', '"Depot,29.7,-95.3,0.5']);
    const dialog = await processFile();
    expect(dialog.getByRole('alert').textContent).toBe(CSV_MESSAGES.parsing('Quoted field unterminated'));
    expect(importRequests(fetchMock)).toEqual([]);
  });

  it('sends no contact at all when one row is bad', async () => {
    signIn();
    const fetchMock = serve(() => jsonResponse({ detail: 'unexpected' }, 500));
    renderRoute('/contact-list');
    await chooseFile('Contacts', 'people.csv', [
      'name,email,phone',
      'Kim,kim@example.com,512.555.0100',
      'Lee,none,123',
    ]);
    const dialog = await processFile();
    expect(dialog.getByRole('alert').textContent).toBe(CSV_MESSAGES.row(3, CSV_MESSAGES.phone('123')));
    expect(importRequests(fetchMock)).toEqual([]);
  });

  it('imports contacts and shows the rows the server refuses', async () => {
    signIn();
    const fetchMock = serve(() =>
      jsonResponse(
        { detail: [{ loc: ['body', 'rows', 0], msg: 'Row 2: Email already in use', type: 'value_error' }] },
        422,
      ),
    );
    renderRoute('/contact-list');
    await chooseFile('Contacts', 'people.csv', ['name,email,phone', 'Kim,kim@example.com,512.555.0100']);
    const dialog = await processFile();
    expect(importRequests(fetchMock)).toEqual([
      {
        url: '/api/contacts/import?client_id=10',
        rows: [{ row: 2, name: 'Kim', email: 'kim@example.com', phone: '512-555-0100', status: 'active' }],
      },
    ]);
    expect(dialog.getByRole('alert').textContent).toBe('Row 2: Email already in use');
    expect(dialog.queryByText(CONTACT_MESSAGES.uploaded)).toBeNull();
  });

  it.each([
    ['Locations', '/location-list', 409, QUOTA_MESSAGES.locationImportLimit(9_999, 2, 10_000)],
    ['Contacts', '/contact-list', 409, QUOTA_MESSAGES.contactImportLimit(4_999, 1, 5_000)],
    ['Locations', '/location-list', 422, QUOTA_MESSAGES.tooManyRows(5_001, 5_000)],
  ] as const)('shows why the server refused the whole %s file (%i)', async (noun, page, status, message) => {
    signIn();
    serve(() => jsonResponse({ detail: message }, status));
    renderRoute(page);
    const lines =
      noun === 'Locations'
        ? EXAMPLE_LOCATIONS_CSV.split('\n')
        : ['name,email,phone', 'Kim,kim@example.com,512.555.0100'];
    await chooseFile(noun, 'file.csv', lines);
    const dialog = await processFile();
    expect(dialog.getByRole('alert').textContent).toBe(message);
  });

  it('shows progress while the contacts go up, then says all were uploaded', async () => {
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
    answer(jsonResponse({ created: 1, existing: [], errors: [] }));
    expect((await dialog.findByRole('status')).textContent).toBe(CONTACT_MESSAGES.uploaded);
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

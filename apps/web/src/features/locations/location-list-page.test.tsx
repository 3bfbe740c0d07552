import { LOCATION_BULK_DELETE, LOCATION_MESSAGES, LOCATIONS_PER_BULK_DELETE } from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import type { UserClient } from '@pluvio/shared/users.schemas';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAccessToken, setUser } from '../../lib/session';
import { answerConfirmation } from '../../testing/confirm';
import { buildClient, buildLocation, buildUser } from '../../testing/fixtures';
import { stubMatchMedia } from '../../testing/match-media';
import { type FetchHandler, jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

const LIST_URL = '/api/locations/?client_id=10&page=1&page_size=250';

const locations = [
  buildLocation({ id: 1, name: 'Warehouse North', category: 'Warehouses', rapidrain_threshold: 0.25 }),
  buildLocation({ id: 2, name: 'Riverside Site', latitude: 30.27, longitude: -97.74, h24_threshold: 1 }),
];

function signIn(client: Partial<UserClient> = {}) {
  setAccessToken('token-1');
  setUser(buildUser({ clients: [buildClient({ tier: 'silver', ...client })] }));
}

function serve(handler: FetchHandler = () => jsonResponse({ detail: 'unexpected' }, 500)) {
  return stubFetch(
    withConfig((url, init) => (url === LIST_URL ? jsonResponse(locations) : handler(url, init))),
  );
}

async function table() {
  return within(await screen.findByRole('table', { name: 'Locations' }));
}

function headers(view: Awaited<ReturnType<typeof table>>) {
  return view.getAllByRole('columnheader').map((header) => header.textContent);
}

describe('Settings > Locations', () => {
  it('lists the locations with their category and thresholds and filters them by name', async () => {
    signIn();
    serve();
    renderRoute('/location-list');
    const view = await table();
    expect(headers(view)).toEqual([
      '',
      'Name',
      'Category',
      'Latitude',
      'Longitude',
      '24 Hour Threshold',
      'RapidRain Threshold',
      'Actions',
    ]);
    const north = view.getByRole('row', { name: /Warehouse North/ });
    expect(
      within(north)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Warehouse North', 'Warehouses', '29.76', '-95.37', '0.5', '0.25', '']);
    // An empty RapidRain threshold is the 24-hour one.
    expect(within(view.getByRole('row', { name: /Riverside/ })).getAllByRole('cell')[6]?.textContent).toBe(
      '1',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'RIVER');
    expect(view.queryByText('Warehouse North')).toBeNull();
    expect(view.getByText('Riverside Site')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Location' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Modify Locations', selected: true })).toBeTruthy();
  });

  it('offers the upgrade at bronze, and only says so when a location is deleted or files uploaded', async () => {
    signIn({ tier: 'bronze' });
    const fetchMock = serve();
    renderRoute('/location-list');
    const view = await table();
    const rapidrain = view.getByRole('columnheader', { name: /RapidRain Threshold/ });
    expect(within(rapidrain).getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe(
      '/upgrade',
    );

    expect(view.queryByRole('checkbox')).toBeNull();
    await userEvent.click(view.getByRole('button', { name: 'Delete Warehouse North' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.upgradeToEnable);
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Upload Locations CSV' }));
    expect(screen.getByText(MESSAGES.tierTooLow)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method && init.method !== 'GET')).toBe(false);
  });

  it('hides Add Location from a trial account', async () => {
    signIn({ tier: 'gold', account_type: 'trial', is_trial_account: true });
    serve();
    renderRoute('/settings');
    await table();
    expect(screen.queryByRole('button', { name: 'Add Location' })).toBeNull();
  });

  it('deletes a location after confirmation and reloads the list', async () => {
    signIn();
    const fetchMock = serve((url, init) =>
      url === '/api/locations/2?client_id=10' && init.method === 'DELETE'
        ? jsonResponse(null, 204)
        : jsonResponse({ detail: 'unexpected' }, 500),
    );
    renderRoute('/location-list');
    const view = await table();
    await userEvent.click(view.getByRole('button', { name: 'Delete Riverside Site' }));
    const question = await answerConfirmation('Cancel');
    expect(question.title).toBe('Delete the location “Riverside Site”?');
    expect(question.text).toContain(LOCATION_MESSAGES.deleteConfirm);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(view.getByRole('button', { name: 'Delete Riverside Site' }));
    await answerConfirmation('Delete location');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === LIST_URL).length).toBeGreaterThan(1),
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('says when a delete fails', async () => {
    signIn();
    serve(() => jsonResponse({ detail: 'Location not found' }, 404));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/location-list');
    await userEvent.click((await table()).getByRole('button', { name: 'Delete Riverside Site' }));
    await answerConfirmation('Delete location');
    expect((await screen.findByRole('alert')).textContent).toBe(LOCATION_MESSAGES.deleteFailed);
  });

  describe('many locations', { timeout: 40_000 }, () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      buildLocation({ id: i + 1, name: `Site ${String(i + 1).padStart(3, '0')}` }),
    );

    /** The list in pages of 250, as the API answers; bulk deletes go to `handler`. */
    function serveMany(handler: FetchHandler = () => jsonResponse({ detail: 'unexpected' }, 500)) {
      return stubFetch(
        withConfig((url, init) => {
          const listed = url.match(/^\/api\/locations\/\?client_id=10&page=(\d+)&page_size=250$/);
          if (!listed) return handler(url, init);
          const first = (Number(listed[1]) - 1) * 250;
          return jsonResponse(many.slice(first, first + 250));
        }),
      );
    }

    const bulkDeletes = (fetchMock: ReturnType<typeof stubFetch>) =>
      fetchMock.mock.calls
        .filter(([url]) => String(url).startsWith('/api/locations/bulk-delete'))
        .map(([url, init]) => ({ url, ids: JSON.parse(String(init?.body)).ids }));

    it('draws them a page at a time', async () => {
      signIn();
      serveMany();
      renderRoute('/location-list');
      const view = await table();
      expect(view.getAllByRole('row')).toHaveLength(51);
      expect(screen.getByText('Showing 1-50 of 120')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: '3' }));
      expect(screen.getByText('Showing 101-120 of 120')).toBeTruthy();
      expect(view.getByText('Site 120')).toBeTruthy();
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Site 01' } });
      expect(view.getAllByRole('row')).toHaveLength(11);
      expect(view.getByText('Site 010')).toBeTruthy();
      expect(screen.queryByText(/^Showing/)).toBeNull();
    });

    it('deletes the ticked locations in one request after one confirmation, and reloads the list', async () => {
      signIn();
      const fetchMock = serveMany((url) =>
        url.startsWith('/api/locations/bulk-delete') ? jsonResponse({ deleted: 120 }) : jsonResponse({}, 500),
      );
      renderRoute('/location-list');
      const view = await table();
      await userEvent.click(view.getByRole('checkbox', { name: 'Select Site 002' }));
      await userEvent.click(view.getByRole('checkbox', { name: 'Select the locations shown' }));
      const bar = within(screen.getByRole('group', { name: 'Selected locations' }));
      expect(bar.getByText('50 selected')).toBeTruthy();
      await userEvent.click(bar.getByRole('button', { name: 'Select all 120' }));
      expect(bar.getByText('120 selected')).toBeTruthy();

      await userEvent.click(bar.getByRole('button', { name: 'Delete selected' }));
      const asked = LOCATION_BULK_DELETE.confirmation(120);
      const readsBefore = fetchMock.mock.calls.filter(([url]) => String(url).includes('page=1&')).length;
      const { title, text } = await answerConfirmation('Delete 120 locations');
      expect(title).toBe('Delete 120 locations?');
      expect(text).toContain(asked.question);
      expect(text).toContain(asked.consequence);
      expect(await screen.findByText('120 locations deleted.')).toBeTruthy();
      expect(bulkDeletes(fetchMock)).toEqual([
        { url: '/api/locations/bulk-delete?client_id=10', ids: many.map((location) => location.id) },
      ]);
      await vi.waitFor(() =>
        expect(
          fetchMock.mock.calls.filter(([url]) => String(url).includes('page=1&')).length,
        ).toBeGreaterThan(readsBefore),
      );
      expect(screen.queryByRole('group', { name: 'Selected locations' })).toBeNull();
    });

    it('says why more than LOCATIONS_PER_BULK_DELETE cannot go at once, without a request', async () => {
      signIn();
      many.push(
        ...Array.from({ length: LOCATIONS_PER_BULK_DELETE + 1 - many.length }, (_, i) =>
          buildLocation({ id: 1000 + i, name: `Extra ${i}` }),
        ),
      );
      try {
        const fetchMock = serveMany();
        renderRoute('/location-list');
        await userEvent.click((await table()).getByRole('checkbox', { name: 'Select Site 001' }));
        await userEvent.click(screen.getByRole('button', { name: 'Select all 5,001' }));
        await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
        expect(screen.getByRole('alert').textContent).toBe(LOCATION_BULK_DELETE.limit);
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(bulkDeletes(fetchMock)).toEqual([]);
      } finally {
        many.splice(120);
      }
    });

    it('deletes nothing when the confirmation is cancelled', async () => {
      signIn();
      const fetchMock = serveMany();
      renderRoute('/location-list');
      await userEvent.click((await table()).getByRole('checkbox', { name: 'Select Site 001' }));
      await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
      const { text } = await answerConfirmation('Cancel');
      expect(text).toContain('Are you sure you want to delete this location?');
      expect(bulkDeletes(fetchMock)).toEqual([]);
      expect(screen.getByText('1 selected')).toBeTruthy();
    });
  });

  it('opens the form with the location to edit', async () => {
    signIn();
    serve();
    const { router } = renderRoute('/location-list');
    await userEvent.click((await table()).getByRole('button', { name: 'Edit Riverside Site' }));
    expect(await screen.findByRole('heading', { name: 'Edit Location' })).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Riverside Site');
    expect(router.state.location.search).toBe('?id=2');
  });

  it('shows an empty list and logs the cause when the locations cannot be read', async () => {
    signIn();
    stubFetch(withConfig(() => jsonResponse({ detail: 'boom' }, 500)));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute('/location-list');
    expect(screen.getByText(MESSAGES.loading)).toBeTruthy();
    expect(await screen.findByText('No locations to show.')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('finds locations by category too, and stars one for the signed-in user', async () => {
    signIn();
    const starred = [2];
    const fetchMock = serve((url, init) => {
      if (url === '/api/locations/favourites?client_id=10') return jsonResponse({ location_ids: starred });
      if (url === '/api/locations/1/favourite?client_id=10' && init.method === 'PUT') {
        starred.push(1);
        return jsonResponse(null, 204);
      }
      return jsonResponse({ detail: 'unexpected' }, 500);
    });
    renderRoute('/location-list');
    const view = await table();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'wareh');
    expect(view.queryByText('Riverside Site')).toBeNull();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    const riverside = await view.findByRole('button', { name: 'Favourite: Riverside Site', pressed: true });
    expect(riverside).toBeTruthy();
    await userEvent.click(view.getByRole('button', { name: 'Favourite: Warehouse North', pressed: false }));
    expect(
      await view.findByRole('button', { name: 'Favourite: Warehouse North', pressed: true }),
    ).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/locations/1/favourite?client_id=10' && init?.method === 'PUT',
      ),
    ).toBe(true);
  });

  it('leaves the coordinates out, puts the category under the name and shortens the headers under 600 px', async () => {
    stubMatchMedia((query) => query.includes('max-width'));
    signIn();
    serve();
    renderRoute('/location-list');
    const view = await table();
    expect(headers(view)).toEqual(['', 'Name', '24 Hour', 'RapidRain', 'Actions']);
    const north = within(view.getByRole('row', { name: /Warehouse North/ })).getAllByRole('cell');
    expect(north[1]?.textContent).toBe('Warehouse NorthWarehouses');
    expect(view.queryByRole('button', { name: /^Favourite:/ })).toBeNull();
    // Phones tick and delete several too: the boxes and the bar are there.
    await userEvent.click(view.getByRole('checkbox', { name: 'Select Riverside Site' }));
    expect(screen.getByRole('group', { name: 'Selected locations' })).toBeTruthy();
  });

  it('tells a plain contact that only the owner or a co-owner changes settings', async () => {
    setAccessToken('token-1');
    setUser(buildUser({ role: 'contact', clients: [buildClient({ membership: 'contact' })] }));
    serve();
    renderRoute('/location-list');
    expect(await screen.findByText(MESSAGES.settingsOwnersOnly)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

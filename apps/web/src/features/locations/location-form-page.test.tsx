import { LOCATION_MESSAGES } from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import { INSPECTION_RULE_LABELS, STORM_MESSAGES } from '@pluvio/shared/storm-events';
import type { UserClient } from '@pluvio/shared/users.schemas';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAccessToken, setUser } from '../../lib/session';
import { answerConfirmation } from '../../testing/confirm';
import { buildClient, buildLocation, buildUser } from '../../testing/fixtures';
import { clickMap, prepareMapsForJsdom } from '../../testing/map';
import { stubMatchMedia } from '../../testing/match-media';
import { type FetchHandler, jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

function signIn(client: Partial<UserClient> = {}, role = 'client') {
  setAccessToken('token-1');
  setUser(buildUser({ role, clients: [buildClient({ tier: 'silver', ...client })] }));
}

function serve(handler: FetchHandler) {
  return stubFetch(withConfig(handler));
}

const unexpected = () => jsonResponse({ detail: 'unexpected' }, 500);

function field(label: RegExp | string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function sentBody(fetchMock: ReturnType<typeof stubFetch>, method: string) {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

describe('location form', () => {
  it('checks the fields with the messages of the spec and sends nothing', async () => {
    signIn();
    const fetchMock = serve(unexpected);
    renderRoute('/location-form');
    await userEvent.type(await screen.findByLabelText(/^Latitude/), '60');
    await userEvent.type(field(/^Longitude/), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(LOCATION_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(LOCATION_MESSAGES.latitudeRange)).toBeTruthy();
    // 10 is read as -10: still east of the allowed range.
    expect(screen.getByText(LOCATION_MESSAGES.longitudeRange)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('creates a location, says so, and returns to the list after two seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const fetchMock = serve((url, init) => {
      if (url === '/api/locations/?client_id=10' && init.method === 'POST')
        return jsonResponse(buildLocation({ id: 7, name: 'Depot' }), 201);
      if (url.startsWith('/api/locations/?')) return jsonResponse([]);
      return unexpected();
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderRoute('/location-form');
    await user.type(await screen.findByLabelText(/^Name/), 'Depot');
    await user.type(field(/^Latitude/), '29.7');
    await user.type(field(/^Longitude/), '95.3');
    await user.selectOptions(field(/^24 Hour Threshold/), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(LOCATION_MESSAGES.saved);
    expect(sentBody(fetchMock, 'POST')).toEqual({
      name: 'Depot',
      category: null,
      latitude: 29.7,
      longitude: -95.3,
      h24_threshold: 1,
      rapidrain_threshold: 1,
      inspection_rule: 'within_24h',
      routine_cadence_days: null,
      status: 'active',
    });
    expect(router.state.location.pathname).toBe('/location-form');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(router.state.location.pathname).toBe('/location-list');
  });

  it("offers the account's categories, takes at most 60 characters and sends the one typed, trimmed", async () => {
    signIn();
    const saved = [
      buildLocation({ id: 1, category: 'Yards' }),
      buildLocation({ id: 2, category: 'Docks' }),
      buildLocation({ id: 3, category: 'yards' }),
    ];
    const fetchMock = serve((url, init) => {
      if (url === '/api/locations/?client_id=10' && init.method === 'POST')
        return jsonResponse(buildLocation({ id: 7, name: 'Depot', category: 'Docks' }), 201);
      if (url.startsWith('/api/locations/?')) return jsonResponse(saved);
      return unexpected();
    });
    renderRoute('/location-form');
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Depot');
    await userEvent.type(field(/^Latitude/), '29.7');
    await userEvent.type(field(/^Longitude/), '-95.3');
    const category = screen.getByRole('combobox', { name: /^Category/ }) as HTMLInputElement;
    await userEvent.click(category);
    const suggestions = within(await screen.findByRole('listbox', { name: /^Category/ }));
    expect(suggestions.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Docks',
      'Yards',
    ]);

    await userEvent.paste('x'.repeat(61));
    expect(category.value).toHaveLength(60);
    await userEvent.clear(category);
    await userEvent.type(category, '  Docks ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(LOCATION_MESSAGES.saved);
    expect(sentBody(fetchMock, 'POST')).toMatchObject({ name: 'Depot', category: 'Docks' });
  });

  it('places the point with a click on the map and saves those coordinates', async () => {
    prepareMapsForJsdom();
    signIn();
    const fetchMock = serve((url, init) => {
      if (url === '/api/locations/?client_id=10' && init.method === 'POST')
        return jsonResponse(buildLocation({ id: 8, name: 'Picked' }), 201);
      if (url.startsWith('/api/locations/?')) return jsonResponse([]);
      return unexpected();
    });
    renderRoute('/location-form');
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Picked');
    await userEvent.click(screen.getByRole('button', { name: 'Pick on map' }));
    // The empty map frames the contiguous US; its middle lies in Kansas.
    await clickMap('Map to pick the location');
    const latitude = Number(field(/^Latitude/).value);
    const longitude = Number(field(/^Longitude/).value);
    expect(latitude).toBeCloseTo(37.9, 0);
    expect(longitude).toBeCloseTo(-95.9, 0);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(LOCATION_MESSAGES.saved);
    expect(sentBody(fetchMock, 'POST')).toMatchObject({ name: 'Picked', latitude, longitude });
  });

  it('keeps RapidRain on the 24-hour threshold at bronze', async () => {
    signIn({ tier: 'bronze' });
    serve(unexpected);
    renderRoute('/location-form');
    const rapidrain = field(/^RapidRain Threshold/);
    expect(rapidrain.disabled).toBe(true);
    expect(rapidrain.value).toBe('0.5');
    await userEvent.selectOptions(field(/^24 Hour Threshold/), '2');
    expect(rapidrain.value).toBe('2');
    expect(screen.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/upgrade');
  });

  it('edits a location read by its id, with fixed coordinates, and shows a refusal in red', async () => {
    signIn();
    const location = buildLocation({ id: 5, latitude: 52.1, rapidrain_threshold: 0.25 });
    const fetchMock = serve((url, init) => {
      if (url === '/api/locations/5?client_id=10' && init.method === 'PATCH')
        return jsonResponse({ detail: 'Name already in use' }, 409);
      if (url === '/api/locations/5?client_id=10') return jsonResponse(location);
      return unexpected();
    });
    renderRoute('/location-form?id=5');
    expect(await screen.findByRole('heading', { name: 'Edit Location' })).toBeTruthy();
    const name = await screen.findByLabelText(/^Name/);
    expect(field(/^Latitude/).disabled).toBe(true);
    expect(field(/^Longitude/).disabled).toBe(true);
    expect(field(/^RapidRain Threshold/).value).toBe('0.25');
    expect(field('Data Start Date').value).toBe('11/01/2026');
    const assign = screen.getByRole('link', { name: 'Assign Contacts' });
    expect(assign.getAttribute('href')).toBe('/assignments');

    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name already in use');
    // The latitude lies outside the form's range (an imported location): it is sent unchanged.
    expect(sentBody(fetchMock, 'PATCH')).toMatchObject({
      name: 'Renamed',
      latitude: 52.1,
      rapidrain_threshold: 0.25,
    });
  });

  it('deletes the location after confirmation and goes back to the list', async () => {
    signIn();
    const location = buildLocation({ id: 5 });
    const fetchMock = serve((url, init) => {
      if (url === '/api/locations/5?client_id=10' && init.method === 'DELETE') return jsonResponse(null, 204);
      if (url === '/api/locations/5?client_id=10') return jsonResponse(location);
      if (url.startsWith('/api/locations/?')) return jsonResponse([]);
      return unexpected();
    });
    const { router } = renderRoute('/location-form?id=5');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const question = await answerConfirmation('Delete location');
    expect(question.text).toContain(LOCATION_MESSAGES.deleteConfirm);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/location-list'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('hides Assign Contacts from the admin role and closes to the list', async () => {
    signIn({}, 'admin');
    serve((url) => {
      if (url === '/api/locations/5?client_id=10') return jsonResponse(buildLocation({ id: 5 }));
      if (url.startsWith('/api/locations/?')) return jsonResponse([]);
      return unexpected();
    });
    const { router } = renderRoute('/location-form?id=5');
    await screen.findByLabelText(/^Name/);
    expect(screen.queryByRole('link', { name: 'Assign Contacts' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/location-list');
    expect(screen.queryByText(MESSAGES.loading)).toBeNull();
  });

  describe('storm inspections', () => {
    const serveCreate = () =>
      serve((url, init) => {
        if (url === '/api/locations/?client_id=10' && init.method === 'POST')
          return jsonResponse(buildLocation({ id: 7, name: 'Depot' }), 201);
        if (url.startsWith('/api/locations/?')) return jsonResponse([]);
        return unexpected();
      });

    async function fillNew(name: string) {
      await userEvent.type(await screen.findByLabelText(/^Name/), name);
      await userEvent.type(field(/^Latitude/), '29.7');
      await userEvent.type(field(/^Longitude/), '-95.3');
    }

    for (const [width, phone] of [
      ['desktop', false],
      ['phone', true],
    ] as const) {
      it(`sets the permit threshold, inspection rule and routine inspections of a new location (${width})`, async () => {
        stubMatchMedia((query) => phone && query.includes('max-width'));
        signIn();
        const fetchMock = serveCreate();
        renderRoute('/location-form');
        await fillNew('Depot');
        expect(screen.getByRole('group', { name: 'Storm inspections' })).toBeTruthy();
        const threshold = field(/^Permit threshold/);
        expect(threshold.value).toBe('');
        expect(threshold.placeholder).toBe('Account default');
        expect(field(/^Inspection rule/).value).toBe('within_24h');
        expect(field(/^Routine inspections/).value).toBe('');
        expect(screen.getByRole('option', { name: INSPECTION_RULE_LABELS.next_business_day })).toBeTruthy();
        expect(
          screen.getAllByRole('option', { name: /^(None|Every \d+ days)$/ }).map((o) => o.textContent),
        ).toEqual(['None', 'Every 7 days', 'Every 14 days']);
        await userEvent.type(threshold, '0.5');
        await userEvent.selectOptions(field(/^Inspection rule/), 'next_business_day');
        await userEvent.selectOptions(field(/^Routine inspections/), '14');
        await userEvent.click(screen.getByRole('button', { name: 'Save' }));
        expect((await screen.findByRole('status')).textContent).toBe(LOCATION_MESSAGES.saved);
        expect(sentBody(fetchMock, 'POST')).toMatchObject({
          storm_threshold: 0.5,
          inspection_rule: 'next_business_day',
          routine_cadence_days: 14,
        });
      });
    }

    it('leaves the threshold to the account default when blank', async () => {
      signIn();
      const fetchMock = serveCreate();
      renderRoute('/location-form');
      await fillNew('Depot');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByRole('status');
      expect(sentBody(fetchMock, 'POST')).not.toHaveProperty('storm_threshold');
    });

    it('refuses a threshold out of range or finer than hundredths with its message and sends nothing', async () => {
      signIn();
      const fetchMock = serve(unexpected);
      renderRoute('/location-form');
      await fillNew('Depot');
      for (const value of ['0.005', '0.333', '25', 'lots']) {
        await userEvent.clear(field(/^Permit threshold/));
        await userEvent.type(field(/^Permit threshold/), value);
        await userEvent.click(screen.getByRole('button', { name: 'Save' }));
        expect(screen.getByText(STORM_MESSAGES.threshold), value).toBeTruthy();
      }
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    });

    it('shows the saved settings of a location and sends the changes, None as no routine inspections', async () => {
      signIn();
      const location = buildLocation({
        id: 5,
        storm_threshold: 0.75,
        inspection_rule: 'next_business_day',
        routine_cadence_days: 7,
      });
      const fetchMock = serve((url, init) => {
        if (url === '/api/locations/5?client_id=10' && init.method === 'PATCH')
          return jsonResponse({ ...location, storm_threshold: 1, routine_cadence_days: null });
        if (url === '/api/locations/5?client_id=10') return jsonResponse(location);
        if (url.startsWith('/api/locations/?')) return jsonResponse([]);
        return unexpected();
      });
      renderRoute('/location-form?id=5');
      await screen.findByLabelText(/^Name/);
      expect(field(/^Permit threshold/).value).toBe('0.75');
      expect(field(/^Inspection rule/).value).toBe('next_business_day');
      expect(field(/^Routine inspections/).value).toBe('7');
      await userEvent.clear(field(/^Permit threshold/));
      await userEvent.type(field(/^Permit threshold/), '1');
      await userEvent.selectOptions(field(/^Routine inspections/), '');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect((await screen.findByRole('status')).textContent).toBe(LOCATION_MESSAGES.saved);
      expect(sentBody(fetchMock, 'PATCH')).toMatchObject({
        storm_threshold: 1,
        inspection_rule: 'next_business_day',
        routine_cadence_days: null,
      });
    });
  });
});

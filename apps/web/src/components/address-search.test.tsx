import { GEOCODE_MESSAGES } from '@pluvio/shared/geocode';
import type { UserClient } from '@pluvio/shared/users.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAccessToken, setUser } from '../lib/session';
import { buildClient, buildUser } from '../testing/fixtures';
import {
  ADDRESS_SEARCH_CONFIG,
  DEFAULT_CONFIG,
  jsonResponse,
  renderRoute,
  serveExpected,
} from '../testing/render';

const SILVER_HILL = {
  label: '4600 SILVER HILL RD, WASHINGTON, DC, 20233',
  latitude: 38.846017,
  longitude: -76.926912,
};
const DALLAS = { label: '1500 MARILLA ST, DALLAS, TX, 75201', latitude: 32.776272, longitude: -96.796856 };

function signIn(client: Partial<UserClient> = {}) {
  setAccessToken('token-1');
  setUser(buildUser({ clients: [buildClient({ tier: 'silver', ...client })] }));
}

/** The location form's server, with address search on; `geocode` answers /api/geocode. */
function serve(geocode: () => Response, config = ADDRESS_SEARCH_CONFIG) {
  return serveExpected((url) => {
    if (url.startsWith('/api/geocode')) return geocode();
    if (url.startsWith('/api/locations/?')) return jsonResponse([]);
    return undefined;
  }, config);
}

const input = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const geocodeCalls = (fetchMock: ReturnType<typeof serveExpected>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/geocode'));

async function searchFor(address: string) {
  await userEvent.type(await screen.findByLabelText(GEOCODE_MESSAGES.label), address);
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('address search in the location form', () => {
  it('fills latitude and longitude from the match the user picks', async () => {
    signIn();
    const fetchMock = serve(() => jsonResponse({ matches: [SILVER_HILL, DALLAS] }));
    renderRoute('/location-form');
    await searchFor('4600 Silver Hill Rd');
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(DALLAS.label) }));
    expect(input(/^Latitude/).value).toBe('32.776272');
    expect(input(/^Longitude/).value).toBe('-96.796856');
    expect(geocodeCalls(fetchMock)).toEqual(['/api/geocode?q=4600+Silver+Hill+Rd']);
  });

  it('searches on Enter without saving the location', async () => {
    signIn();
    const fetchMock = serve(() => jsonResponse({ matches: [SILVER_HILL] }));
    renderRoute('/location-form');
    await userEvent.type(await screen.findByLabelText(GEOCODE_MESSAGES.label), '4600 Silver Hill Rd{Enter}');
    expect(await screen.findByRole('button', { name: new RegExp(SILVER_HILL.label) })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(screen.queryByText('Location name is required')).toBeNull();
  });

  it('says when nothing matched, and leaves the coordinates as they were', async () => {
    signIn();
    serve(() => jsonResponse({ matches: [] }));
    renderRoute('/location-form');
    await userEvent.type(await screen.findByLabelText(/^Latitude/), '30.1');
    await searchFor('nowhere street');
    expect(await screen.findByText(GEOCODE_MESSAGES.noMatch)).toBeTruthy();
    expect(input(/^Latitude/).value).toBe('30.1');
  });

  it("shows the server's reason when the geocoder fails, and searches again when asked", async () => {
    signIn();
    let answer = jsonResponse({ detail: GEOCODE_MESSAGES.unavailable }, 503);
    const fetchMock = serve(() => answer);
    renderRoute('/location-form');
    await searchFor('4600 Silver Hill Rd');
    expect(await screen.findByText(GEOCODE_MESSAGES.unavailable)).toBeTruthy();
    answer = jsonResponse({ matches: [SILVER_HILL] });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('button', { name: new RegExp(SILVER_HILL.label) })).toBeTruthy();
    expect(screen.queryByText(GEOCODE_MESSAGES.unavailable)).toBeNull();
    expect(geocodeCalls(fetchMock)).toHaveLength(2);
  });

  it('asks for more of the address before searching', async () => {
    signIn();
    const fetchMock = serve(() => jsonResponse({ matches: [] }));
    renderRoute('/location-form');
    await searchFor(' ab ');
    expect(await screen.findByText(GEOCODE_MESSAGES.queryTooShort)).toBeTruthy();
    expect(geocodeCalls(fetchMock)).toEqual([]);
  });

  it('is not offered when the server has no geocoder', async () => {
    signIn();
    serve(() => jsonResponse({ detail: GEOCODE_MESSAGES.notConfigured }, 404), DEFAULT_CONFIG);
    renderRoute('/location-form');
    expect(await screen.findByLabelText(/^Latitude/)).toBeTruthy();
    expect(screen.queryByLabelText(GEOCODE_MESSAGES.label)).toBeNull();
  });
});

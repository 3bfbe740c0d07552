import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { buildLocation } from '../../../testing/fixtures';
import { prepareMapsForJsdom } from '../../../testing/map';
import { LocationMap, type LocationMapProps } from './location-map';

const user = userEvent.setup();

/** Three Houston sites close together and one in Austin. */
const sites = [
  buildLocation({ id: 1, name: 'Houston 1', latitude: 29.76, color_hourly: 'orange' }),
  buildLocation({ id: 2, name: 'Houston 2', latitude: 29.762, color_hourly: 'red' }),
  buildLocation({ id: 3, name: 'Houston 3', latitude: 29.764 }),
  buildLocation({ id: 4, name: 'Austin', latitude: 30.27, longitude: -97.74 }),
];

function renderMap(overrides: Partial<LocationMapProps> = {}) {
  const props: LocationMapProps = {
    locations: sites,
    mode: 'daily',
    selectedId: null,
    onSelect: vi.fn(),
    view: { kind: 'fit', key: 1 },
    tileUrl: null,
    tileAttribution: null,
    ...overrides,
  };
  return render(<LocationMap {...props} />, {
    wrapper: ({ children }) => <AppProviders env="test">{children}</AppProviders>,
  });
}

function stubGeolocation(answer: (success: PositionCallback, failure: PositionErrorCallback) => void) {
  const getCurrentPosition = vi.fn(answer);
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

async function drawnCount() {
  const map = screen.getByTestId('location-map');
  await waitFor(() => expect(map.dataset.markerCount).toBeDefined());
  return Number(map.dataset.markerCount);
}

beforeEach(prepareMapsForJsdom);

describe('LocationMap', () => {
  it('draws the nearby sites as one cluster with their worst status, and the others alone', async () => {
    stubGeolocation(() => {});
    renderMap();
    expect(screen.getByRole('region', { name: 'Map of locations' })).toBeTruthy();
    expect(await drawnCount()).toBe(2);
    const cluster = screen.getByRole('button', {
      name: '3 locations, worst: At or over Atlas 14 depth. Zoom in',
    });
    expect(cluster.textContent).toBe('3');
  });

  it('zooms into a clicked cluster', async () => {
    stubGeolocation(() => {});
    renderMap();
    await drawnCount();
    await user.click(screen.getByRole('button', { name: /^3 locations/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^3 locations/ })).toBeNull());
  });

  it("shows 'You Are Here' where the browser says the user is", async () => {
    const getCurrentPosition = stubGeolocation((success) =>
      success({ coords: { latitude: 29.7, longitude: -95.4 } } as GeolocationPosition),
    );
    renderMap();
    await drawnCount();
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(screen.getByText('You Are Here')).toBeTruthy();
  });

  it('shows nothing when geolocation is denied', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    stubGeolocation((_, failure) =>
      failure({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    renderMap();
    await drawnCount();
    expect(screen.queryByText('You Are Here')).toBeNull();
    expect(debug).toHaveBeenCalledWith('Geolocation unavailable:', 'User denied Geolocation');
  });

  it('moves to a location when asked', async () => {
    stubGeolocation(() => {});
    const { rerender } = renderMap();
    expect(await drawnCount()).toBe(2);
    const props = {
      mode: 'daily',
      selectedId: 2,
      onSelect: vi.fn(),
      tileUrl: null,
      tileAttribution: null,
    } as const;
    rerender(
      <LocationMap {...props} locations={sites} view={{ kind: 'focus', locationId: 2, zoom: 15, key: 2 }} />,
    );
    await waitFor(() => expect(screen.getByTestId('location-map').dataset.markerCount).toBe('3'));
  });

  it('stays where the user took it when the data refreshes', async () => {
    stubGeolocation(() => {});
    const props = {
      mode: 'daily',
      selectedId: null,
      onSelect: vi.fn(),
      tileUrl: null,
      tileAttribution: null,
    } as const;
    const { rerender } = renderMap();
    await drawnCount();
    await user.click(screen.getByRole('button', { name: /^3 locations/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^3 locations/ })).toBeNull());
    rerender(
      <LocationMap
        {...props}
        locations={sites.map((site) => ({ ...site }))}
        view={{ kind: 'fit', key: 1 }}
      />,
    );
    expect(screen.queryByRole('button', { name: /^3 locations/ })).toBeNull();
  });
});

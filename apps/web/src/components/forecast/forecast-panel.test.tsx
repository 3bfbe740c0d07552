import type { Viewer } from '@pluvio/shared/roles';
import type { TierNumber } from '@pluvio/shared/tiers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildLocation } from '../../testing/fixtures';
import { jsonResponse, renderWithProviders, stubFetch, withConfig } from '../../testing/render';
import { ForecastPanel } from './forecast-panel';

const LOCATION = buildLocation({ id: 101, name: 'Warehouse North' });
const FORECAST_URL = '/api/locations/101/forecast?client_id=10';
const FORECASTS = [
  { date: '2026-11-14', value: 0.25 },
  { date: '2026-11-15', value: 1.5 },
  { date: '2026-11-16', value: 0 },
];

function viewerAt(tier: TierNumber): Viewer {
  return { role: 'client', coOwner: false, isSuperuser: false, tier };
}

function serveForecast(answer = () => jsonResponse({ forecasts: FORECASTS })) {
  return stubFetch(withConfig((url) => (url === FORECAST_URL ? answer() : jsonResponse({}, 404))));
}

function forecastCalls(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls.filter(([url]) => String(url).includes('/forecast'));
}

function dayColumns() {
  const list = screen.getByRole('list', { name: 'Forecast for Warehouse North' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('forecast panel', () => {
  it('is the #forecast section with only the National tab when no location is selected', () => {
    serveForecast();
    const { container } = renderWithProviders(
      <ForecastPanel location={null} clientId={10} viewer={viewerAt(3)} />,
    );
    const section = container.querySelector('section#forecast');
    expect(section).toBeTruthy();
    expect(screen.getByRole('heading', { name: '3 Day Forecast' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['National']);
    expect(screen.getAllByRole('img')).toHaveLength(3);
  });

  it('shows the upgrade notice below tier 3 and never asks for the location forecast', async () => {
    const fetchMock = serveForecast();
    renderWithProviders(<ForecastPanel location={LOCATION} clientId={10} viewer={viewerAt(2)} />);
    expect(screen.getByRole('tab', { name: 'National', selected: true })).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Warehouse North' }));
    const panel = screen.getByRole('tabpanel', { name: 'Warehouse North' });
    expect(panel.textContent).toContain('This feature is not available at your current service level');
    expect(within(panel).getByRole('link', { name: 'Click Here to Upgrade' }).getAttribute('href')).toBe(
      '/upgrade',
    );
    expect(forecastCalls(fetchMock)).toEqual([]);
  });

  it('opens on the location tab at tier 3 with a column per day', async () => {
    const fetchMock = serveForecast();
    renderWithProviders(<ForecastPanel location={LOCATION} clientId={10} viewer={viewerAt(3)} />);
    expect(screen.getByRole('tab', { name: 'Warehouse North', selected: true })).toBeTruthy();
    expect(screen.getByText('Loading...')).toBeTruthy();

    await screen.findByRole('list', { name: 'Forecast for Warehouse North' });
    expect(dayColumns()).toEqual(['SatNov 140.25 in', 'SunNov 151.50 in', 'MonNov 160.00 in']);
    expect(forecastCalls(fetchMock).map(([url]) => url)).toEqual([FORECAST_URL]);
  });

  it('reads the forecast again when the dashboard refreshes its rainfall data', async () => {
    let rain = 0.25;
    const fetchMock = serveForecast(() => jsonResponse({ forecasts: [{ date: '2026-11-14', value: rain }] }));
    const { queryClient } = renderWithProviders(
      <ForecastPanel location={LOCATION} clientId={10} viewer={viewerAt(3)} />,
    );
    await screen.findByText('0.25 in');

    rain = 0.75;
    await queryClient.invalidateQueries({ queryKey: ['rainfall'] });
    expect(await screen.findByText('0.75 in')).toBeTruthy();
    expect(forecastCalls(fetchMock)).toHaveLength(2);
  });

  it('says the forecast could not be loaded, with the reason', async () => {
    serveForecast(() => jsonResponse({ detail: 'Forecast source unavailable' }, 503));
    renderWithProviders(<ForecastPanel location={LOCATION} clientId={10} viewer={viewerAt(3)} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error loading data. Please try again later. Forecast source unavailable',
    );
  });

  it('keeps the tab the user chose when another location is selected', async () => {
    serveForecast();
    const { rerender } = renderWithProviders(
      <ForecastPanel location={LOCATION} clientId={10} viewer={viewerAt(3)} />,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'National' }));
    rerender(
      <ForecastPanel
        location={buildLocation({ id: 102, name: 'Depot South' })}
        clientId={10}
        viewer={viewerAt(3)}
      />,
    );
    expect(screen.getByRole('tab', { name: 'National', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Depot South' })).toBeTruthy();
  });
});

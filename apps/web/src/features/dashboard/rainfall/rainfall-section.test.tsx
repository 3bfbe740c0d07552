import type { Location } from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import type { SeriesResponse } from '@pluvio/shared/rainfall';
import type { Viewer } from '@pluvio/shared/roles';
import { TIER, type TierNumber } from '@pluvio/shared/tiers';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { setUser } from '../../../lib/session';
import { buildClient, buildLocation, buildUser } from '../../../testing/fixtures';
import { stubMatchMedia } from '../../../testing/match-media';
import { type FetchHandler, jsonResponse, stubFetch } from '../../../testing/render';
import { SCROLL_HINT } from './rainfall-panels';
import { RainfallSection, type RainfallSectionProps, SELECT_LOCATION_TEXT } from './rainfall-section';

const DAILY_URL = '/api/locations/101/24h_data/2026-11-19/2026-11-21?client_id=10';
const HOURLY_URL = '/api/locations/101/hourly_data?days=2&client_id=10';
const QUARTER_URL = '/api/locations/101/15m_data?hours=12&client_id=10';

const DAILY = {
  total_rainfall: 1.5,
  items: [
    { date: '2026-11-19', rainfall: 0.25 },
    { date: '2026-11-20', rainfall: 1 },
    { date: '2026-11-21', rainfall: 0.25 },
  ],
};

const HOURLY = {
  hourly_data: {
    '2026-11-21T01:00:00-05:00': { total: 0.1, '24h_total': 0.1 },
    '2026-11-21T02:00:00-05:00': { total: 0.5, '24h_total': 0.6 },
    '2026-11-21T03:00:00-05:00': { total: 0.25, '24h_total': 0.85 },
  },
};

function viewerAt(tier: TierNumber): Viewer {
  return { role: 'client', coOwner: false, isSuperuser: false, tier };
}

const routes: Record<string, unknown> = { [DAILY_URL]: DAILY, [HOURLY_URL]: HOURLY, [QUARTER_URL]: HOURLY };

function serveRainfall(
  handler: FetchHandler = (url) => jsonResponse(routes[url] ?? { detail: 'unexpected' }),
) {
  return stubFetch(handler);
}

function renderSection(props: Partial<RainfallSectionProps> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter>
        <RainfallSection
          location={buildLocation()}
          clientId={10}
          viewer={viewerAt(TIER.bronze)}
          tableView
          timeZone="America/New_York"
          {...props}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, queryClient };
}

function tabNames(): string[] {
  return screen.getAllByRole('tab').map((tab) => tab.textContent ?? '');
}

function cellTexts(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

async function waitUntilLoaded() {
  await vi.waitFor(() => expect(screen.queryByText(MESSAGES.loading)).toBeNull());
}

beforeEach(() => {
  // 10:00 in New York on 2026-11-21.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T15:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('RainfallSection', () => {
  it('shows bronze the 24 Hour and 1 Hour charts and the upgrade notice instead of RapidRain and NOAA', async () => {
    const fetchMock = serveRainfall();
    renderSection();
    expect(screen.getByRole('heading', { name: 'Rainfall Warehouse North' })).toBeTruthy();
    expect(document.getElementById('graphs')).toBeTruthy();
    expect(tabNames()).toEqual(['24 Hour', '1 Hour']);
    expect(screen.getByText(/RapidRain and NOAA Atlas 14/)).toBeTruthy();
    expect(screen.getByText(new RegExp(MESSAGES.tierTooLow))).toBeTruthy();
    expect(screen.getByRole('link', { name: MESSAGES.clickToUpgrade }).getAttribute('href')).toBe('/upgrade');

    expect(screen.getByText(MESSAGES.loading)).toBeTruthy();
    await waitUntilLoaded();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([DAILY_URL]);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(legend.textContent).toContain("Exceeds the location's 24-hour threshold");
    expect(legend.textContent).not.toContain('NOAA Atlas 14');
  });

  it('tells a contact of a bronze account that its owner upgrades, with no upgrade link they cannot use', async () => {
    serveRainfall();
    setUser(buildUser({ role: 'contact', clients: [buildClient({ membership: 'contact' })] }));
    renderSection({ viewer: { ...viewerAt(TIER.bronze), role: 'contact' } });
    expect(screen.getByText(MESSAGES.chartsAboveLevel)).toBeTruthy();
    expect(screen.getByText(new RegExp(MESSAGES.upgradeByOwner))).toBeTruthy();
    expect(screen.queryByRole('link', { name: MESSAGES.clickToUpgrade })).toBeNull();
    setUser(null);
    await waitUntilLoaded();
  });

  it('shows silver the RapidRain chart from the 15-minute data and the red legend', async () => {
    const fetchMock = serveRainfall();
    renderSection({ viewer: viewerAt(TIER.silver) });
    expect(tabNames()).toEqual(['24 Hour', '1 Hour', 'RapidRain', 'NOAA Atlas 14']);
    expect(screen.queryByText(MESSAGES.tierTooLow)).toBeNull();
    expect(screen.getByRole('list', { name: 'Legend' }).textContent).toContain(
      'Exceeds the 24-hour NOAA Atlas 14 value',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'RapidRain' }));
    expect(
      await screen.findByRole('region', { name: 'RapidRain 15-minute rainfall, Warehouse North' }),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(QUARTER_URL);
  });

  it("shows the NOAA Atlas 14 table with 'No Data' when the location has no depths", async () => {
    serveRainfall();
    renderSection({ viewer: viewerAt(TIER.silver) });
    await userEvent.click(screen.getByRole('tab', { name: 'NOAA Atlas 14' }));
    const table = screen.getByRole('table', { name: 'NOAA Atlas 14' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellTexts(row)[0])).toEqual([
      '1',
      '2',
      '5',
      '10',
      '25',
      '50',
      '100',
      '200',
      '500',
      '1000',
    ]);
    for (const row of rows) expect(cellTexts(row).slice(1)).toEqual(['No Data', 'No Data']);
    expect(screen.queryByRole('list', { name: 'Legend' })).toBeNull();
  });

  it('marks the Atlas 14 rows the 24-hour total reaches', async () => {
    serveRainfall();
    const depths = (start: number) => Array.from({ length: 10 }, (_, index) => start + index);
    const location: Location = buildLocation({
      total_rainfall: 3.5,
      atlas14_threshold: { '1h': depths(1), '24h': depths(2) },
    });
    renderSection({ viewer: viewerAt(TIER.gold), location });
    await userEvent.click(screen.getByRole('tab', { name: 'NOAA Atlas 14' }));
    const rows = within(screen.getByRole('table', { name: 'NOAA Atlas 14' })).getAllByRole('row');
    expect(cellTexts(rows[1] as HTMLElement)).toEqual(['1Reached', '2.00', '1.00']);
    expect(cellTexts(rows[2] as HTMLElement)).toEqual(['2Reached', '3.00', '2.00']);
    expect(cellTexts(rows[3] as HTMLElement)).toEqual(['5', '4.00', '3.00']);
  });

  it('shows the hourly table with running totals in Table View', async () => {
    serveRainfall();
    renderSection();
    await userEvent.click(screen.getByRole('switch', { name: 'Table View' }));
    const table = await screen.findByRole('table', { name: 'Hourly rainfall' });
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(
      within(header as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date Time (MM-DD HH:mm)', 'Amount (inches)', 'Running Total (inches)']);
    expect(rows.map(cellTexts)).toEqual([
      ['11-21 01:00', '0.10', '0.10'],
      ['11-21 02:00', '0.50Above threshold', '0.60'],
      ['11-21 03:00', '0.25', '0.85'],
    ]);
    expect(screen.queryByRole('tab')).toBeNull();

    await userEvent.click(screen.getByRole('switch', { name: 'Table View' }));
    expect(screen.getByRole('tab', { name: '24 Hour', selected: true })).toBeTruthy();
  });

  it("refetches when the page invalidates ['rainfall'] and keeps the rows meanwhile", async () => {
    let hourly: SeriesResponse = HOURLY;
    const fetchMock = serveRainfall((url) => jsonResponse(url === HOURLY_URL ? hourly : DAILY));
    const { queryClient } = renderSection();
    await userEvent.click(screen.getByRole('switch', { name: 'Table View' }));
    await screen.findByRole('table', { name: 'Hourly rainfall' });

    hourly = {
      hourly_data: { ...HOURLY.hourly_data, '2026-11-21T04:00:00-05:00': { total: 0.15, '24h_total': 1 } },
    };
    const refresh = queryClient.invalidateQueries({ queryKey: ['rainfall'] });
    expect(screen.queryByText(MESSAGES.loading)).toBeNull();
    await refresh;
    await vi.waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(5));
    expect(cellTexts(screen.getAllByRole('row')[4] as HTMLElement)).toEqual(['11-21 04:00', '0.15', '1.00']);
    expect(fetchMock.mock.calls.filter(([url]) => url === HOURLY_URL)).toHaveLength(2);
  });

  it('has no Table View when the setting is off', () => {
    serveRainfall();
    renderSection({ tableView: false });
    expect(screen.queryByRole('switch', { name: 'Table View' })).toBeNull();
  });

  it('shows Loading... and then the hourly chart, with the scroll hint on narrow screens', async () => {
    stubMatchMedia(() => true);
    let answer: (response: Response) => void = () => {};
    serveRainfall((url) =>
      url === HOURLY_URL ? new Promise<Response>((resolve) => (answer = resolve)) : jsonResponse(DAILY),
    );
    renderSection();
    await userEvent.click(screen.getByRole('tab', { name: '1 Hour' }));
    expect(screen.getByText(MESSAGES.loading)).toBeTruthy();
    expect(screen.queryByText(SCROLL_HINT)).toBeNull();

    answer(jsonResponse(HOURLY));
    expect(await screen.findByRole('region', { name: '1 Hour rainfall, Warehouse North' })).toBeTruthy();
    expect(screen.queryByText(MESSAGES.loading)).toBeNull();
    expect(screen.getByText(SCROLL_HINT)).toBeTruthy();
  });

  it('says why the chart is missing when the call fails', async () => {
    serveRainfall(() => jsonResponse({ detail: 'Database unavailable' }, 500));
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`${MESSAGES.chartLoadError} Database unavailable`);
    expect(screen.queryByText(MESSAGES.loading)).toBeNull();
  });

  it('asks for a location when none is selected', () => {
    const fetchMock = serveRainfall();
    renderSection({ location: null });
    expect(screen.getByRole('heading', { name: 'Rainfall' })).toBeTruthy();
    expect(screen.getByText(SELECT_LOCATION_TEXT)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

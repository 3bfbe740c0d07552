import type { Location } from '@pluvio/shared/locations';
import { CHART_LEGENDS, MESSAGES } from '@pluvio/shared/messages';
import type { SeriesResponse } from '@pluvio/shared/rainfall';
import type { Viewer } from '@pluvio/shared/roles';
import { TIER, type TierNumber } from '@pluvio/shared/tiers';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

const QUARTERS = {
  hourly_data: {
    '2026-11-21T10:30:00-05:00': { total: 0.4, '24h_total': 0.4 },
    '2026-11-21T10:45:00-05:00': { total: 0.05, '24h_total': 0.45 },
  },
};

const routes: Record<string, unknown> = { [DAILY_URL]: DAILY, [HOURLY_URL]: HOURLY, [QUARTER_URL]: QUARTERS };

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

function legendItems(): string[] {
  return within(screen.getByRole('list', { name: 'Legend' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

async function waitUntilLoaded() {
  await vi.waitFor(() => expect(screen.queryByText(MESSAGES.loading)).toBeNull());
}

beforeEach(() => {
  // 10:00 in New York on 2026-11-21.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T15:00:00Z'));
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

  it('shows silver the RapidRain chart from the 15-minute data, each chart with the legend of its threshold', async () => {
    const fetchMock = serveRainfall();
    renderSection({ viewer: viewerAt(TIER.silver), location: buildLocation({ rapidrain_threshold: 0.3 }) });
    expect(tabNames()).toEqual(['24 Hour', '1 Hour', 'RapidRain', 'NOAA Atlas 14']);
    expect(screen.queryByText(MESSAGES.tierTooLow)).toBeNull();
    await waitUntilLoaded();
    expect(legendItems()).toEqual([
      CHART_LEGENDS.daily.orange,
      CHART_LEGENDS.daily.red,
      'Dashed line: the 24-hour threshold, 0.50 in',
    ]);

    await userEvent.click(screen.getByRole('tab', { name: '1 Hour' }));
    await waitUntilLoaded();
    expect(legendItems()).toEqual([
      CHART_LEGENDS.hourly.orange,
      'Dashed line: the 24-hour threshold, 0.50 in',
    ]);

    await userEvent.click(screen.getByRole('tab', { name: 'RapidRain' }));
    expect(
      await screen.findByRole('region', { name: 'RapidRain 15-minute rainfall, Warehouse North' }),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(QUARTER_URL);
    // 15-minute bars are compared with the RapidRain threshold, never the 24-hour one.
    expect(legendItems()).toEqual([
      CHART_LEGENDS.rapidrain.orange,
      'Dashed line: the RapidRain threshold, 0.30 in',
    ]);
    expect(screen.getByRole('list', { name: 'Legend' }).textContent).not.toContain('24-hour');
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

  it("shows in Table View each tab's own numbers, newest first, with running totals", async () => {
    serveRainfall();
    renderSection({ viewer: viewerAt(TIER.silver), location: buildLocation({ rapidrain_threshold: 0.3 }) });
    await userEvent.click(screen.getByRole('switch', { name: 'Table View' }));
    expect(screen.getByRole('tab', { name: '24 Hour', selected: true })).toBeTruthy();
    const daily = await screen.findByRole('table', { name: '24 Hour rainfall' });
    const [header, ...days] = within(daily).getAllByRole('row');
    expect(
      within(header as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date (MM-DD)', 'Amount (inches)', 'Running Total (inches)']);
    expect(days.map(cellTexts)).toEqual([
      ['11-21', '0.25', '1.50'],
      ['11-20', '1.00Above threshold', '1.25'],
      ['11-19', '0.25', '0.25'],
    ]);

    await userEvent.click(screen.getByRole('tab', { name: '1 Hour' }));
    const hourly = await screen.findByRole('table', { name: 'Hourly rainfall' });
    const [hourlyHeader, ...hours] = within(hourly).getAllByRole('row');
    expect(
      within(hourlyHeader as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date Time (MM-DD HH:mm)', 'Amount (inches)', 'Running Total (inches)']);
    expect(hours.map(cellTexts)).toEqual([
      ['11-21 03:00', '0.25', '0.85'],
      ['11-21 02:00', '0.50Above threshold', '0.60'],
      ['11-21 01:00', '0.10', '0.10'],
    ]);

    await userEvent.click(screen.getByRole('tab', { name: 'RapidRain' }));
    const quarters = await screen.findByRole('table', { name: 'RapidRain 15-minute rainfall' });
    expect(within(quarters).getAllByRole('row').slice(1).map(cellTexts)).toEqual([
      ['11-21 10:45', '0.05', '0.45'],
      ['11-21 10:30', '0.40Above threshold', '0.40'],
    ]);

    await userEvent.click(screen.getByRole('tab', { name: 'NOAA Atlas 14' }));
    expect(screen.getByRole('table', { name: 'NOAA Atlas 14' })).toBeTruthy();

    await userEvent.click(screen.getByRole('switch', { name: 'Table View' }));
    expect(screen.getByRole('tab', { name: 'NOAA Atlas 14', selected: true })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: '1 Hour' }));
    expect(await screen.findByRole('region', { name: '1 Hour rainfall, Warehouse North' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('marks the hours after the processed one as provisional, in the table and the legend', async () => {
    serveRainfall();
    renderSection({
      // Processed to 02:00 EST: the hour ending 03:00 is its quarters so far.
      provisional: { from: '2026-11-21T07:00:00.000Z', to: '2026-11-21T07:30:00.000Z' },
    });
    await userEvent.click(screen.getByRole('switch', { name: 'Table View' }));
    await userEvent.click(screen.getByRole('tab', { name: '1 Hour' }));
    const hourly = await screen.findByRole('table', { name: 'Hourly rainfall' });
    expect(within(hourly).getAllByRole('row').slice(1).map(cellTexts)).toEqual([
      ['11-21 03:00Provisional', '0.25', '0.85'],
      ['11-21 02:00', '0.50Above threshold', '0.60'],
      ['11-21 01:00', '0.10', '0.10'],
    ]);
    // A table has no dashed line and no faded bars to explain.
    expect(legendItems()).toEqual([CHART_LEGENDS.hourly.orange]);

    await userEvent.click(screen.getByRole('switch', { name: 'Table View' }));
    expect(await screen.findByRole('region', { name: '1 Hour rainfall, Warehouse North' })).toBeTruthy();
    expect(legendItems()).toContain(CHART_LEGENDS.provisional);
  });

  it("refetches when the page invalidates ['rainfall'] and keeps the rows meanwhile", async () => {
    let hourly: SeriesResponse = HOURLY;
    const fetchMock = serveRainfall((url) => jsonResponse(url === HOURLY_URL ? hourly : DAILY));
    const { queryClient } = renderSection();
    await userEvent.click(screen.getByRole('switch', { name: 'Table View' }));
    await userEvent.click(screen.getByRole('tab', { name: '1 Hour' }));
    const table = await screen.findByRole('table', { name: 'Hourly rainfall' });

    hourly = {
      hourly_data: { ...HOURLY.hourly_data, '2026-11-21T04:00:00-05:00': { total: 0.15, '24h_total': 1 } },
    };
    const refresh = queryClient.invalidateQueries({ queryKey: ['rainfall'] });
    expect(screen.queryByText(MESSAGES.loading)).toBeNull();
    await refresh;
    await vi.waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    expect(cellTexts(within(table).getAllByRole('row')[1] as HTMLElement)).toEqual([
      '11-21 04:00',
      '0.15',
      '1.00',
    ]);
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

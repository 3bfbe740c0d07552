import type { Alert } from '@pluvio/shared/alerts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { jsonResponse, stubFetch } from '../../testing/render';
import { RECENT_ALERTS, RecentAlerts } from './recent-alerts';

const RAPIDRAIN: Alert = {
  id: 7,
  kind: 'rapidrain',
  location_id: 101,
  location_name: 'Houston',
  // 6:15 PM EST, a quarter hour whose hourly field has not arrived yet.
  fired_at: '2026-11-26T23:15:00.000Z',
  value: 0.49,
  threshold: 0.4,
  recurrence_interval: null,
  notified: true,
  deliveries: [],
};

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter>
        <RecentAlerts clientId={10} timeZone="America/New_York" />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('RecentAlerts', () => {
  it('lists the newest alerts, a RapidRain one ahead of the processed hour too, and links to the history', async () => {
    const fetchMock = stubFetch(() => jsonResponse([RAPIDRAIN]));
    renderCard();
    const list = await screen.findByRole('list', { name: 'Newest alerts' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['HoustonRapidRain (15 minutes): 0.49 in (threshold 0.40 in)Nov 26, 6:15 PM EST']);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `/api/alerts?client_id=10&page=1&page_size=${RECENT_ALERTS}`,
    ]);
    expect(screen.getByRole('link', { name: 'See the alert history' }).getAttribute('href')).toBe('/alerts');
  });

  it('says when nothing has fired yet', async () => {
    stubFetch(() => jsonResponse([]));
    renderCard();
    expect(await screen.findByText(/No alerts yet/)).toBeTruthy();
  });
});

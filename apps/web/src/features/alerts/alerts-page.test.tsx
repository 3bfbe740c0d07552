import { ALERT_MESSAGES } from '@pluvio/shared/alerts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUser } from '../../lib/session';
import { buildUser } from '../../testing/fixtures';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

const alert = {
  id: 7,
  kind: 'atlas14_24h',
  location_id: 101,
  location_name: 'Warehouse North',
  fired_at: '2026-11-21T19:00:00.000Z',
  value: 2.31,
  threshold: 2.2,
  recurrence_interval: 25,
  notified: true,
  deliveries: [
    { channel: 'email', recipient: 'owner@example.com', status: 'sent', sent_at: '2026-11-21T20:06:00.000Z' },
    { channel: 'sms', recipient: '+15125550100', status: 'failed', sent_at: null },
  ],
};

describe('alert history', () => {
  it('lists what fired, in the product time zone, with each delivery and its status', async () => {
    const calls: string[] = [];
    stubFetch(
      withConfig((url) => {
        calls.push(url);
        return url.startsWith('/api/alerts')
          ? jsonResponse([alert, { ...alert, id: 8, notified: false, deliveries: [] }])
          : jsonResponse({}, 500);
      }),
    );
    setUser(buildUser());
    renderRoute('/alerts');
    const table = await screen.findByRole('table', { name: 'Alerts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Nov 21, 2:00 PM EST');
    expect(rows[0]?.textContent).toContain('NOAA Atlas 14, 24 hours (25-year)');
    expect(rows[0]?.textContent).toContain('2.31');
    expect(rows[0]?.textContent).toContain('E-mail owner@example.comSent');
    expect(rows[0]?.textContent).toContain('SMS +15125550100Failed');
    expect(rows[1]?.textContent).toContain(ALERT_MESSAGES.foundInPastData);
    expect(calls.find((url) => url.startsWith('/api/alerts'))).toContain('client_id=10');
  });
});

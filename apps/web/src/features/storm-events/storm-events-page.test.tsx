import { STORM_EVENT_MESSAGES, type StormEventView } from '@pluvio/shared/storm-events-api';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildLocation, buildStormEvent, buildUser } from '../../testing/fixtures';
import { stubMatchMedia } from '../../testing/match-media';
import { jsonResponse, renderRoute, serveExpected } from '../../testing/render';
import { signInAs } from '../../testing/session';

const EVENTS = [
  buildStormEvent(),
  buildStormEvent({ id: 32, location_name: 'Dock 4', status: 'open', ended_at: null, due_at: null }),
  buildStormEvent({ id: 33, location_name: 'Yard East', status: 'inspected' }),
];

const pageOf = (items: StormEventView[], total = items.length) => ({ items, total, page: 1, page_size: 50 });

/** Serves the account's locations and `answer` for the list; returns the list's requests. */
function serveList(answer: () => Response) {
  const asked: URL[] = [];
  serveExpected((url) => {
    if (url.startsWith('/api/locations/')) {
      return jsonResponse([buildLocation(), buildLocation({ id: 102, name: 'Dock 4' })]);
    }
    if (!url.startsWith('/api/storm-events')) return undefined;
    asked.push(new URL(url, 'http://localhost'));
    return answer();
  });
  return asked;
}

describe('storm events list', () => {
  it('shows each event as a row with its status, Eastern times, total and due time', async () => {
    serveList(() => jsonResponse(pageOf(EVENTS)));
    signInAs(buildUser());
    renderRoute('/storm-events');
    const table = await screen.findByRole('table', { name: 'Storm events' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Warehouse North');
    expect(rows[0]?.textContent).toContain('Overdue');
    expect(rows[0]?.textContent).toContain('Nov 20, 8:00 AM – 1:00 PM EST');
    expect(rows[0]?.textContent).toContain('0.42 in');
    expect(rows[0]?.textContent).toContain('Due by Nov 21, 1:00 PM EST');
    expect(rows[1]?.textContent).toContain('Storm open');
    expect(rows[1]?.textContent).toContain('Not ended yet');
    expect(rows[2]?.textContent).toContain('Inspected');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Warehouse North' })
        .getAttribute('href'),
    ).toBe('/storm-events/31');
  });

  it('shows cards on a phone, each opening its event', async () => {
    stubMatchMedia((query) => query.includes('max-width: 599'));
    serveList(() => jsonResponse(pageOf(EVENTS)));
    signInAs(buildUser());
    renderRoute('/storm-events');
    const list = await screen.findByRole('list', { name: 'Storm events' });
    const cards = within(list).getAllByRole('link');
    expect(cards).toHaveLength(3);
    expect(cards[0]?.getAttribute('href')).toBe('/storm-events/31');
    expect(cards[0]?.textContent).toContain('Overdue');
    expect(cards[0]?.textContent).toContain('Due by Nov 21, 1:00 PM EST');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks for the status, location and dates chosen, and opens narrowed to a location from its address', async () => {
    const asked = serveList(() => jsonResponse(pageOf(EVENTS)));
    signInAs(buildUser());
    renderRoute('/storm-events?location_id=102');
    await screen.findByRole('table', { name: 'Storm events' });
    expect(asked[0]?.searchParams.get('location_id')).toBe('102');
    expect(asked[0]?.searchParams.get('client_id')).toBe('10');
    expect(asked[0]?.searchParams.has('status')).toBe(false);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'due' } });
    fireEvent.change(screen.getByLabelText('Started from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Started to'), { target: { value: '2026-11-25' } });
    await expect.poll(() => asked.at(-1)?.searchParams.get('to')).toBe('2026-11-25');
    const last = Object.fromEntries(asked.at(-1)?.searchParams ?? []);
    expect(last).toEqual({
      client_id: '10',
      location_id: '102',
      status: 'due',
      from: '2026-11-01',
      to: '2026-11-25',
      page: '1',
      page_size: '50',
    });
  });

  it('pages through more events than a page holds', async () => {
    const asked = serveList(() => jsonResponse(pageOf(EVENTS, 120)));
    signInAs(buildUser());
    renderRoute('/storm-events');
    await screen.findByRole('table', { name: 'Storm events' });
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await expect.poll(() => asked.at(-1)?.searchParams.get('page')).toBe('3');
  });

  it('says when there are no events, and shows the error of a failed call', async () => {
    serveList(() => jsonResponse(pageOf([])));
    signInAs(buildUser());
    const view = renderRoute('/storm-events');
    expect(await screen.findByText(STORM_EVENT_MESSAGES.none)).toBeTruthy();
    view.unmount();

    serveList(() => jsonResponse({ detail: STORM_EVENT_MESSAGES.range }, 422));
    renderRoute('/storm-events?from=2025-01-01&to=2026-11-25');
    expect((await screen.findByRole('alert')).textContent).toContain(STORM_EVENT_MESSAGES.range);
  });
});

import { ROUTINE_MESSAGES, type RoutineInspection } from '@pluvio/shared/routine-inspections';
import { STORM_EVENT_MESSAGES, type StormEventView } from '@pluvio/shared/storm-events-api';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildLocation, buildRoutineInspection, buildStormEvent, buildUser } from '../../testing/fixtures';
import { stubMatchMedia } from '../../testing/match-media';
import { jsonResponse, renderRoute, serveExpected } from '../../testing/render';
import { signInAs } from '../../testing/session';
import { ROUTINE_SHOWN_FIRST } from './routine-schedule';

const EVENTS = [
  buildStormEvent(),
  buildStormEvent({ id: 32, location_name: 'Dock 4', status: 'open', ended_at: null, due_at: null }),
  buildStormEvent({ id: 33, location_name: 'Yard East', status: 'inspected' }),
];

const pageOf = (items: StormEventView[], total = items.length) => ({ items, total, page: 1, page_size: 50 });

const ROUTINE = [
  buildRoutineInspection(),
  buildRoutineInspection({
    location_id: 102,
    location_name: 'Dock 4',
    cadence_days: 14,
    since: '2026-11-15T17:00:00.000Z',
    last_inspection: null,
    due_at: '2026-11-30T04:59:59.999Z',
    status: 'due',
  }),
];

const schedule = (items: RoutineInspection[]) => () => jsonResponse({ items });

/**
 * Serves the account's locations, `answer` for the events and `routine` for the routine schedule
 * (none unless given); returns the requests of each list.
 */
function serveList(answer: () => Response, routine = () => jsonResponse({ items: [] })) {
  const asked = { events: [] as URL[], routine: [] as URL[] };
  serveExpected((url) => {
    if (url.startsWith('/api/locations/')) {
      return jsonResponse([buildLocation(), buildLocation({ id: 102, name: 'Dock 4' })]);
    }
    const request = new URL(url, 'http://localhost');
    if (request.pathname === '/api/routine-inspections') {
      asked.routine.push(request);
      return routine();
    }
    if (!url.startsWith('/api/storm-events')) return undefined;
    asked.events.push(request);
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
    const { events: asked } = serveList(() => jsonResponse(pageOf(EVENTS)));
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
    const { events: asked } = serveList(() => jsonResponse(pageOf(EVENTS, 120)));
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

describe('routine inspections on the storm events page', () => {
  const badgeBorder = (label: string, row: HTMLElement) =>
    within(row).getByText(label).closest('.mantine-Badge-root')?.getAttribute('style');

  it('lists each location’s routine inspection before the storm events, with its cadence, last inspection and due time', async () => {
    serveList(() => jsonResponse(pageOf(EVENTS)), schedule(ROUTINE));
    signInAs(buildUser());
    renderRoute('/storm-events');
    const table = await screen.findByRole('table', { name: 'Routine inspections' });
    const [overdue, due] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(overdue.textContent).toBe(
      'Warehouse NorthRoutine overdueEvery 7 daysNov 20, 2:30 PM EST by Jane DoeDue by Nov 27, 11:59 PM EST',
    );
    expect(due.textContent).toBe(
      'Dock 4Routine dueEvery 14 daysNone since Nov 15, 2026Due by Nov 29, 11:59 PM EST',
    );
    expect(badgeBorder('Routine overdue', overdue)).toContain('red-7');
    expect(badgeBorder('Routine due', due)).toContain('orange-7');
    expect(within(overdue).getByRole('link', { name: 'Warehouse North' }).getAttribute('href')).toBe(
      '/storm-events/routine/101',
    );
    const routineSection = screen.getByRole('region', { name: 'Routine inspections' });
    const eventsSection = screen.getByRole('region', { name: 'Storm events' });
    expect(
      routineSection.compareDocumentPosition(eventsSection) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows routine inspections as cards on a phone, each opening its location’s routine page', async () => {
    stubMatchMedia((query) => query.includes('max-width: 599'));
    serveList(() => jsonResponse(pageOf(EVENTS)), schedule(ROUTINE));
    signInAs(buildUser());
    renderRoute('/storm-events');
    const list = await screen.findByRole('list', { name: 'Routine inspections' });
    const cards = within(list).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/storm-events/routine/101',
      '/storm-events/routine/102',
    ]);
    expect(cards[0]?.textContent).toBe(
      'Warehouse NorthRoutine overdueLast inspection: Nov 20, 2:30 PM EST by Jane DoeEvery 7 daysDue by Nov 27, 11:59 PM EST',
    );
    expect(cards[0]?.getAttribute('aria-label')).toBe(
      'Warehouse North: Routine overdue, Due by Nov 27, 11:59 PM EST',
    );
    expect(cards[1]?.textContent).toContain('Last inspection: None since Nov 15, 2026');
    expect(screen.queryByRole('table', { name: 'Routine inspections' })).toBeNull();
  });

  it('says when no location has routine inspections, and when the chosen location has none', async () => {
    const asked = serveList(() => jsonResponse(pageOf(EVENTS)));
    signInAs(buildUser());
    const view = renderRoute('/storm-events');
    expect(await screen.findByText(ROUTINE_MESSAGES.none)).toBeTruthy();
    expect(asked.routine[0]?.searchParams.has('location_id')).toBe(false);
    view.unmount();

    renderRoute('/storm-events?location_id=102');
    expect(await screen.findByText(ROUTINE_MESSAGES.notScheduled)).toBeTruthy();
    expect(Object.fromEntries(asked.routine.at(-1)?.searchParams ?? [])).toEqual({
      client_id: '10',
      location_id: '102',
    });
  });

  it('shows the most urgent routine inspections first and the rest on Show all', async () => {
    const many = Array.from({ length: ROUTINE_SHOWN_FIRST + 2 }, (_, index) =>
      buildRoutineInspection({ location_id: 200 + index, location_name: `Site ${index + 1}` }),
    );
    serveList(() => jsonResponse(pageOf(EVENTS)), schedule(many));
    signInAs(buildUser());
    renderRoute('/storm-events');
    const table = await screen.findByRole('table', { name: 'Routine inspections' });
    expect(within(table).getAllByRole('row')).toHaveLength(ROUTINE_SHOWN_FIRST + 1);
    await userEvent.click(screen.getByRole('button', { name: `Show all ${many.length} locations` }));
    expect(within(table).getAllByRole('row')).toHaveLength(many.length + 1);
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();
  });

  it('shows the error of a failed schedule call beside the storm events, and Refresh reads both again', async () => {
    const asked = serveList(
      () => jsonResponse(pageOf(EVENTS)),
      () => jsonResponse({ detail: 'The routine schedule is resting' }, 503),
    );
    signInAs(buildUser());
    renderRoute('/storm-events');
    expect((await screen.findByRole('alert')).textContent).toBe('The routine schedule is resting');
    expect(await screen.findByRole('table', { name: 'Storm events' })).toBeTruthy();
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    await expect.poll(() => (refresh as HTMLButtonElement).disabled).toBe(false);
    const before = { events: asked.events.length, routine: asked.routine.length };
    await userEvent.click(refresh);
    await expect.poll(() => asked.routine.length).toBe(before.routine + 1);
    expect(asked.events.length).toBe(before.events + 1);
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { buildLocation } from '../../../testing/fixtures';
import { LocationList, type LocationListProps } from './location-list';

const user = userEvent.setup();

const sites = [
  buildLocation({ id: 1, name: 'Dry Creek' }),
  buildLocation({
    id: 2,
    name: 'Warehouse South',
    total_hourly_rainfall: 0.6,
    color_hourly: 'orange',
    total_rainfall: 1.234,
  }),
  buildLocation({ id: 3, name: 'River Yard', total_hourly_rainfall: 2.5, color_hourly: 'red' }),
];

function manySites(count: number) {
  return Array.from({ length: count }, (_, index) =>
    buildLocation({ id: index + 1, name: `Site ${index + 1}` }),
  );
}

function props(overrides: Partial<LocationListProps> = {}): LocationListProps {
  return {
    locations: sites,
    mode: 'daily',
    selectedId: null,
    onSelect: vi.fn(),
    search: '',
    onSearchChange: vi.fn(),
    filter: 'green',
    onFilterChange: vi.fn(),
    showNoaaFilter: true,
    total: sites.length,
    ...overrides,
  };
}

function renderList(overrides: Partial<LocationListProps> = {}) {
  const given = props(overrides);
  const view = render(<LocationList {...given} />, {
    wrapper: ({ children }) => <AppProviders env="test">{children}</AppProviders>,
  });
  const rerender = (changes: Partial<LocationListProps>) =>
    view.rerender(<LocationList {...given} {...changes} />);
  return { props: given, rerender };
}

function rows() {
  return within(screen.getByRole('listbox', { name: 'Locations' })).getAllByRole('option');
}

function row(id: number) {
  const found = document.querySelector<HTMLElement>(`[data-location-id="${id}"]`);
  if (!found) throw new Error(`no row for location ${id}`);
  return found;
}

// jsdom lays nothing out: give the scrolling list the height the page would.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
});

afterEach(() => {
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
});

describe('LocationList', () => {
  it('shows each location with its status and the amount of the tab in inches', () => {
    renderList();
    expect(rows().map((option) => option.textContent)).toEqual([
      'Dry CreekBelow threshold0.00 in',
      'Warehouse SouthAt or over threshold0.60 in',
      'River YardAt or over Atlas 14 depth2.50 in',
    ]);
    expect(screen.getByTestId('location-list').textContent).toContain('3 locations');
  });

  it("shows the 24-hour amount on '24 Hr Accum'", () => {
    renderList({ mode: 'accum', locations: [sites[1] as (typeof sites)[number]], total: 3 });
    expect(row(2).textContent).toBe('Warehouse SouthBelow threshold1.23 in');
    expect(screen.getByRole('status').textContent).toBe('1 of 3 locations');
  });

  it("counts one location as '1 location'", () => {
    renderList({ locations: [sites[1] as (typeof sites)[number]], total: 1 });
    expect(screen.getByTestId('location-list').textContent).toContain('1 location');
    expect(screen.getByTestId('location-list').textContent).not.toContain('1 locations');
  });

  it('reports the search as it is typed', async () => {
    const { props: given } = renderList();
    await user.type(screen.getByPlaceholderText('Search...'), 'w');
    expect(given.onSearchChange).toHaveBeenCalledWith('w');
  });

  it('clears the search', async () => {
    const { props: given } = renderList({ search: 'yard' });
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(given.onSearchChange).toHaveBeenCalledWith('');
  });

  it("offers 'Sort Location By' with the active filter checked", () => {
    renderList({ filter: 'orange' });
    const group = within(screen.getByRole('group', { name: 'Sort Location By' }));
    const checked = group.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked);
    expect(checked).toHaveLength(1);
    expect((group.getByLabelText('Above Threshold') as HTMLInputElement).checked).toBe(true);
    expect((group.getByLabelText('All') as HTMLInputElement).checked).toBe(false);
  });

  it('chooses a filter, and goes back to All when the active one is clicked again', async () => {
    const { props: given } = renderList({ filter: 'orange' });
    await user.click(screen.getByLabelText('Hide Zeroes'));
    expect(given.onFilterChange).toHaveBeenLastCalledWith('zero');
    await user.click(screen.getByLabelText('Above Threshold'));
    expect(given.onFilterChange).toHaveBeenLastCalledWith('green');
  });

  it("leaves out 'Above NOAA 14' below tier 2", () => {
    renderList({ showNoaaFilter: false });
    expect(screen.queryByLabelText('Above NOAA 14')).toBeNull();
    expect(screen.getByLabelText('Above Threshold')).toBeTruthy();
  });

  it('selects a location by click, Enter or Space', async () => {
    const { props: given } = renderList();
    await user.click(row(2));
    expect(given.onSelect).toHaveBeenLastCalledWith(2);
    fireEvent.keyDown(row(3), { key: 'Enter' });
    expect(given.onSelect).toHaveBeenLastCalledWith(3);
    fireEvent.keyDown(row(1), { key: ' ' });
    expect(given.onSelect).toHaveBeenLastCalledWith(1);
  });

  it('marks the selected row, and keeps only it in the tab order', () => {
    renderList({ selectedId: 2 });
    expect(rows().map((option) => option.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    expect(rows().map((option) => option.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('moves between rows with the arrow keys', async () => {
    renderList({ selectedId: 1 });
    row(1).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(row(2));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(row(3));
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(row(1));
  });

  it('renders only the rows in view of 10,000', () => {
    const many = manySites(10_000);
    renderList({ locations: many, total: many.length });
    expect(rows().length).toBeGreaterThan(5);
    expect(rows().length).toBeLessThan(40);
    const list = screen.getByRole('listbox');
    expect(rows()[0]?.getAttribute('aria-setsize')).toBe('10000');
    expect(list.firstElementChild?.getAttribute('style')).toContain('height: 400000px');
  });

  it('scrolls the list to a location selected elsewhere (the map)', () => {
    const scrollTo = vi.fn();
    HTMLElement.prototype.scrollTo = scrollTo;
    const many = manySites(10_000);
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(many.length * 40);
    const { rerender } = renderList({ locations: many, total: many.length });
    scrollTo.mockClear();
    rerender({ selectedId: 5000 });
    const [{ top }] = scrollTo.mock.lastCall as [{ top: number }];
    expect(top).toBeGreaterThan(4998 * 40 - 400);
    expect(top).toBeLessThanOrEqual(4999 * 40);
  });

  it("says 'No locations match' when nothing is left", () => {
    renderList({ locations: [], total: 3 });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByTestId('location-list').textContent).toContain('No locations match');
  });
});

describe('storm badges', () => {
  const storms = ({ open = vi.fn(), routineOverdue = new Set<number>(), openRoutine = vi.fn() } = {}) => ({
    byLocation: new Map([
      [2, { location_id: 2, event_id: 41, status: 'overdue' as const, due_at: '2026-11-21T18:00:00.000Z' }],
      [3, { location_id: 3, event_id: 42, status: 'open' as const, due_at: null }],
    ]),
    routineOverdue,
    open,
    openRoutine,
  });

  it('shows a badge on each location with a pending storm event, between its name and amount', () => {
    renderList({ storms: storms() });
    expect(rows().map((option) => option.textContent)).toEqual([
      'Dry CreekBelow threshold0.00 in',
      'Warehouse SouthAt or over thresholdOverdue0.60 in',
      'River YardAt or over Atlas 14 depthStorm open2.50 in',
    ]);
  });

  it("opens the badge's event without selecting the location", async () => {
    const open = vi.fn();
    const { props: given } = renderList({ storms: storms({ open }) });
    await user.click(within(row(2)).getByText('Overdue'));
    expect(open).toHaveBeenCalledWith(41);
    expect(given.onSelect).not.toHaveBeenCalled();
  });

  it("shows 'Routine overdue' on a location with no pending storm event, and keeps the storm badge where both are", () => {
    renderList({ storms: storms({ routineOverdue: new Set([1, 2]) }) });
    expect(rows().map((option) => option.textContent)).toEqual([
      'Dry CreekBelow thresholdRoutine overdue0.00 in',
      'Warehouse SouthAt or over thresholdOverdue0.60 in',
      'River YardAt or over Atlas 14 depthStorm open2.50 in',
    ]);
  });

  it("opens the location's routine page from its badge without selecting the location", async () => {
    const openRoutine = vi.fn();
    const { props: given } = renderList({ storms: storms({ routineOverdue: new Set([1]), openRoutine }) });
    await user.click(within(row(1)).getByText('Routine overdue'));
    expect(openRoutine).toHaveBeenCalledWith(1);
    expect(given.onSelect).not.toHaveBeenCalled();
  });
});

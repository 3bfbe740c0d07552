import { Checkbox, Fieldset, Group, Input, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { LocationSummary } from '@pluvio/shared/location-overview';
import type { PendingStormEvents } from '@pluvio/shared/storm-events-api';
import { countLabel, plural } from '@pluvio/shared/words';
import { IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { RoutineStatusBadge, StormStatusBadge } from '../../../components/storm-status-badge';
import type { LocationFilter, MapMode } from '../dashboard-types';
import { amountOf, colorOf, nextFilter, STATUS_STYLES } from '../location-rules';
import classes from './location-list.module.css';

export type PendingStorm = PendingStormEvents['locations'][number];

/** Each location's most urgent storm event, the locations whose routine inspection is overdue, and how to open their pages. */
export interface StormBadges {
  byLocation: ReadonlyMap<number, PendingStorm>;
  routineOverdue: ReadonlySet<number>;
  open(eventId: number): void;
  openRoutine(locationId: number): void;
}

export interface LocationListProps {
  /** Already searched and filtered. */
  locations: LocationSummary[];
  mode: MapMode;
  selectedId: number | null;
  onSelect(id: number): void;
  search: string;
  onSearchChange(value: string): void;
  filter: LocationFilter;
  onFilterChange(filter: LocationFilter): void;
  /** 'Above NOAA 14' needs tier 2 (spec part 1 §6). */
  showNoaaFilter: boolean;
  /** How many locations there are before searching and filtering. */
  total: number;
  /** A badge on each location with a storm event raining or waiting for its inspection, or its routine inspection overdue. */
  storms?: StormBadges;
}

type RowsProps = Pick<LocationListProps, 'locations' | 'mode' | 'selectedId' | 'onSelect' | 'storms'>;

const ROW_HEIGHT = 40;

const FILTER_CHOICES: { filter: LocationFilter; label: string }[] = [
  { filter: 'green', label: 'All' },
  { filter: 'zero', label: 'Hide Zeroes' },
  { filter: 'orange', label: 'Above Threshold' },
  { filter: 'red', label: 'Above NOAA 14' },
];

function formatInches(amount: number): string {
  return `${amount.toFixed(2)} in`;
}

function countLine(shown: number, total: number): string {
  return shown === total ? plural(total, 'location') : `${countLabel(shown)} of ${plural(total, 'location')}`;
}

function SearchBox({ search, onSearchChange }: Pick<LocationListProps, 'search' | 'onSearchChange'>) {
  return (
    <TextInput
      placeholder="Search..."
      aria-label="Search locations"
      value={search}
      onChange={(event) => onSearchChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        search ? <Input.ClearButton aria-label="Clear search" onClick={() => onSearchChange('')} /> : null
      }
    />
  );
}

function FilterChoices({
  filter,
  onFilterChange,
  showNoaaFilter,
}: Pick<LocationListProps, 'filter' | 'onFilterChange' | 'showNoaaFilter'>) {
  const choices = showNoaaFilter
    ? FILTER_CHOICES
    : FILTER_CHOICES.filter((choice) => choice.filter !== 'red');
  return (
    <Fieldset legend="Sort Location By" variant="unstyled" classNames={{ legend: classes.legend }}>
      <Group gap="xs">
        {choices.map((choice) => (
          <Checkbox
            key={choice.filter}
            size="sm"
            label={choice.label}
            checked={filter === choice.filter}
            onChange={() => onFilterChange(nextFilter(filter, choice.filter))}
          />
        ))}
      </Group>
    </Fieldset>
  );
}

/** A badge's click opens its page; it must not select the row too. */
function opening(open: () => void) {
  return (event: MouseEvent) => {
    event.stopPropagation();
    open();
  };
}

/**
 * The location's pending storm event or, without one, its overdue routine inspection; a tap opens
 * the event's or the routine page. Inside a listbox option it cannot be a link (axe:
 * nested-interactive): the option's name carries the status, and the Storm Events page lists both
 * for keyboard users.
 */
function SiteBadge({ locationId, storms }: { locationId: number; storms: StormBadges }) {
  const storm = storms.byLocation.get(locationId);
  if (storm) {
    return (
      <StormStatusBadge
        status={storm.status}
        size="xs"
        className={classes.storm}
        data-event-id={storm.event_id}
        onClick={opening(() => storms.open(storm.event_id))}
      />
    );
  }
  if (!storms.routineOverdue.has(locationId)) return null;
  return (
    <RoutineStatusBadge
      status="overdue"
      size="xs"
      className={classes.storm}
      onClick={opening(() => storms.openRoutine(locationId))}
    />
  );
}

function LocationRow({
  location,
  mode,
  selected,
  tabStop,
  position,
  onSelect,
  storms,
}: {
  location: LocationSummary;
  mode: MapMode;
  selected: boolean;
  tabStop: boolean;
  position: { index: number; start: number; setSize: number };
  onSelect(id: number): void;
  storms?: StormBadges;
}) {
  const status = STATUS_STYLES[colorOf(location, mode)];
  const selectOnKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onSelect(location.id);
  };
  return (
    // The ARIA listbox pattern: a native <option> cannot be positioned for virtual scrolling.
    <div
      role="option"
      aria-selected={selected}
      aria-setsize={position.setSize}
      aria-posinset={position.index + 1}
      tabIndex={tabStop ? 0 : -1}
      data-index={position.index}
      data-location-id={location.id}
      className={classes.row}
      style={{ height: ROW_HEIGHT, transform: `translateY(${position.start}px)` }}
      onClick={() => onSelect(location.id)}
      onKeyDown={selectOnKey}
    >
      <span
        className={classes.dot}
        style={{ background: status.fill }}
        title={status.label}
        aria-hidden="true"
      />
      <span className={classes.name} title={location.name}>
        {location.name}
      </span>
      <VisuallyHidden>{status.label}</VisuallyHidden>
      {storms && <SiteBadge locationId={location.id} storms={storms} />}
      <span className={classes.amount}>{formatInches(amountOf(location, mode))}</span>
    </div>
  );
}

const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (index) => index + 1,
  ArrowUp: (index) => index - 1,
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * The rows, virtualised: only those in view are in the DOM. One row is in the tab order (the
 * selected one until the arrow keys move on); arrows, Home and End move between rows.
 */
function LocationRows({ locations, mode, selectedId, onSelect, storms }: RowsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: locations.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => locations[index]?.id ?? index,
    overscan: 8,
  });
  const indexById = useMemo(
    () => new Map(locations.map((location, index) => [location.id, index])),
    [locations],
  );
  const selectedIndex = selectedId === null ? -1 : (indexById.get(selectedId) ?? -1);

  // The keyboard cursor holds only while the selection it started from stays.
  const [cursor, setCursor] = useState<{ id: number; from: number | null } | null>(null);
  const cursorIndex = cursor?.from === selectedId ? indexById.get(cursor.id) : undefined;
  const tabStopIndex = cursorIndex ?? Math.max(selectedIndex, 0);
  const focusPending = useRef(false);

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex);
  }, [selectedIndex, virtualizer]);

  // After an arrow key the target row may only be rendered once the list has scrolled to it.
  useEffect(() => {
    if (!focusPending.current) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${tabStopIndex}"]`);
    if (!row) return;
    row.focus({ preventScroll: true });
    focusPending.current = false;
  });

  const moveCursor = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const target = Math.min(Math.max(move(tabStopIndex, locations.length - 1), 0), locations.length - 1);
    const location = locations[target];
    if (!location) return;
    setCursor({ id: location.id, from: selectedId });
    focusPending.current = true;
    virtualizer.scrollToIndex(target);
  };

  if (locations.length === 0) {
    return (
      <Text c="dimmed" className={`${classes.scroller} ${classes.empty}`}>
        No locations match
      </Text>
    );
  }
  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      role="listbox"
      aria-label="Locations"
      onKeyDown={moveCursor}
    >
      <div role="presentation" className={classes.rows} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const location = locations[item.index];
          if (!location) return null;
          return (
            <LocationRow
              key={location.id}
              location={location}
              mode={mode}
              selected={item.index === selectedIndex}
              tabStop={item.index === tabStopIndex}
              position={{ index: item.index, start: item.start, setSize: locations.length }}
              onSelect={onSelect}
              storms={storms}
            />
          );
        })}
      </div>
    </div>
  );
}

/**
 * The dashboard's side list (spec part 1 §2 "Dashboard"): search, 'Sort Location By' and the
 * locations with their status and amount. It fills the height its parent gives it.
 */
export function LocationList({
  search,
  onSearchChange,
  filter,
  onFilterChange,
  showNoaaFilter,
  total,
  ...rows
}: LocationListProps) {
  return (
    <div data-testid="location-list" className={classes.panel}>
      <SearchBox search={search} onSearchChange={onSearchChange} />
      <FilterChoices filter={filter} onFilterChange={onFilterChange} showNoaaFilter={showNoaaFilter} />
      <Text size="xs" c="dimmed" role="status">
        {countLine(rows.locations.length, total)}
      </Text>
      <LocationRows {...rows} />
    </div>
  );
}

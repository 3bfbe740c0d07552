import type { LocationSummary } from '@pluvio/shared/location-overview';
import type { LocationColor } from '@pluvio/shared/rainfall';
import type { LocationFilter, MapMode } from './dashboard-types';

/** Rules of the dashboard's map and side list (spec part 1 §2 "Dashboard", §4, §9). */

/** 'Daily Total' colours by the hourly status, '24 Hr Accum' by the 24-hour one. */
export function colorOf(location: LocationSummary, mode: MapMode): LocationColor {
  return mode === 'daily' ? location.color_hourly : location.color_24;
}

export function amountOf(location: LocationSummary, mode: MapMode): number {
  return mode === 'daily' ? location.total_hourly_rainfall : location.total_rainfall;
}

/**
 * How each status is drawn; the label is the text cue beside the colour, worded apart from the
 * filter names so a search for 'Above Threshold' finds the filter only.
 */
export const STATUS_STYLES: Record<LocationColor, { fill: string; label: string }> = {
  green: { fill: '#2f9e44', label: 'Below threshold' },
  orange: { fill: '#f08c00', label: 'At or over threshold' },
  red: { fill: '#e03131', label: 'At or over Atlas 14 depth' },
};

const SEVERITY: Record<LocationColor, number> = { green: 0, orange: 1, red: 2 };

/** The most severe of the colours (red > orange > green); green when there are none. */
export function worstColor(colors: Iterable<LocationColor>): LocationColor {
  let worst: LocationColor = 'green';
  for (const color of colors) {
    if (SEVERITY[color] > SEVERITY[worst]) worst = color;
  }
  return worst;
}

/** 'Sort Location By': choosing the active filter again goes back to All (green). */
export function nextFilter(current: LocationFilter, clicked: LocationFilter): LocationFilter {
  return clicked === current ? 'green' : clicked;
}

/** Choosing All or Hide Zeroes sets the map to this zoom. */
export const FILTER_RESET_ZOOM = 4;

/** Selecting a location centres the map at 15, or at 8 when exactly two are listed. */
export function focusZoom(listedCount: number): number {
  return listedCount === 2 ? 8 : 15;
}

export interface LocationCriteria {
  search: string;
  filter: LocationFilter;
  mode: MapMode;
}

const passesFilter: Record<LocationFilter, (location: LocationSummary, mode: MapMode) => boolean> = {
  green: () => true,
  zero: (location, mode) => amountOf(location, mode) > 0,
  orange: (location, mode) => colorOf(location, mode) !== 'green',
  red: (location, mode) => colorOf(location, mode) === 'red',
};

/**
 * Lower-cased names, computed once per list: the search runs on every keystroke over up to
 * 10,000 locations, and the list array keeps its identity between data refreshes.
 */
const lowerCaseNames = new WeakMap<readonly LocationSummary[], string[]>();

function namesOf(locations: readonly LocationSummary[]): string[] {
  let names = lowerCaseNames.get(locations);
  if (!names) {
    names = locations.map((location) => location.name.toLowerCase());
    lowerCaseNames.set(locations, names);
  }
  return names;
}

/** The locations the side list and the map show: the name contains the search, and the filter holds. */
export function filterLocations(locations: LocationSummary[], criteria: LocationCriteria): LocationSummary[] {
  const { filter, mode } = criteria;
  const search = criteria.search.trim().toLowerCase();
  // The same array when nothing is filtered out, so the map does not re-cluster.
  if (!search && filter === 'green') return locations;
  const names = namesOf(locations);
  const passes = passesFilter[filter];
  return locations.filter(
    (location, index) => (!search || (names[index] as string).includes(search)) && passes(location, mode),
  );
}

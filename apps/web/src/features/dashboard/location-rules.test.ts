import { describe, expect, it } from 'vitest';
import { buildLocation } from '../../testing/fixtures';
import {
  amountOf,
  colorOf,
  FILTER_RESET_ZOOM,
  filterLocations,
  focusZoom,
  nextFilter,
  worstColor,
} from './location-rules';

const dry = buildLocation({ id: 1, name: 'Dry Creek' });
const wetToday = buildLocation({
  id: 2,
  name: 'Warehouse South',
  total_hourly_rainfall: 0.6,
  color_hourly: 'orange',
  total_rainfall: 0.2,
  color_24: 'green',
});
const flooded = buildLocation({
  id: 3,
  name: 'River Yard',
  total_hourly_rainfall: 0.1,
  color_hourly: 'green',
  total_rainfall: 4.2,
  color_24: 'red',
});
const locations = [dry, wetToday, flooded];

function ids(found: { id: number }[]) {
  return found.map((location) => location.id);
}

describe('colour and amount per map tab', () => {
  it("reads the hourly status on 'Daily Total' and the 24-hour status on '24 Hr Accum'", () => {
    expect(colorOf(wetToday, 'daily')).toBe('orange');
    expect(colorOf(wetToday, 'accum')).toBe('green');
    expect(amountOf(flooded, 'daily')).toBe(0.1);
    expect(amountOf(flooded, 'accum')).toBe(4.2);
  });
});

describe('worstColor', () => {
  it('ranks red over orange over green', () => {
    expect(worstColor(['green', 'orange', 'green'])).toBe('orange');
    expect(worstColor(['orange', 'red', 'green'])).toBe('red');
    expect(worstColor(['green'])).toBe('green');
    expect(worstColor([])).toBe('green');
  });
});

describe('Sort Location By', () => {
  it('selects the clicked filter, and goes back to All when the active one is clicked again', () => {
    expect(nextFilter('green', 'orange')).toBe('orange');
    expect(nextFilter('orange', 'red')).toBe('red');
    expect(nextFilter('red', 'red')).toBe('green');
    expect(nextFilter('zero', 'zero')).toBe('green');
    expect(nextFilter('green', 'green')).toBe('green');
  });

  it('resets the map to zoom 4 (on All and Hide Zeroes)', () => {
    expect(FILTER_RESET_ZOOM).toBe(4);
  });
});

describe('filterLocations', () => {
  it('keeps every location under All with no search', () => {
    expect(filterLocations(locations, { search: '', filter: 'green', mode: 'daily' })).toBe(locations);
  });

  it('searches names without regard to case or surrounding spaces', () => {
    expect(
      ids(filterLocations(locations, { search: ' wAREhouse ', filter: 'green', mode: 'daily' })),
    ).toEqual([2]);
    expect(ids(filterLocations(locations, { search: 'r', filter: 'green', mode: 'daily' }))).toEqual([
      1, 2, 3,
    ]);
    expect(filterLocations(locations, { search: 'lake', filter: 'green', mode: 'daily' })).toEqual([]);
  });

  it('hides locations with no rainfall in the tab shown under Hide Zeroes', () => {
    expect(ids(filterLocations(locations, { search: '', filter: 'zero', mode: 'daily' }))).toEqual([2, 3]);
    const negative = buildLocation({ id: 4, total_rainfall: -0.01 });
    expect(
      ids(filterLocations([dry, negative, flooded], { search: '', filter: 'zero', mode: 'accum' })),
    ).toEqual([3]);
  });

  it('keeps orange and red under Above Threshold, red only under Above NOAA 14', () => {
    expect(ids(filterLocations(locations, { search: '', filter: 'orange', mode: 'daily' }))).toEqual([2]);
    expect(ids(filterLocations(locations, { search: '', filter: 'orange', mode: 'accum' }))).toEqual([3]);
    expect(ids(filterLocations(locations, { search: '', filter: 'red', mode: 'daily' }))).toEqual([]);
    expect(ids(filterLocations(locations, { search: '', filter: 'red', mode: 'accum' }))).toEqual([3]);
  });

  it('combines the search with the filter', () => {
    expect(ids(filterLocations(locations, { search: 'yard', filter: 'orange', mode: 'accum' }))).toEqual([3]);
    expect(ids(filterLocations(locations, { search: 'yard', filter: 'orange', mode: 'daily' }))).toEqual([]);
  });

  it('answers 10,000 locations well under 100 ms', () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      buildLocation({
        id: index,
        name: `Site ${index} ${index % 3 === 0 ? 'North' : 'South'}`,
        total_rainfall: index % 5,
        color_24: index % 7 === 0 ? 'orange' : 'green',
      }),
    );
    filterLocations(many, { search: 'n', filter: 'green', mode: 'accum' });
    const started = performance.now();
    const northWithRain = filterLocations(many, { search: 'NORTH', filter: 'zero', mode: 'accum' });
    const aboveThreshold = filterLocations(many, { search: '', filter: 'orange', mode: 'accum' });
    const elapsed = performance.now() - started;
    expect(northWithRain).toHaveLength(2667);
    expect(aboveThreshold).toHaveLength(1429);
    expect(elapsed).toBeLessThan(50);
  });
});

describe('focusZoom', () => {
  it('is 8 when exactly two locations are listed, otherwise 15', () => {
    expect(focusZoom(2)).toBe(8);
    expect(focusZoom(1)).toBe(15);
    expect(focusZoom(3)).toBe(15);
    expect(focusZoom(10_000)).toBe(15);
  });
});

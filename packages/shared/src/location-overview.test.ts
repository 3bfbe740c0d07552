import { describe, expect, it } from 'vitest';
import {
  type LocationSummary,
  locationOverviewOf,
  locationOverviewSchema,
  locationSummariesOf,
} from './location-overview';

const SUMMARIES: LocationSummary[] = [
  {
    id: 7,
    name: 'Gate',
    latitude: 30.25,
    longitude: -97.75,
    total_rainfall: 1.2,
    color_24: 'orange',
    total_hourly_rainfall: 0,
    color_hourly: 'green',
  },
  {
    id: 3,
    name: 'Yard',
    latitude: 29.5,
    longitude: -95.1,
    total_rainfall: 4.1,
    color_24: 'red',
    total_hourly_rainfall: 0.31,
    color_hourly: 'orange',
  },
];

describe('the location overview', () => {
  it('sends each location as one entry per column, colours as small numbers', () => {
    const overview = locationOverviewOf(SUMMARIES);
    expect(overview.id).toEqual([7, 3]);
    expect(overview.color_24).toEqual([1, 2]);
    expect(overview.color_hourly).toEqual([0, 1]);
    expect(locationOverviewSchema.parse(overview)).toEqual(overview);
  });

  it('gives back the same locations in the same order, through JSON', () => {
    const sent = JSON.parse(JSON.stringify(locationOverviewOf(SUMMARIES)));
    expect(locationSummariesOf(locationOverviewSchema.parse(sent))).toEqual(SUMMARIES);
  });

  it('refuses a colour it does not know', () => {
    const overview = { ...locationOverviewOf(SUMMARIES), color_24: [1, 3] };
    expect(locationOverviewSchema.safeParse(overview).success).toBe(false);
  });
});

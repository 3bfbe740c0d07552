import { z } from 'zod';
import type { Location } from './locations';
import { LOCATION_COLORS, type LocationColor, type PendingQuarters, pendingQuartersSchema } from './rainfall';

/**
 * GET /api/locations/overview: every location the caller may see, with its totals and colours,
 * in one answer the dashboard's list, map and filters are drawn from (issue 18). Columns, not
 * one object per location: each field name is sent once, and 10,000 locations stay small. The
 * n-th entry of every column belongs to the n-th location, in the paged list's order (by name).
 */

/** What the dashboard needs of each location before one is selected. */
export type LocationSummary = Pick<
  Location,
  | 'id'
  | 'name'
  | 'latitude'
  | 'longitude'
  | 'total_rainfall'
  | 'color_24'
  | 'total_hourly_rainfall'
  | 'color_hourly'
>;

/** A colour as its position in LOCATION_COLORS (0 green, 1 orange, 2 red). */
const colorCodeSchema = z
  .number()
  .int()
  .min(0)
  .max(LOCATION_COLORS.length - 1);

export const locationOverviewSchema = z.object({
  id: z.array(z.number().int()),
  name: z.array(z.string()),
  latitude: z.array(z.number()),
  longitude: z.array(z.number()),
  /** The 24 hours ending at the newest processed hour, with its pending quarters (`provisional`). */
  total_rainfall: z.array(z.number()),
  color_24: z.array(colorCodeSchema),
  /** Since local midnight today (product time zone). */
  total_hourly_rainfall: z.array(z.number()),
  color_hourly: z.array(colorCodeSchema),
  /** The quarter hours after the processed hour the totals include; null when there are none. */
  provisional: pendingQuartersSchema.nullable(),
});
export type LocationOverview = z.infer<typeof locationOverviewSchema>;

const colorCode = (color: LocationColor) => LOCATION_COLORS.indexOf(color);
const colorOfCode = (code: number | undefined): LocationColor => LOCATION_COLORS[code ?? 0] ?? 'green';

/** The columns of `locations`, in their order. */
export function locationOverviewOf(
  locations: readonly LocationSummary[],
  provisional: PendingQuarters | null = null,
): LocationOverview {
  return {
    id: locations.map((location) => location.id),
    name: locations.map((location) => location.name),
    latitude: locations.map((location) => location.latitude),
    longitude: locations.map((location) => location.longitude),
    total_rainfall: locations.map((location) => location.total_rainfall),
    color_24: locations.map((location) => colorCode(location.color_24)),
    total_hourly_rainfall: locations.map((location) => location.total_hourly_rainfall),
    color_hourly: locations.map((location) => colorCode(location.color_hourly)),
    provisional,
  };
}

/** One summary per location of the overview, in its order. */
export function locationSummariesOf(overview: LocationOverview): LocationSummary[] {
  return overview.id.map((id, index) => ({
    id,
    name: overview.name[index] ?? '',
    latitude: overview.latitude[index] ?? 0,
    longitude: overview.longitude[index] ?? 0,
    total_rainfall: overview.total_rainfall[index] ?? 0,
    color_24: colorOfCode(overview.color_24[index]),
    total_hourly_rainfall: overview.total_hourly_rainfall[index] ?? 0,
    color_hourly: colorOfCode(overview.color_hourly[index]),
  }));
}

import { canUse } from '@pluvio/shared/gates';
import type { Location } from '@pluvio/shared/locations';
import type { LocationRainfall } from '@pluvio/shared/rainfall';
import type { AccountAccess } from '../accounts/accounts.access';
import type { RainfallDataService } from '../rainfall/rainfall-data.service';
import type { LocationRow } from './locations.schema';

type Viewing = Pick<AccountAccess, 'tier' | 'viewer'>;

/** NOAA Atlas 14 depths are a silver feature (D7): below it a location carries none. */
function seesAtlas14(access: Viewing): boolean {
  return canUse(access.viewer, 'atlas14');
}

/** A location as the API returns it, with its rainfall and the Atlas 14 depths as the caller may see them. */
export function presentLocation(row: LocationRow, rainfall: LocationRainfall, access: Viewing): Location {
  return {
    id: row.id,
    client_id: row.clientId,
    name: row.name,
    latitude: row.latitude,
    longitude: row.longitude,
    status: row.status,
    active: row.active,
    h24_threshold: row.h24Threshold,
    rapidrain_threshold: row.rapidrainThreshold,
    atlas14_threshold: seesAtlas14(access) ? (row.atlas14Threshold ?? null) : null,
    data_start_date: row.dataStartDate,
    created_at: row.createdAt.toISOString(),
    ...rainfall,
  };
}

/** Locations as the API returns them: totals and colours for the caller's tier (spec part 1 §3, §4). */
export async function presentLocations(
  rainfallData: Pick<RainfallDataService, 'rainfallOf'>,
  access: Viewing,
  rows: readonly LocationRow[],
): Promise<Location[]> {
  const rainfallOf = await rainfallData.rainfallOf(access.tier, rows);
  return rows.map((row) => presentLocation(row, rainfallOf(row), access));
}

export async function presentOneLocation(
  rainfallData: Pick<RainfallDataService, 'rainfallOf'>,
  access: Viewing,
  row: LocationRow,
): Promise<Location> {
  const [location] = await presentLocations(rainfallData, access, [row]);
  return location as Location;
}

import type { Location } from '@pluvio/shared/locations';
import type { LocationRainfall } from '@pluvio/shared/rainfall';
import type { AccountAccess } from '../accounts/accounts.access';
import type { RainfallDataService } from '../rainfall/rainfall-data.service';
import type { LocationRow } from './locations.schema';

/** A location as the API returns it, with its rainfall as the caller sees it. */
export function presentLocation(row: LocationRow, rainfall: LocationRainfall): Location {
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
    atlas14_threshold: row.atlas14Threshold ?? null,
    data_start_date: row.dataStartDate,
    created_at: row.createdAt.toISOString(),
    ...rainfall,
  };
}

/** Locations as the API returns them: totals and colours for the caller's tier (spec part 1 §3, §4). */
export async function presentLocations(
  rainfallData: Pick<RainfallDataService, 'rainfallOf'>,
  access: Pick<AccountAccess, 'tier'>,
  rows: readonly LocationRow[],
): Promise<Location[]> {
  const rainfallOf = await rainfallData.rainfallOf(access.tier, rows);
  return rows.map((row) => presentLocation(row, rainfallOf(row)));
}

export async function presentOneLocation(
  rainfallData: Pick<RainfallDataService, 'rainfallOf'>,
  access: Pick<AccountAccess, 'tier'>,
  row: LocationRow,
): Promise<Location> {
  const rainfallOf = await rainfallData.rainfallOf(access.tier, [row]);
  return presentLocation(row, rainfallOf(row));
}

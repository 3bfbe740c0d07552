import type { Location } from '@pluvio/shared/locations';
import type { LocationRow } from './locations.schema';

/** A location as the API returns it. */
export function presentLocation(row: LocationRow): Location {
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
  };
}

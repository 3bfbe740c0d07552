import { canUse } from '@pluvio/shared/gates';
import type { Location } from '@pluvio/shared/locations';
import type { LocationRainfall } from '@pluvio/shared/rainfall';
import { type InspectionRule, storedThreshold } from '@pluvio/shared/storm-events';
import type { AccountAccess } from '../../core/access';
import type { LocationRow } from '../../core/tables/locations';

export type Viewing = Pick<AccountAccess, 'tier' | 'viewer'>;

/** A location as the API returns it, with its rainfall and the Atlas 14 depths as the caller may see them. */
export function presentLocation(row: LocationRow, rainfall: LocationRainfall, access: Viewing): Location {
  return {
    id: row.id,
    client_id: row.clientId,
    name: row.name,
    category: row.category,
    latitude: row.latitude,
    longitude: row.longitude,
    status: row.status,
    active: row.active,
    h24_threshold: row.h24Threshold,
    rapidrain_threshold: row.rapidrainThreshold,
    storm_threshold: storedThreshold(row.stormThreshold),
    inspection_rule: row.inspectionRule as InspectionRule,
    routine_cadence_days: row.routineCadenceDays,
    // NOAA Atlas 14 depths are a silver feature (D7): below it a location carries none.
    atlas14_threshold: canUse(access.viewer, 'atlas14') ? (row.atlas14Threshold ?? null) : null,
    data_start_date: row.dataStartDate,
    created_at: row.createdAt.toISOString(),
    ...rainfall,
  };
}

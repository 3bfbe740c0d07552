import { bulkDeletedSchema } from '@pluvio/shared/bulk-delete';
import { type ImportResult, importResultSchema, type LocationImportRow } from '@pluvio/shared/csv-import';
import { type Location, type LocationCreate, locationSchema } from '@pluvio/shared/locations';
import { apiRequest } from '../../lib/api-client';

/** What the location form sends on create and update (spec part 2 §7). */
export type LocationBody = Pick<
  LocationCreate,
  | 'name'
  | 'category'
  | 'latitude'
  | 'longitude'
  | 'h24_threshold'
  | 'rapidrain_threshold'
  | 'storm_threshold'
  | 'inspection_rule'
  | 'routine_cadence_days'
> & { status: 'active' };

/** POST /api/locations/?client_id (no id) or PATCH /api/locations/{id}?client_id. */
export async function saveLocation(
  id: number | null,
  clientId: number | undefined,
  body: LocationBody,
): Promise<Location> {
  const answer =
    id === null
      ? await apiRequest('/api/locations/', { method: 'POST', query: { client_id: clientId }, json: body })
      : await apiRequest(`/api/locations/${id}`, {
          method: 'PATCH',
          query: { client_id: clientId },
          json: body,
        });
  return locationSchema.parse(answer);
}

/** DELETE /api/locations/{id}?client_id. */
export async function deleteLocation(id: number, clientId: number | undefined): Promise<void> {
  await apiRequest(`/api/locations/${id}`, { method: 'DELETE', query: { client_id: clientId } });
}

/** POST /api/locations/import?client_id: the rows of a file in one request; `preview` changes nothing. */
export async function importLocations(
  clientId: number | undefined,
  rows: LocationImportRow[],
  preview: boolean,
): Promise<ImportResult> {
  return importResultSchema.parse(
    await apiRequest('/api/locations/import', {
      method: 'POST',
      query: { client_id: clientId },
      json: { rows, preview },
    }),
  );
}

/** POST /api/locations/bulk-delete?client_id: many locations in one request; answers how many went. */
export async function deleteLocations(ids: number[], clientId: number | undefined): Promise<number> {
  const answer = await apiRequest('/api/locations/bulk-delete', {
    method: 'POST',
    query: { client_id: clientId },
    json: { ids },
  });
  return bulkDeletedSchema.parse(answer).deleted;
}

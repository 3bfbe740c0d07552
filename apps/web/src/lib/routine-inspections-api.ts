import { type RoutineInspectionList, routineInspectionListSchema } from '@pluvio/shared/routine-inspections';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { stormEventKeys } from './storm-events-api';

/**
 * GET /api/routine-inspections: each location with a routine cadence (or only `locationId`), when
 * its next inspection is due, overdue ones first (the Storm Events page and the dashboard's badges).
 */
export function routineInspectionsQuery(clientId: number | undefined, locationId?: number) {
  return queryOptions({
    queryKey: stormEventKeys.routine(clientId, locationId),
    queryFn: async (): Promise<RoutineInspectionList> =>
      routineInspectionListSchema.parse(
        await apiRequest('/api/routine-inspections', {
          query: { client_id: clientId, location_id: locationId },
        }),
      ),
    enabled: clientId !== undefined,
  });
}

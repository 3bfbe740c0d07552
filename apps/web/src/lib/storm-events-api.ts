import { type PendingStormEvents, pendingStormEventsSchema } from '@pluvio/shared/storm-events-api';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Query keys of storm events: every one starts with the account's, so a refresh can reload them all. */
export const stormEventKeys = {
  all: (clientId: number | undefined) => ['storm-events', clientId] as const,
  pending: (clientId: number | undefined) => [...stormEventKeys.all(clientId), 'pending'] as const,
  /** The routine schedule: every location with a cadence, or only `locationId`'s. */
  routine: (clientId: number | undefined, locationId?: number) =>
    [...stormEventKeys.all(clientId), 'routine', locationId ?? 'all'] as const,
  /** A location's inspections of every kind. */
  locationInspections: (clientId: number | undefined, locationId: number) =>
    [...stormEventKeys.all(clientId), 'location-inspections', locationId] as const,
  photo: (
    clientId: number | undefined,
    inspectionId: number,
    photoId: number,
    size: 'original' | 'thumbnail',
  ) => [...stormEventKeys.all(clientId), 'photo', inspectionId, photoId, size] as const,
};

/**
 * GET /api/storm-events/pending: each location's most urgent event raining or waiting for its
 * inspection (the dashboard's badges).
 */
export function pendingStormEventsQuery(clientId: number | undefined) {
  return queryOptions({
    queryKey: stormEventKeys.pending(clientId),
    queryFn: async (): Promise<PendingStormEvents> =>
      pendingStormEventsSchema.parse(
        await apiRequest('/api/storm-events/pending', { query: { client_id: clientId } }),
      ),
    enabled: clientId !== undefined,
  });
}

import {
  type LocationSummary,
  locationOverviewSchema,
  locationSummariesOf,
} from '@pluvio/shared/location-overview';
import type { PendingQuarters } from '@pluvio/shared/rainfall';
import { queryOptions } from '@tanstack/react-query';
import { accountKeys } from '../../lib/account-api';
import { apiRequest } from '../../lib/api-client';

export interface LocationOverviewData {
  locations: LocationSummary[];
  /** The quarter hours after the processed hour the totals include, provisional (issue 26). */
  provisional: PendingQuarters | null;
}

/**
 * GET /api/locations/overview?client_id: every location of the account with its totals and
 * colours, in one compressed answer the browser revalidates by its ETag. Under the account's
 * locations key, so a refresh or a saved location reloads it with the lists.
 */
export function locationOverviewQuery(clientId: number | undefined) {
  return queryOptions({
    queryKey: [...accountKeys.locations(clientId), 'overview'],
    queryFn: async (): Promise<LocationOverviewData> => {
      const overview = locationOverviewSchema.parse(
        await apiRequest('/api/locations/overview', { query: { client_id: clientId } }),
      );
      return { locations: locationSummariesOf(overview), provisional: overview.provisional };
    },
  });
}

import {
  type StormEventDetail,
  type StormEventListQuery,
  type StormEventPage,
  stormEventDetailSchema,
  stormEventPageSchema,
} from '@pluvio/shared/storm-events-api';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { stormEventKeys } from '../../lib/storm-events-api';

/** What the list is narrowed by (the page's filters, kept in its address). */
export type StormEventFilters = Pick<StormEventListQuery, 'location_id' | 'status' | 'from' | 'to'>;

export const STORM_EVENTS_PAGE_SIZE = 50;

/** GET /api/storm-events: a page of the account's events, newest first. */
export function stormEventsQuery(clientId: number | undefined, filters: StormEventFilters, page: number) {
  return queryOptions({
    queryKey: [...stormEventKeys.all(clientId), 'list', filters, page],
    queryFn: async (): Promise<StormEventPage> =>
      stormEventPageSchema.parse(
        await apiRequest('/api/storm-events', {
          query: { client_id: clientId, ...filters, page, page_size: STORM_EVENTS_PAGE_SIZE },
        }),
      ),
    enabled: clientId !== undefined,
  });
}

/** GET /api/storm-events/{id}: one event with its hours and revision history. */
export function stormEventQuery(clientId: number | undefined, id: number) {
  return queryOptions({
    queryKey: [...stormEventKeys.all(clientId), 'event', id],
    queryFn: async (): Promise<StormEventDetail> =>
      stormEventDetailSchema.parse(
        await apiRequest(`/api/storm-events/${id}`, { query: { client_id: clientId } }),
      ),
    enabled: clientId !== undefined,
  });
}

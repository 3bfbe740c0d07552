import { type Alert, alertSchema } from '@pluvio/shared/alerts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const ALERTS_PAGE_SIZE = 50;
/** Every alerts query key starts with this: the dashboard's live refresh invalidates them. */
export const ALERTS_KEY = 'alerts';

/**
 * GET /api/alerts: a page of the account's alerts, newest first (the alert history page, and the
 * dashboard's alerts card with a short page).
 */
export function alertsQuery(clientId: number | undefined, page: number, pageSize = ALERTS_PAGE_SIZE) {
  return queryOptions({
    queryKey: [ALERTS_KEY, clientId, page, pageSize],
    queryFn: async (): Promise<Alert[]> =>
      alertSchema.array().parse(
        await apiRequest('/api/alerts', {
          query: { client_id: clientId, page, page_size: pageSize },
        }),
      ),
  });
}

import { type Alert, alertSchema } from '@pluvio/shared/alerts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const ALERTS_PAGE_SIZE = 50;

export function alertsQuery(clientId: number | undefined, page: number) {
  return queryOptions({
    queryKey: ['alerts', clientId, page],
    queryFn: async (): Promise<Alert[]> =>
      alertSchema.array().parse(
        await apiRequest('/api/alerts', {
          query: { client_id: clientId, page, page_size: ALERTS_PAGE_SIZE },
        }),
      ),
  });
}

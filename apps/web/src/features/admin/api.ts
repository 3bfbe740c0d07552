import { type OutboxPage, outboxPageSchema } from '@pluvio/shared/outbox.schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const OUTBOX_PAGE_SIZE = 50;

/** GET /api/admin/outbox: outgoing messages, for the mail viewer (D16). */
export async function fetchOutboxPage(page: number, pageSize = OUTBOX_PAGE_SIZE): Promise<OutboxPage> {
  return outboxPageSchema.parse(
    await apiRequest('/api/admin/outbox', { query: { page, page_size: pageSize } }),
  );
}

export function outboxQuery(page: number) {
  return queryOptions({
    queryKey: ['admin', 'outbox', page],
    queryFn: () => fetchOutboxPage(page),
  });
}

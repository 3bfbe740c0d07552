import {
  type DeliveryLogPage,
  type DeliveryLogQuery,
  deliveryLogPageSchema,
  type OutboxPage,
  outboxPageSchema,
} from '@pluvio/shared/outbox.schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiRequest, assertOk } from '../../lib/api-client';
import { attachmentName, saveFile } from '../../lib/save-file';

export const OUTBOX_PAGE_SIZE = 50;

/**
 * GET /api/admin/outbox: outgoing messages, for the mail viewer (D16). With `message`, the server
 * answers the page that holds that message (a link to one message); with `search`, only the
 * messages whose recipient or subject holds it.
 */
export async function fetchOutboxPage(
  page: number,
  pageSize = OUTBOX_PAGE_SIZE,
  message: number | null = null,
  search = '',
): Promise<OutboxPage> {
  return outboxPageSchema.parse(
    await apiRequest('/api/admin/outbox', {
      query: { page, page_size: pageSize, message: message ?? undefined, search: search || undefined },
    }),
  );
}

export function outboxQuery(page: number, message: number | null = null, search = '') {
  return queryOptions({
    queryKey: ['admin', 'outbox', page, message, search],
    queryFn: () => fetchOutboxPage(page, OUTBOX_PAGE_SIZE, message, search),
  });
}

/** GET /api/admin/outbox/{id}/attachment, saved in the browser's downloads. */
export async function downloadAttachment(messageId: number, filename: string): Promise<void> {
  const response = await assertOk(
    await apiFetch(`/api/admin/outbox/${messageId}/attachment`, { accept: '*/*' }),
  );
  saveFile(await response.blob(), attachmentName(response.headers.get('Content-Disposition'), filename));
}

export const DELIVERY_LOG_PAGE_SIZE = 50;

/** What the delivery log shows: a channel, a status, and a range of product-zone days. */
export type DeliveryLogFilters = Pick<DeliveryLogQuery, 'channel' | 'status' | 'start_date' | 'end_date'>;

/** GET /api/admin/deliveries: every account's messages, newest first, with counts by status. */
export function deliveryLogQuery(filters: DeliveryLogFilters, page: number) {
  return queryOptions({
    queryKey: ['admin', 'deliveries', filters, page],
    queryFn: async (): Promise<DeliveryLogPage> =>
      deliveryLogPageSchema.parse(
        await apiRequest('/api/admin/deliveries', {
          query: { ...filters, page, page_size: DELIVERY_LOG_PAGE_SIZE },
        }),
      ),
  });
}

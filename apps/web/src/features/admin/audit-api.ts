import { type AuditPage, type AuditQuery, auditPageSchema } from '@pluvio/shared/audit.schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const AUDIT_PAGE_SIZE = 50;

/** What the audit trail page filters by: the actor's e-mail, the account, the action, product-zone days. */
export type AuditFilters = Pick<
  AuditQuery,
  'actor_email' | 'client_id' | 'action' | 'start_date' | 'end_date'
>;

/** GET /api/admin/audit (superusers): the matching entries, newest first, a page at a time. */
export function auditQuery(filters: AuditFilters, page: number) {
  return queryOptions({
    queryKey: ['admin', 'audit', filters, page],
    queryFn: async (): Promise<AuditPage> =>
      auditPageSchema.parse(
        await apiRequest('/api/admin/audit', { query: { ...filters, page, page_size: AUDIT_PAGE_SIZE } }),
      ),
  });
}

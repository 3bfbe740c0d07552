import { processStatusSchema } from '@pluvio/shared/rainfall';
import { systemHealthSchema } from '@pluvio/shared/system-health';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** GET /api/admin/health (superusers): today's e-mails and texts and the state of each hourly pass. */
export const systemHealthQuery = queryOptions({
  queryKey: ['admin', 'health'],
  queryFn: async () => systemHealthSchema.parse(await apiRequest('/api/admin/health')),
});

/** GET /api/services/process_status (D3): the newest hourly pass, for the badge others see. */
export const processStatusQuery = queryOptions({
  queryKey: ['admin', 'process-status'],
  queryFn: async () => processStatusSchema.parse(await apiRequest('/api/services/process_status')),
});

import { type ProcessStatusResponse, processStatusSchema } from '@pluvio/shared/rainfall';
import { clockLabel } from '@pluvio/shared/system-health';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

const HOUR_MS = 3_600_000;

/** Every dashboard data query starts with this key: the 15-minute refresh invalidates them all. */
export const RAINFALL_KEY = 'rainfall';

export const processStatusQuery = queryOptions({
  queryKey: [RAINFALL_KEY, 'process-status'],
  queryFn: async (): Promise<ProcessStatusResponse> =>
    processStatusSchema.parse(await apiRequest('/api/services/process_status')),
});

/**
 * 'Data Up To HHMM ET' (spec part 1 §2, §4): the newest processed hour in the product time zone,
 * an hour earlier while that hour's pass is still being stored; null before any data.
 */
export function dataUpToLabel(status: ProcessStatusResponse | undefined, timeZone: string): string | null {
  if (!status?.datetime) return null;
  const hour = new Date(new Date(status.datetime).getTime() - (status.status === 'processing' ? HOUR_MS : 0));
  return `Data Up To ${clockLabel(hour, timeZone)}`;
}

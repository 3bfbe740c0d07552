import {
  type HistoricalFeeQuote,
  historicalFeeQuoteSchema,
  type ReportJob,
  type ReportTask,
  reportJobSchema,
  reportTaskSchema,
} from '@pluvio/shared/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, apiRequest, assertOk } from '../../lib/api-client';
import { attachmentName, saveFile } from '../../lib/save-file';
import type { ReportBody, ReportCall } from './report-request';

/** How often a running report task is asked about. */
export const TASK_POLL_MS = 1000;
/** The CSV download gives up after 10 seconds (part 2 §9). */
export const CSV_TIMEOUT_MS = 10_000;
const CSV_FALLBACK_NAME = 'report.csv';

export const reportKeys = {
  task: (taskId: string) => ['reports', 'task', taskId] as const,
  taskFile: (taskId: string) => ['reports', 'task-file', taskId] as const,
  fees: ['reports', 'fee'] as const,
  fee: (call: ReportCall, locations: readonly number[]) =>
    [...reportKeys.fees, call.path, call.query, locations] as const,
};

/** GET a report that answers at once, as the HTML document to show. */
export async function fetchReportHtml(call: ReportCall): Promise<string> {
  const response = await assertOk(await apiFetch(call.path, { query: call.query, accept: 'text/html' }));
  return response.text();
}

/** POST a report job: the server answers its task id at once (D18). */
export async function submitReportJob(call: ReportCall, body: ReportBody): Promise<ReportJob> {
  return reportJobSchema.parse(
    await apiRequest(call.path, { method: 'POST', query: call.query, json: body }),
  );
}

export function isFinished(task: ReportTask | undefined): boolean {
  return task?.status === 'done' || task?.status === 'failed';
}

/** GET /api/tasks/{id}, asked again every second until the task is done or failed. */
export function reportTaskQuery(taskId: string) {
  return queryOptions({
    queryKey: reportKeys.task(taskId),
    queryFn: async (): Promise<ReportTask> =>
      reportTaskSchema.parse(await apiRequest(`/api/tasks/${encodeURIComponent(taskId)}`)),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : TASK_POLL_MS),
  });
}

/** A finished task's file: its name, its content, and its text when it is an HTML report to show. */
export interface TaskFile {
  filename: string;
  blob: Blob;
  html: string | null;
}

/** GET /api/tasks/{id}/file: the rendered report of a finished task. */
export function taskFileQuery(taskId: string) {
  return queryOptions({
    queryKey: reportKeys.taskFile(taskId),
    queryFn: async (): Promise<TaskFile> => {
      const path = `/api/tasks/${encodeURIComponent(taskId)}/file`;
      const response = await assertOk(await apiFetch(path));
      const blob = await response.blob();
      const isHtml = (response.headers.get('Content-Type') ?? '').startsWith('text/html');
      return {
        filename: attachmentName(response.headers.get('Content-Disposition'), 'report'),
        blob,
        html: isHtml ? await blob.text() : null,
      };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * What a historical request would be charged now (`POST .../fee`), asked while the form holds a
 * historical range and its locations; null asks nothing.
 */
export function useFeeQuote(call: (ReportCall & { locations: number[] }) | null) {
  return useQuery({
    queryKey: call ? reportKeys.fee(call, call.locations) : reportKeys.fees,
    queryFn: async (): Promise<HistoricalFeeQuote> =>
      historicalFeeQuoteSchema.parse(
        await apiRequest(call?.path ?? '', {
          method: 'POST',
          query: call?.query,
          json: { locations: call?.locations ?? [] },
        }),
      ),
    enabled: call !== null,
  });
}

/**
 * The CSV download client (part 2 §7): the same GET with format=csv, 10 seconds at most, saved
 * under the Content-Disposition name. A 401 refreshes the token and retries once (apiFetch).
 */
export async function downloadReportCsv(call: ReportCall): Promise<void> {
  const response = await assertOk(
    await apiFetch(call.path, { query: call.query, accept: 'text/csv', timeoutMs: CSV_TIMEOUT_MS }),
  );
  saveFile(
    await response.blob(),
    attachmentName(response.headers.get('Content-Disposition'), CSV_FALLBACK_NAME),
  );
}

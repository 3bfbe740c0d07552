import { type JobDefinition, RETRIED_WHEN_ITS_WORKER_DIES } from '../../core/jobs/queue';
import type { ReportsService } from './reports.service';

export const RENDER_REPORTS = 'reports.render';

/**
 * Runs the report tasks waiting, at once when the API queues one and every minute besides (a
 * task whose wake-up was lost, or whose worker died and whose lease lapsed). Heartbeats make a
 * run cut short by its worker's death retried on another worker. Every hour, files older than
 * REPORT_FILE_DAYS go.
 */
export function reportJobs(reports: ReportsService): JobDefinition[] {
  return [
    {
      name: RENDER_REPORTS,
      sentOnDemand: true,
      cron: '* * * * *',
      queue: RETRIED_WHEN_ITS_WORKER_DIES,
      handler: async () => {
        await reports.runDue();
      },
    },
    {
      name: 'reports.forget-old-files',
      cron: '41 * * * *',
      handler: async () => {
        await reports.forgetOldFiles();
      },
    },
  ];
}

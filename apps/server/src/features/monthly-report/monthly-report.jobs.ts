import type { JobDefinition } from '../../core/jobs/queue';
import type { MonthlyReportService } from './monthly-report.service';

export const SEND_MONTHLY_REPORTS = 'monthly-report.send';

/**
 * Every five minutes, so a worker that was down or restarting at 06:00 on the 1st sends the
 * month's reports once it is back; on any other day a run does nothing.
 */
export function monthlyReportJobs(monthlyReport: MonthlyReportService): JobDefinition[] {
  return [
    {
      name: SEND_MONTHLY_REPORTS,
      cron: '*/5 * * * *',
      handler: async () => {
        await monthlyReport.sendDue();
      },
    },
  ];
}

import type { JobDefinition } from '../../core/jobs/queue';
import type { DailyReportService } from './daily-report.service';

export const SEND_DAILY_REPORTS = 'daily-report.send';

/**
 * Every minute, so a worker that was down or restarting at 06:00 sends the day's reports as
 * soon as it is back; before 06:00 and once every account has its report, a run does nothing.
 */
export function dailyReportJobs(dailyReport: DailyReportService): JobDefinition[] {
  return [
    {
      name: SEND_DAILY_REPORTS,
      cron: '* * * * *',
      handler: async () => {
        await dailyReport.sendDue();
      },
    },
  ];
}

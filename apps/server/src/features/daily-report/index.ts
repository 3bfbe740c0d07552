export { dailyReportJobs } from './daily-report.jobs';
export { createDailyReportService } from './daily-report.service';

export { monthlyReportJobs } from './monthly-report.jobs';
export { createMonthlyReportService, type MonthlyReportService } from './monthly-report.service';

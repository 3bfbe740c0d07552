export { createAccountChargesService } from './account-charges.service';
export { renderReport } from './render/index';
export { renderInThread } from './render/render-thread';
export { createReportContent } from './report-content';
export { reportRecipientsRoutes } from './report-recipients.routes';
export { createReportRecipientsService } from './report-recipients.service';
export { RENDER_REPORTS, reportJobs } from './reports.jobs';
export { reportsRoutes } from './reports.routes';
export { createReportsService, type ReportRenderer } from './reports.service';

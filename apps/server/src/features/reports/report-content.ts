import type { Clock } from '../../core/lib/clock';
import { type AccountReportDeps, billingReport, unpaidReport } from './account-reports';
import { dateRangeReport } from './date-range-report';
import { type PermitReportDeps, permitReport } from './permit-report';
import type { RainfallReportDeps } from './rainfall-report-parts';
import { rapidrainReport } from './rapidrain-report';
import type { ReportDocument, ReportSubject } from './report-document';
import { reportContext } from './report-parts';
import {
  type DeliveryReportDeps,
  deliveryReport,
  type FilesProcessedDeps,
  filesProcessedReport,
} from './system-reports';

export type { ReportCharges } from './account-reports';

/** Other features' services the report content reads, the product time zone and the clock. */
export type ReportContentDeps = RainfallReportDeps &
  DeliveryReportDeps &
  AccountReportDeps &
  FilesProcessedDeps &
  PermitReportDeps & {
    /** Product time zone (D2): every date and time of a report. */
    timeZone: string;
    clock: Clock;
  };

/**
 * What each report type says (issue 14 point 2): a checked request (`ReportSubject`) becomes a
 * `ReportDocument` the renderers draw. Location reports read their locations a batch at a time
 * and report progress (0 to 1) after each batch; every report ends at 1.
 */
export function createReportContent(deps: ReportContentDeps) {
  function buildFor(subject: ReportSubject, onProgress: (fraction: number) => void): Promise<ReportDocument> {
    const context = reportContext(deps.clock.now(), deps.timeZone);
    switch (subject.type) {
      case 'daily':
      case 'monthly':
      case 'weekly':
      case 'historical':
        return dateRangeReport(subject, deps, context, onProgress);
      case 'rapidrain':
        return rapidrainReport(subject, deps, context, onProgress);
      case 'permit':
        return permitReport(subject, deps, context, onProgress);
      case 'emails':
      case 'sms':
        return deliveryReport(subject, deps, context);
      case 'unpaid':
        return unpaidReport(deps, context);
      case 'billing':
        return billingReport(subject, deps, context);
      case 'files-processed':
        return filesProcessedReport(subject, deps, context);
    }
  }

  return {
    async build(subject: ReportSubject, onProgress: (fraction: number) => void = () => {}) {
      const document = await buildFor(subject, onProgress);
      onProgress(1);
      return document;
    },
  };
}

export type ReportContent = ReturnType<typeof createReportContent>;

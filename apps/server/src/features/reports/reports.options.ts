import type { ReportFormat } from '@pluvio/shared/reports';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import type { Lease } from '../../core/lib/lease';
import type { AccountsService } from '../accounts';
import type { LocationsService } from '../locations';
import type { OutboxBatchQueue } from '../notifications';
import type { IngestionService, PastRainfallAsk, PastRainfallService } from '../rainfall';
import type { UsersService } from '../users';
import type { ReportContent } from './report-content';
import type { RenderedReport, ReportDocument } from './report-document';
import type { ReportRecipientsService } from './report-recipients.service';

export type ReportRenderer = (document: ReportDocument, format: ReportFormat) => Promise<RenderedReport>;

export interface ReportsOptions {
  clock: Clock;
  timeZone: string;
  publicUrl: string;
  /** The historical report fee in dollars (HISTORICAL_REPORT_FEE, D20). */
  historicalFeeDollars: () => number;
  content: Pick<ReportContent, 'build'>;
  /** Draws a view's small file where the request is answered. */
  render: ReportRenderer;
  /** Draws a task's file, which may be large, away from the worker's other jobs (renderInThread). */
  renderTask: ReportRenderer;
  accounts: Pick<AccountsService, 'accessFor'>;
  users: Pick<UsersService, 'findById'>;
  locations: Pick<LocationsService, 'requireVisible' | 'allIdsInClient'>;
  pastRainfall: Pick<PastRainfallService, 'ensureStored' | 'producedUntil'>;
  /** Asks a worker to produce past rainfall a view found missing (the view answers meanwhile). */
  onPastRainfallWanted?: (ask: PastRainfallAsk) => Promise<void>;
  ingestion: Pick<IngestionService, 'lastDayBeforeIngested'>;
  /** The outbox writing in the closing transaction, so the file, e-mails and charge commit together. */
  outboxIn: (db: AppDb) => Pick<OutboxBatchQueue, 'enqueueEmailsWithAttachment'>;
  /** Wakes the outbox after a report's e-mails are queued. */
  onMailQueued?: () => Promise<void>;
  /** Wakes a report worker after a task is queued (the API process sends the job). */
  onTaskQueued?: () => Promise<void>;
  lease?: Lease;
  /** Days a finished report's file is kept (REPORT_FILE_DAYS). */
  fileDays: number;
  /** Who an account's reports may go to (the requester, its people, confirmed addresses). */
  recipients: Pick<ReportRecipientsService, 'requireAllowed'>;
  /** REPORT_TASKS_PER_HOUR and REPORT_EMAILS_PER_HOUR (issue 24). */
  hourlyLimits: { tasks: number; emails: number };
}

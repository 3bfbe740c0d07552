import { z } from 'zod';
import { REPORTS_START } from './calendar';
import { countParamSchema, emailAddressSchema, idParamSchema, idValueSchema } from './inputs';
import { CURRENT_REPORTS_START, HISTORICAL_END, MAX_REPORT_DAYS } from './report-dates';
import {
  REPORT_FORMAT_LABELS,
  REPORT_FORMATS,
  REPORT_TYPES,
  type ReportFormat,
  SMS_STATUS_FILTERS,
} from './report-types';

/**
 * Reports (spec part 2 §2 "Reports screen", §3, §4 "Reports defaults", §5 "Reports", §7
 * "Reports", §8; DECISIONS D18, D19): the types, formats, date windows and texts both the
 * Reports screen and the server read. The types and formats are in report-types.ts, the periods
 * in report-dates.ts; both are read through this module.
 */

export * from './report-dates';
export * from './report-types';

/** Recipients of one report. */
export const MAX_REPORT_RECIPIENTS = 50;
/** Locations of one report. */
export const MAX_REPORT_LOCATIONS = 10_000;

/** Every report text of the specification (part 2 §5, §7, §8). */
export const REPORT_MESSAGES = {
  pastRainfallPreparing:
    'Part of the past rainfall of this period is still being prepared from the archive: until it is, those hours count as no rain. Open the report again in a few minutes for the complete figures.',
  selectLocation: 'Please select at least one location.',
  bothDates: 'Please specify both a from date and a to date for this report.',
  confirmHistorical: 'Please confirm you wish to submit this Historical Report request and pay the fee.',
  trialOwnerUnverified:
    "A trial account's reports are e-mailed once its owner has verified their e-mail address: follow the link in the verification e-mail, or view the report here.",
  historicalManagersOnly:
    'Historical reports are charged to the account, so only the account owner or a co-owner can request them.',
  historicalFeeNote: 'Reports of dates before 2024-11-01 are historical reports, which are charged a fee.',
  submitFailed: 'An error occurred while submitting the report',
  fetchFailed: 'An error occurred while fetching the report',
  locationNotFound: 'Location not found',
  missingTestData: 'due to missing test data',
  tryLater: 'Please try again later',
  submitted: 'Report job submitted successfully!',
  checkEmail: 'Please check your email for the report.',
  checkDownloads: 'Check your browser downloads to see the file',
  alsoSent: 'The report was also sent to the selected contacts.',
  reportsStart: `Reports start on ${REPORTS_START}`,
  toDateTooEarly: `The to date of a report after the historical window is ${CURRENT_REPORTS_START} or later`,
  historicalEnds: `Historical reports end on ${HISTORICAL_END}`,
  futureMonth: 'The month must not be later than the current month',
  notAMonth: 'A monthly report runs from the first to the last day of one month',
  futureDates: 'Dates must not be later than today',
  tooManyDays: `A report covers at most ${MAX_REPORT_DAYS} days`,
  order: 'The from date must not be after the to date',
  taskNotFound: 'Report task not found',
  fileNotReady: 'The report file is not ready yet',
  fileNoLongerKept: 'This report file is no longer kept. Please run the report again.',
  preparedFormats:
    'PDF and Excel reports are prepared as a task: submit the request, then download its file.',
  alreadyPaid: 'Already paid for this period: no charge.',
  ready: 'Your report is ready.',
  downloadAgain: 'Download again',
  systemReportsOnly: 'Only administrators can run this report',
  taskFailed: 'The report could not be prepared. Please try again later.',
  accessLost:
    'The report could not be prepared: its requester can no longer see this account or its locations.',
} as const;

/** What a historical request will be charged, said before it is (issue 26). */
export function feeWillBeCharged(feeDollars: number): string {
  return `$${feeDollars.toFixed(2)} will be charged to your account for this historical report.`;
}

/** The fee line of a historical report and its e-mail: what was charged, or that nothing was. */
export function historicalFeeWords(feeDollars: number): string {
  return feeDollars > 0
    ? `Historical report fee: $${feeDollars.toFixed(2)}, billed to your account.`
    : 'No historical report fee: this account already paid for these locations and days.';
}

/**
 * What happens after a report is submitted, in plain words (issue 26): the file is made in the
 * background, shown or downloaded here when ready, and e-mailed to the recipients, if any.
 */
export function reportNextSteps(format: ReportFormat, recipients: number): string {
  const made = `We are preparing the ${REPORT_FORMAT_LABELS[format]} file; this usually takes under a minute and you may leave this page.`;
  const here =
    format === 'html' ? 'It will appear here when ready' : 'A link to the file will appear here when ready';
  if (recipients === 0) return `${made} ${here}.`;
  return `${made} ${here}, and it will be e-mailed to ${recipients === 1 ? '1 recipient' : `${recipients} recipients`}.`;
}

/** The historical fee confirmation a user answers (the amount is a setting, D20). */
export function historicalFeeConfirmation(feeDollars: number): string {
  return `Historical reports are charged a fee of $${feeDollars.toFixed(2)}, billed to your account. Submit this Historical Report request and pay the fee?`;
}

/**
 * The submit button says what it does (part 2 §2, changed by issue 26): Email Report when
 * recipients are chosen; otherwise View Report for HTML and PDF, Download Report for CSV and Excel.
 */
export function submitLabel(
  format: ReportFormat,
  recipientCount: number,
): 'Email Report' | 'View Report' | 'Download Report' {
  if (recipientCount > 0) return 'Email Report';
  return format === 'csv' || format === 'excel' ? 'Download Report' : 'View Report';
}

// ---- API shapes (part 2 §3, §7; D18, D19) -------------------------------------------------

/** A date in a report path or query: a real calendar date written YYYY-MM-DD (windows are checked per type). */
export const reportDateSchema = z.iso.date({ error: 'Dates must be written YYYY-MM-DD' });

export const reportRangeParamsSchema = z.object({ from: reportDateSchema, to: reportDateSchema });
export const reportLocationParamsSchema = reportRangeParamsSchema.extend({ id: idParamSchema });

/** Which date-range report a `data_by_date_range` call is; inferred from the dates when absent. */
export const DATE_RANGE_REPORT_TYPES = ['daily', 'monthly', 'weekly', 'historical'] as const;

/** Query of the location reports' GET (one location, answered at once as HTML or CSV). */
export const locationReportQuerySchema = z.object({
  client_id: idParamSchema.optional(),
  report_type: z.enum(DATE_RANGE_REPORT_TYPES).optional(),
  format: z.enum(['html', 'csv']).default('html'),
});
export type LocationReportQuery = z.infer<typeof locationReportQuerySchema>;

/** Query of the location reports' POST (the body carries the rest). */
export const locationReportJobQuerySchema = z.object({
  client_id: idParamSchema.optional(),
  report_type: z.enum(DATE_RANGE_REPORT_TYPES).optional(),
});

/** Body of every report POST (part 2 §3); system reports need only `email_list`. */
export const reportRequestSchema = z.object({
  email_format: z.enum(REPORT_FORMATS).default('html'),
  email_list: z.array(emailAddressSchema()).max(MAX_REPORT_RECIPIENTS).default([]),
  locations: z.array(idValueSchema).max(MAX_REPORT_LOCATIONS).default([]),
  /**
   * The historical fee: true once the user confirmed it, false when not (a fee due is then
   * refused); absent, the old client's request, whose own form asked, is the confirmation (D21).
   */
  confirm_fee: z.boolean().optional(),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;

/** Body of the system reports' POST (sms, emails, unpaid, billing, files-processed): only the recipients and format. */
export const systemReportRequestSchema = reportRequestSchema.pick({ email_format: true, email_list: true });
export type SystemReportRequest = z.infer<typeof systemReportRequestSchema>;

export const DELIVERY_SORT_FIELDS = [
  'queuedTime',
  'sentTime',
  'recipient',
  'subject',
  'status',
  'kind',
] as const;
export type DeliverySortField = (typeof DELIVERY_SORT_FIELDS)[number];
const sortDirectionSchema = z
  .string()
  .max(4)
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(['asc', 'desc']));

/** Query of the e-mail delivery report (part 2 §7; `sort_directin` as the old client spells it, D19). */
export const emailsReportQuerySchema = z.object({
  format: z.enum(REPORT_FORMATS).default('html'),
  start_date: reportDateSchema,
  end_date: reportDateSchema,
  page_size: countParamSchema(1, 10_000).optional(),
  page_number: countParamSchema(1, 100_000).optional(),
  sort_field: z.enum(DELIVERY_SORT_FIELDS).default('queuedTime'),
  sort_direction: sortDirectionSchema.optional(),
  sort_directin: sortDirectionSchema.optional(),
});
export type EmailsReportQuery = z.infer<typeof emailsReportQuerySchema>;

export const smsReportQuerySchema = emailsReportQuerySchema.extend({
  status: z.enum(SMS_STATUS_FILTERS).default('all'),
});
export type SmsReportQuery = z.infer<typeof smsReportQuerySchema>;

/** Query of the delivery reports' POST: the body's `email_format` is the format. */
export const emailsReportJobQuerySchema = emailsReportQuerySchema.omit({ format: true });
export const smsReportJobQuerySchema = smsReportQuerySchema.omit({ format: true });

/** Query of the files-processed report: the days whose ingested fields are listed. */
export const filesProcessedQuerySchema = z.object({
  format: z.enum(REPORT_FORMATS).default('html'),
  start_date: reportDateSchema,
  end_date: reportDateSchema,
});

export const filesProcessedJobQuerySchema = filesProcessedQuerySchema.omit({ format: true });

/** Query of the unpaid and billing reports. */
export const accountsReportQuerySchema = z.object({
  format: z.enum(REPORT_FORMATS).default('html'),
});

/** The answer to every report POST (D18). */
export const reportJobSchema = z.object({ task_id: z.string() });
export type ReportJob = z.infer<typeof reportJobSchema>;

export const REPORT_TASK_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportTaskStatus = (typeof REPORT_TASK_STATUSES)[number];

export const taskParamsSchema = z.object({ task_id: z.uuid({ error: REPORT_MESSAGES.taskNotFound }) });

/** GET /api/tasks/{task_id}: a report job's state, readable by its requester's account only. */
export const reportTaskSchema = z.object({
  task_id: z.string(),
  type: z.enum(REPORT_TYPES),
  format: z.enum(REPORT_FORMATS),
  status: z.enum(REPORT_TASK_STATUSES),
  /** 0 to 100. */
  progress: z.number().int(),
  /** What the job is doing, in words ('Preparing historical rainfall', 'Rendering PDF'...). */
  stage: z.string().nullable(),
  /** The outbox messages that carry the report, one per recipient, once done. */
  message_ids: z.array(z.number().int()),
  /** Why it failed. */
  error: z.string().nullable(),
  /** The rendered file, once done: GET /api/tasks/{task_id}/file. */
  file: z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() }).nullable(),
  /** The historical fee charged, in dollars. */
  fee: z.number().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ReportTask = z.infer<typeof reportTaskSchema>;

/** Body of a fee quote: the locations the report would cover (its path carries the dates). */
export const feeQuoteRequestSchema = reportRequestSchema.pick({ locations: true });

/**
 * What a location report would be charged now (issue 26): `historical` when its range is in the
 * historical window; `fee` in dollars, 0 when the account already paid for its locations and days.
 */
export const historicalFeeQuoteSchema = z.object({
  historical: z.boolean(),
  fee: z.number(),
  already_paid: z.boolean(),
});
export type HistoricalFeeQuote = z.infer<typeof historicalFeeQuoteSchema>;

import { z } from 'zod';
import { daysBetween, REPORTS_START, shiftDate } from './calendar';
import { type Feature, levelAllows } from './gates';
import { countParamSchema, emailAddressSchema, idParamSchema, idValueSchema } from './inputs';
import { OUTBOX_STATUSES, type OutboxStatus } from './outbox.schemas';
import { TIER, type TierNumber } from './tiers';

/**
 * Reports (spec part 2 §2 "Reports screen", §3, §4 "Reports defaults", §5 "Reports", §7
 * "Reports", §8; DECISIONS D18, D19): the types, formats, date windows and texts both the
 * Reports screen and the server read.
 */

export const REPORT_TYPES = [
  'sms',
  'emails',
  'daily',
  'monthly',
  'rapidrain',
  'weekly',
  'historical',
  'unpaid',
  'billing',
  'files-processed',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  sms: 'SMS Sent/Rejected',
  emails: 'Rejected E-mails',
  daily: 'Custom',
  monthly: 'Monthly',
  rapidrain: 'RapidRain',
  weekly: 'Weekly',
  historical: 'Historical',
  unpaid: 'Unpaid Accounts',
  billing: 'Billing',
  'files-processed': 'Files Processed',
};

/** Report types about the whole installation rather than one account: superusers only (tier 4). */
export const SYSTEM_REPORT_TYPES = ['sms', 'emails', 'unpaid', 'billing', 'files-processed'] as const;
export type SystemReportType = (typeof SYSTEM_REPORT_TYPES)[number];

/** Report types about an account's locations, run through `data_by_date_range` or `rapidrain_by_date_range`. */
export const LOCATION_REPORT_TYPES = ['daily', 'monthly', 'rapidrain', 'weekly', 'historical'] as const;
export type LocationReportType = (typeof LOCATION_REPORT_TYPES)[number];

export function isSystemReport(type: ReportType): type is SystemReportType {
  return (SYSTEM_REPORT_TYPES as readonly string[]).includes(type);
}

/**
 * The types a user is offered, in menu order (part 2 §6): superusers get the system reports and
 * the weekly and historical reports but not Custom, Monthly or RapidRain; everyone else gets
 * Custom, Monthly, RapidRain, Weekly and Historical (those above the level show the tier notice).
 */
export function reportTypesFor(isSuperuser: boolean): readonly ReportType[] {
  return isSuperuser
    ? ['sms', 'emails', 'weekly', 'historical', 'unpaid', 'billing', 'files-processed']
    : ['monthly', 'daily', 'weekly', 'rapidrain', 'historical'];
}

/** The first type a user sees (part 2 §4). */
export function defaultReportType(isSuperuser: boolean): ReportType {
  return isSuperuser ? 'sms' : 'monthly';
}

/** The FEATURE_GATES entry of each location report type that has one (part 2 §5, §6). */
export const REPORT_TYPE_FEATURES: Partial<Record<LocationReportType, Feature>> = {
  daily: 'dailyReport',
  weekly: 'weeklyReport',
  rapidrain: 'rapidrainReport',
};

/** Whether an account's level allows a location report type (part 2 §5, §6; FEATURE_GATES). */
export function reportTypeAllowed(type: LocationReportType, level: TierNumber): boolean {
  const feature = REPORT_TYPE_FEATURES[type];
  return feature === undefined || levelAllows(level, feature);
}

export const REPORT_FORMATS = ['html', 'csv', 'pdf', 'excel'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_FORMAT_LABELS: Record<ReportFormat, string> = {
  html: 'HTML',
  csv: 'CSV',
  pdf: 'PDF',
  excel: 'Excel',
};

/** SMS status filter values (part 2 §2). */
export const SMS_STATUS_FILTERS = ['all', 'failed', 'delivered', 'received', 'undelivered'] as const;
export type SmsStatusFilter = (typeof SMS_STATUS_FILTERS)[number];

/**
 * The outbox statuses each SMS status filter lists (part 2 §2): `failed` the failed texts;
 * `delivered` those the carrier confirmed; `received` those the provider accepted whose delivery
 * is not confirmed yet (`sent`); `undelivered` those not out yet or kept (queued, sending, held);
 * `all` every status.
 */
export const SMS_STATUS_FILTER_STATUSES: Record<SmsStatusFilter, readonly OutboxStatus[]> = {
  all: OUTBOX_STATUSES,
  failed: ['failed'],
  delivered: ['delivered'],
  received: ['sent'],
  undelivered: ['queued', 'sending', 'held'],
};

/** The last day of the historical window (part 2 §9); reports of later days are not charged. */
export const HISTORICAL_END = '2024-10-31';
/** The first day of the current window: the earliest `to` date and month of non-historical reports. */
export const CURRENT_REPORTS_START = '2024-11-01';
/** The longest range one report covers: the whole historical window. */
export const MAX_REPORT_DAYS = daysBetween(REPORTS_START, HISTORICAL_END) + 1;
/** Days of a weekly report: the to date and the 6 days before it (part 2 §4). */
export const WEEKLY_DAYS = 7;
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
  historicalRunsAsJob: 'Historical reports are prepared as a job: submit the request and confirm the fee.',
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

/** Whether a report's range reaches into the historical window, and so is charged. */
export function isHistoricalRange(from: string): boolean {
  return from <= HISTORICAL_END;
}

/** YYYY-MM of a date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The first and last day of a month written YYYY-MM (part 2 §7: monthly computes both). */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const nextMonth =
    monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
  return { from, to: shiftDate(nextMonth, -1) };
}

/** Whether from..to is exactly one calendar month. */
export function isWholeMonth(from: string, to: string): boolean {
  return from.endsWith('-01') && monthRange(monthOf(from)).to === to;
}

function previousMonth(month: string): string {
  return monthOf(shiftDate(`${month}-01`, -1));
}

export interface DateBounds {
  min: string;
  max: string;
}

/** What the form's pickers offer for a type (part 2 §5): `month` for monthly, from/to for the rest. */
export interface ReportDateLimits {
  month: DateBounds | null;
  from: DateBounds | null;
  to: DateBounds | null;
}

/**
 * The pickers' minimums and maximums (part 2 §5, §9): from on or after 2022-11-01; to on or after
 * 2024-11-01 (months from 2024-11); monthly up to the previous month below gold, the current
 * month from gold; historical from 2022-11-01 to 2024-10-31. `today` is the product time zone's.
 */
export function reportDateLimits(type: ReportType, level: TierNumber, today: string): ReportDateLimits {
  const month = monthOf(today);
  switch (type) {
    case 'monthly':
      return {
        month: {
          min: monthOf(CURRENT_REPORTS_START),
          max: levelAllows(level, 'currentMonthReport') ? month : previousMonth(month),
        },
        from: null,
        to: null,
      };
    case 'historical':
      return {
        month: null,
        from: { min: REPORTS_START, max: HISTORICAL_END },
        to: { min: REPORTS_START, max: HISTORICAL_END },
      };
    case 'unpaid':
    case 'billing':
      return { month: null, from: null, to: null };
    default:
      return {
        month: null,
        from: { min: REPORTS_START, max: today },
        to: { min: CURRENT_REPORTS_START, max: today },
      };
  }
}

/** What the form shows when a type is chosen (part 2 §4). */
export interface ReportDefaults {
  month: string | null;
  from: string | null;
  to: string | null;
}

/**
 * Part 2 §4: monthly is the previous month below silver and the current month otherwise (held to
 * the picker's maximum); weekly and sms run 7 days to today; historical is the whole window;
 * other types have no from date and today as to date.
 */
export function reportDefaults(type: ReportType, level: TierNumber, today: string): ReportDefaults {
  switch (type) {
    case 'monthly': {
      const wanted = level < TIER.silver ? previousMonth(monthOf(today)) : monthOf(today);
      const max = reportDateLimits('monthly', level, today).month?.max ?? wanted;
      return { month: wanted.localeCompare(max) <= 0 ? wanted : max, from: null, to: null };
    }
    case 'weekly':
    case 'sms':
      return { month: null, from: weeklyFrom(today), to: today };
    case 'historical':
      return { month: null, from: REPORTS_START, to: HISTORICAL_END };
    case 'unpaid':
    case 'billing':
      return { month: null, from: null, to: null };
    default:
      return { month: null, from: null, to: today };
  }
}

/** The from date of a weekly report ending on `to` (changing to under weekly recomputes from). */
export function weeklyFrom(to: string): string {
  return shiftDate(to, -WEEKLY_DAYS);
}

/** Which types need both dates before they are sent (part 2 §5). */
export function needsBothDates(type: ReportType): boolean {
  return ['weekly', 'daily', 'historical', 'rapidrain', 'emails', 'sms', 'files-processed'].includes(type);
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
  /** The user confirmed the historical fee (a historical request without it is refused). */
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

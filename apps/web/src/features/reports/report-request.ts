import { MAX_PAGE_SIZE } from '@pluvio/shared/lists';
import {
  DATE_RANGE_REPORT_TYPES,
  isHistoricalRange,
  isSystemReport,
  monthRange,
  needsBothDates,
  picksLocations,
  REPORT_MESSAGES,
  type ReportFormat,
  type ReportType,
  readsRainfall,
  reportDefaults,
  type reportRequestSchema,
  type SmsStatusFilter,
} from '@pluvio/shared/reports';
import type { TierNumber } from '@pluvio/shared/tiers';
import type { z } from 'zod';

/** The body of a report POST, as sent (defaults left to the server). */
export type ReportBody = z.input<typeof reportRequestSchema>;

/** What the Reports form holds; dates are YYYY-MM-DD (month YYYY-MM), '' when not chosen. */
export interface ReportForm {
  type: ReportType;
  status: SmsStatusFilter;
  month: string;
  from: string;
  to: string;
  format: ReportFormat;
  /** Location ids as strings (the pickers' values). */
  locations: string[];
  /** Chosen recipients: the user's own address and contacts' addresses. */
  recipients: string[];
  /** Addresses typed in, already checked. */
  extra: string[];
  feeConfirmed: boolean;
}

/** The form's dates when `type` is chosen (part 2 §4). */
export function datesFor(type: ReportType, level: TierNumber, today: string) {
  const defaults = reportDefaults(type, level, today);
  return { month: defaults.month ?? '', from: defaults.from ?? '', to: defaults.to ?? '' };
}

export function initialForm(type: ReportType, level: TierNumber, today: string): ReportForm {
  return {
    type,
    status: 'all',
    ...datesFor(type, level, today),
    format: 'html',
    locations: [],
    recipients: [],
    extra: [],
    feeConfirmed: false,
  };
}

/** The from and to dates the call carries: a monthly report runs over its month (part 2 §7). */
export function rangeOf(form: ReportForm): { from: string; to: string } {
  if (form.type === 'monthly') return form.month ? monthRange(form.month) : { from: '', to: '' };
  return { from: form.from, to: form.to };
}

/** Whether the request reaches into the historical window and so is charged the fee (the permit report never is). */
export function isCharged(form: ReportForm): boolean {
  const { from } = rangeOf(form);
  return readsRainfall(form.type) && (form.type === 'historical' || (from !== '' && isHistoricalRange(from)));
}

export function emailList(form: ReportForm): string[] {
  return [...new Set([...form.recipients, ...form.extra])];
}

/**
 * The first problem of the request, in the order of part 2 §5, or null when it may be sent.
 * E-mail is optional (issue 26). `feeDue` is what the server quoted for a historical range
 * (undefined until it answers): the fee is confirmed only when something will be charged.
 */
export function reportProblem(
  form: ReportForm,
  { isSuperuser, mayCharge }: { isSuperuser: boolean; mayCharge: boolean },
  feeDue?: number,
): string | null {
  const { from, to } = rangeOf(form);
  if (picksLocations(form.type, isSuperuser) && form.locations.length === 0)
    return REPORT_MESSAGES.selectLocation;
  if ((needsBothDates(form.type) || form.type === 'monthly') && (!from || !to))
    return REPORT_MESSAGES.bothDates;
  if (isCharged(form) && !mayCharge) return REPORT_MESSAGES.historicalManagersOnly;
  if (isCharged(form) && feeDue !== 0 && !form.feeConfirmed) return REPORT_MESSAGES.confirmHistorical;
  return null;
}

/**
 * How a request runs: `view` shows one report at once (GET: HTML of one location outside the
 * historical window, or a system report, with nobody to e-mail); anything else is a `job`, whose
 * file the screen shows or links when it is ready, e-mailed to the recipients if any.
 */
export type ReportRun = 'view' | 'job';

export function reportRun(form: ReportForm): ReportRun {
  const one = isSystemReport(form.type) || form.locations.length === 1;
  const viewable = form.format === 'html' && one && !isCharged(form) && emailList(form).length === 0;
  return viewable ? 'view' : 'job';
}

/** An API call: its path and query. */
export interface ReportCall {
  path: string;
  query: Record<string, string | number | undefined>;
}

function basePath(type: ReportType, from: string, to: string): string {
  switch (type) {
    case 'rapidrain':
      return `/api/reports/rapidrain_by_date_range/${from}/${to}`;
    case 'permit':
      return `/api/reports/permit_by_date_range/${from}/${to}`;
    case 'emails':
      return '/api/reports/sockletlabs-email-report';
    case 'sms':
    case 'unpaid':
    case 'billing':
    case 'files-processed':
      return `/api/reports/${type}`;
    default:
      return `/api/reports/data_by_date_range/${from}/${to}`;
  }
}

function isDateRangeType(type: ReportType): type is (typeof DATE_RANGE_REPORT_TYPES)[number] {
  return (DATE_RANGE_REPORT_TYPES as readonly string[]).includes(type);
}

/**
 * The query of a system report (part 2 §7; `sort_directin` spelt as the old client does, D19);
 * the GET adds its format, a POST carries it in the body.
 */
function systemQuery(form: ReportForm): ReportCall['query'] {
  const dates = { start_date: form.from, end_date: form.to };
  const newestFirst = { sort_field: 'queuedTime', sort_directin: 'desc' };
  switch (form.type) {
    case 'emails':
      return { ...dates, page_size: MAX_PAGE_SIZE, page_number: 1, ...newestFirst };
    case 'sms':
      return { status: form.status, ...dates, ...newestFirst };
    case 'files-processed':
      return dates;
    default:
      return {};
  }
}

function locationQuery(form: ReportForm, clientId: number | undefined): ReportCall['query'] {
  return { client_id: clientId, report_type: isDateRangeType(form.type) ? form.type : undefined };
}

/** The GET that answers one report at once, as HTML to show or CSV to download. */
export function viewCall(form: ReportForm, clientId: number | undefined, format: 'html' | 'csv'): ReportCall {
  const { from, to } = rangeOf(form);
  const path = basePath(form.type, from, to);
  if (isSystemReport(form.type)) return { path, query: { format, ...systemQuery(form) } };
  return { path: `${path}/${form.locations[0]}`, query: { ...locationQuery(form, clientId), format } };
}

/** The POST that runs a report as a job: the same path without the location id. */
export function jobCall(form: ReportForm, clientId: number | undefined): ReportCall & { body: ReportBody } {
  const { from, to } = rangeOf(form);
  const path = basePath(form.type, from, to);
  const email = { email_format: form.format, email_list: emailList(form) };
  if (isSystemReport(form.type)) {
    return { path, query: systemQuery(form), body: email };
  }
  const body: ReportBody = { ...email, locations: form.locations.map(Number) };
  // Always said, never left out: the server takes an absent confirm_fee as the old client's implicit
  // confirmation (D21), so a fee due since the quote must not be charged unconfirmed.
  if (isCharged(form)) body.confirm_fee = form.feeConfirmed;
  return { path, query: locationQuery(form, clientId), body };
}

/** The fee quote of a historical request (null when the form holds none yet, or no locations). */
export function feeCall(
  form: ReportForm,
  clientId: number | undefined,
): (ReportCall & { locations: number[] }) | null {
  const { from, to } = rangeOf(form);
  if (!isCharged(form) || !from || !to || form.locations.length === 0) return null;
  return {
    path: `${basePath(form.type, from, to)}/fee`,
    query: locationQuery(form, clientId),
    locations: form.locations.map(Number),
  };
}

import { type Feature, levelAllows } from './gates';
import { OUTBOX_STATUSES, type OutboxStatus } from './outbox.schemas';
import type { TierNumber } from './tiers';
import { valuesOf } from './words';

/** The report types, who is offered which, and the formats and SMS filters a report is asked in. */

export const REPORT_TYPE_LABELS = {
  sms: 'SMS Sent/Rejected',
  emails: 'Rejected E-mails',
  daily: 'Custom',
  monthly: 'Monthly',
  rapidrain: 'RapidRain',
  weekly: 'Weekly',
  historical: 'Historical',
  permit: 'Storm events and inspections',
  unpaid: 'Unpaid Accounts',
  billing: 'Billing',
  'files-processed': 'Files Processed',
} as const;
export type ReportType = keyof typeof REPORT_TYPE_LABELS;
export const REPORT_TYPES = valuesOf(REPORT_TYPE_LABELS);

/** Report types about the whole installation rather than one account: superusers only (tier 4). */
export const SYSTEM_REPORT_TYPES = ['sms', 'emails', 'unpaid', 'billing', 'files-processed'] as const;
export type SystemReportType = (typeof SYSTEM_REPORT_TYPES)[number];

/**
 * Report types about an account's locations, run through `data_by_date_range`,
 * `rapidrain_by_date_range` or `permit_by_date_range`.
 */
export const LOCATION_REPORT_TYPES = [
  'daily',
  'monthly',
  'rapidrain',
  'weekly',
  'historical',
  'permit',
] as const;
export type LocationReportType = (typeof LOCATION_REPORT_TYPES)[number];

export function isSystemReport(type: ReportType): type is SystemReportType {
  return (SYSTEM_REPORT_TYPES as readonly string[]).includes(type);
}

/**
 * Whether a location report reads stored rainfall: all but the permit report, which lists the
 * storm events already found in it, so it needs no past rainfall produced and is never charged
 * the historical fee.
 */
export function readsRainfall(type: ReportType): boolean {
  return !isSystemReport(type) && type !== 'permit';
}

/**
 * The types a user is offered, in menu order (part 2 §6): superusers get the system reports and
 * the weekly and historical reports but not Custom, Monthly or RapidRain; everyone else gets
 * Custom, Monthly, RapidRain, Weekly, Historical and the permit report (issue 28; those above the
 * level show the tier notice). A superuser runs an account's permit report acting as its user.
 */
export function reportTypesFor(isSuperuser: boolean): readonly ReportType[] {
  return isSuperuser
    ? ['sms', 'emails', 'weekly', 'historical', 'unpaid', 'billing', 'files-processed']
    : ['monthly', 'daily', 'weekly', 'rapidrain', 'historical', 'permit'];
}

/**
 * Whether the form offers the location picker: for an account's reports, to everyone but
 * superusers (part 2 §6: they "need not select locations" and do not see the picker), whose
 * weekly and historical reports cover the whole account.
 */
export function picksLocations(type: ReportType, isSuperuser: boolean): boolean {
  return !isSystemReport(type) && !isSuperuser;
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
  permit: 'permitReport',
};

/** Whether an account's level allows a location report type (part 2 §5, §6; FEATURE_GATES). */
export function reportTypeAllowed(type: LocationReportType, level: TierNumber): boolean {
  const feature = REPORT_TYPE_FEATURES[type];
  return feature === undefined || levelAllows(level, feature);
}

export const REPORT_FORMAT_LABELS = { html: 'HTML', csv: 'CSV', pdf: 'PDF', excel: 'Excel' } as const;
export type ReportFormat = keyof typeof REPORT_FORMAT_LABELS;
export const REPORT_FORMATS = valuesOf(REPORT_FORMAT_LABELS);

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

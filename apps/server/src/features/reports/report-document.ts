import type { DeliverySortField, ReportFormat, ReportType, SmsStatusFilter } from '@pluvio/shared/reports';
import type { AccountAccess } from '../../core/access';

/**
 * A report as data, before it has a format: what every report type builds
 * (`report-content.ts`) and what every renderer (`render/`) draws. One model keeps HTML, CSV,
 * PDF and XLSX saying the same thing.
 */

/**
 * How a column's values are written and drawn:
 * - `text`: a string;
 * - `date`: a calendar date of the product time zone, 'YYYY-MM-DD';
 * - `datetime`: an ISO 8601 time with the product time zone's offset, '2026-10-03T14:15:00-04:00'
 *   (drawn as its wall time; the offset travels to CSV, XLSX stores the wall time as a date);
 * - `hour`: a clock hour of a row's day, written as the ISO time it starts at (drawn '11 PM–12 AM'
 *   in HTML and PDF, the start time in CSV and XLSX), so an hour ending at midnight stays in its day;
 * - `inches`: rainfall in inches, full precision (drawn with 2 decimals, D1);
 * - `count`: a whole number;
 * - `money`: dollars (drawn $24.00);
 * - `seconds`: a duration in seconds (drawn with 1 decimal);
 * - `yesno`: a boolean (drawn Yes / No).
 */
export type ColumnKind =
  | 'text'
  | 'date'
  | 'datetime'
  | 'hour'
  | 'inches'
  | 'count'
  | 'money'
  | 'seconds'
  | 'yesno';

export type CellValue = string | number | boolean | null;

export interface ReportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
}

export interface ReportTable {
  columns: ReportColumn[];
  /** Cells by column key; a missing or null cell is drawn empty ('—' in HTML and PDF). */
  rows: Record<string, CellValue>[];
  /** Shown instead of an empty table ('No rain in this period', 'No messages'). */
  emptyText: string;
}

/** A fact shown above a section's table or in the report's header ('Period total', '1.23 in'). */
export interface ReportFact {
  label: string;
  /** As a person reads it: '1.23 in', '1,204', 'Nov 3, 2026 (1.20 in)'. */
  value: string;
  /** The same fact as a number and its kind, where it is one (a spreadsheet stores the number). */
  number?: { value: number; kind: ColumnKind };
}

/** A small picture drawn with a section in the PDF (an inspection's photo thumbnail). */
export interface ReportPhoto {
  /** JPEG or PNG bytes, a thumbnail already (the PDF draws it at most 96 pt wide). */
  image: Uint8Array;
  caption: string;
}

/** One part of a report, usually one location: its heading, its facts and its table. */
export interface ReportSection {
  heading: string;
  facts: ReportFact[];
  table: ReportTable;
  /** Drawn as a row of thumbnails under the table in the PDF; the other formats leave them out. */
  photos?: ReportPhoto[];
}

export interface ReportDocument {
  /** 'Monthly Rainfall Report', 'SMS Delivery Report'... */
  title: string;
  /** The account the report is about; null for the installation's reports. */
  accountName: string | null;
  /** The calendar dates covered, both included; null for reports without a period (billing). */
  period: { from: string; to: string } | null;
  /** When it was made: ISO 8601 with the product time zone's offset. */
  generatedAt: string;
  /** The product time zone's abbreviation for the column labels and notes ('ET'). */
  timeZoneLabel: string;
  /** Facts of the whole report (locations, total, fee charged...). */
  facts: ReportFact[];
  /** Lines under the header: data pass and source, fee, what 'No Data' means... */
  notes: string[];
  /** One row per section, or the report's only table when it has no sections (billing). */
  summary: ReportTable | null;
  /** What a section is, as the CSV's first column names it ('Location'). */
  sectionLabel: string;
  sections: ReportSection[];
  /** File name without extension: 'pluvio-monthly-2026-10'. Letters, digits and '-' only. */
  filenameBase: string;
  /** The PDF's pages turned sideways, for tables too wide for a portrait page (absent: portrait). */
  landscape?: boolean;
}

/** A rendered report, ready to download or attach. */
export interface RenderedReport {
  filename: string;
  contentType: string;
  content: Buffer;
}

export type Renderer = (document: ReportDocument) => Promise<RenderedReport>;

/** File extension of each format. */
export const REPORT_EXTENSIONS: Record<ReportFormat, string> = {
  html: 'html',
  csv: 'csv',
  pdf: 'pdf',
  excel: 'xlsx',
};

/**
 * A report request once the API has checked it (`reports.service.ts`): what `report-content.ts`
 * builds a document from. Dates are in the type's window, locations belong to the account (and,
 * for a plain contact, are assigned to it), and the caller may run the type.
 */
export interface ReportSubject {
  type: ReportType;
  /**
   * The account a location report is about, as its requester sees it; null for the
   * installation's reports (superusers, who may have no account).
   */
  access: AccountAccess | null;
  /** Calendar dates of the product time zone, both included; null where the type has no period. */
  from: string | null;
  to: string | null;
  /** The account's locations to report on, in the order asked; empty for system reports. */
  locationIds: number[];
  /** The SMS report's status filter. */
  smsStatus: SmsStatusFilter;
  /** The delivery reports' order. */
  sort: { field: DeliverySortField; direction: 'asc' | 'desc' };
  /** The delivery reports' page of rows (`page_size`, `page_number`); absent: the first rows. */
  page?: { size: number; number: number };
  /** The historical fee charged for this report, in dollars; null when none. */
  feeDollars: number | null;
  /** Past rainfall of the period is still being produced by a worker (a view answered meanwhile). */
  pastRainfallPreparing?: boolean;
}

/** The account of a location report (the API never makes one without it). */
export function subjectAccount(subject: ReportSubject): AccountAccess['client'] {
  if (!subject.access) throw new Error(`a ${subject.type} report is about an account`);
  return subject.access.client;
}

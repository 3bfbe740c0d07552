import { z } from 'zod';
import { CONTACT_MESSAGES } from './contacts';
import { lineSchema, recordStatusSchema, TEXT_LIMITS } from './inputs';
import {
  inRange,
  isThreshold,
  LATITUDE_RANGE,
  LONGITUDE_RANGE,
  normalizeLongitude,
  THRESHOLDS,
} from './locations';
import { isEmailAddress, phoneDigits } from './phone';

/**
 * CSV bulk import rules (spec part 2 §5 "Location CSV import", "Contact CSV import").
 * The browser parses the file (Papa Parse) and checks each record with these functions; the
 * server checks the resulting rows again with the same functions.
 */

export const CSV_MESSAGES = {
  onlyCsv: 'Only .csv files are accepted',
  missingField: (field: string) => `Missing required field: ${field}`,
  latitude: (value: string) =>
    `Invalid latitude: ${value}. Latitude must be between ${LATITUDE_RANGE.csv.min} and ${LATITUDE_RANGE.csv.max} degrees.`,
  longitude: (value: string) =>
    `Invalid longitude: ${value}. Longitude must be between ${LONGITUDE_RANGE.csv.min} and ${LONGITUDE_RANGE.csv.max} degrees`,
  limit24: (value: string) => `Invalid limit24: ${value}. Must be one of ${THRESHOLDS.join(', ')}`,
  rapidrain: (value: string) => `Invalid rapidrain: ${value}. Must be one of ${THRESHOLDS.join(', ')}`,
  email: (value: string) => `A valid address is required in order to create a contact login: ${value}`,
  phone: (value: string) => `Invalid phone number: ${value}`,
  parsing: (message: string) => `Parsing error: ${message}`,
  row: (row: number, message: string) => `Row ${row}: ${message}`,
  locationFailed: (name: string, message: string) => `Failed to process row with name ${name}: ${message}`,
  contactFailed: (email: string, message: string) => `Failed to process row with email ${email}: ${message}`,
  alreadyThere: (row: number, name: string) => `Row ${row}: ${name} is already in this account`,
  noRows: 'The file has no rows to import',
  /** A file imported again: every row was already there, so nothing was added. */
  nothingNew: (noun: string) =>
    `Nothing new in this file: all its ${noun.toLowerCase()} are already in this account. Nothing was added.`,
} as const;

export const LOCATION_CSV_COLUMNS = ['name', 'lat', 'lng', 'limit24'] as const;
export const CONTACT_CSV_COLUMNS = ['name', 'email', 'phone'] as const;
/** Written in the contact file for an empty e-mail or phone. */
export const NONE = 'none';

export interface RowError {
  /** Line of the file, the header being row 1. */
  row: number;
  message: string;
}

export interface CheckedRows<T> {
  rows: T[];
  errors: RowError[];
}

/** Rows one import may carry. */
export const IMPORT_MAX_ROWS = 20_000;

/** One location row of an import, as sent to the server. */
const rowNumberSchema = z
  .number()
  .int()
  .min(1)
  .max(IMPORT_MAX_ROWS + 1);

export const locationImportRowSchema = z.object({
  row: rowNumberSchema,
  name: lineSchema(),
  latitude: z.number(),
  longitude: z.number(),
  h24_threshold: z.number(),
  rapidrain_threshold: z.number(),
});
export type LocationImportRow = z.infer<typeof locationImportRowSchema>;

export const locationImportSchema = z.object({
  rows: z.array(locationImportRowSchema).min(1).max(IMPORT_MAX_ROWS),
});

/** One contact row of an import; `none` values are left out. */
export const contactImportRowSchema = z.object({
  row: rowNumberSchema,
  name: lineSchema(),
  email: lineSchema(TEXT_LIMITS.email).optional(),
  phone: lineSchema(TEXT_LIMITS.phone).optional(),
  status: recordStatusSchema.optional(),
});
export type ContactImportRow = z.infer<typeof contactImportRowSchema>;

export const contactImportSchema = z.object({
  rows: z.array(contactImportRowSchema).min(1).max(IMPORT_MAX_ROWS),
});

export const importResultSchema = z.object({
  /** How many rows were added. */
  created: z.number().int(),
  /** Rows already in the account, left as they were. */
  existing: z.array(z.object({ row: z.number().int(), name: z.string() })),
  /** Rows refused, with the reason. */
  errors: z.array(z.object({ row: z.number().int(), name: z.string(), message: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

const isComment = (record: readonly string[]) => (record[0] ?? '').trimStart().startsWith('#');

/** Data records with their row numbers: header and comment lines left out. */
function dataRecords(records: readonly string[][]): { row: number; fields: string[] }[] {
  return records
    .map((fields, index) => ({ row: index + 1, fields }))
    .slice(1)
    .filter(({ fields }) => !isComment(fields) && fields.some((field) => field.trim() !== ''));
}

/** The 4th field doubles as the 5th; longer lines are cut to 5; any other length is dropped. */
function toFiveFields(fields: string[]): string[] | null {
  const trimmed = fields.map((field) => field.trim());
  if (trimmed.length === 4) return [...trimmed, trimmed[3] as string];
  if (trimmed.length >= 5) return trimmed.slice(0, 5);
  return null;
}

/** Checks one location record of five fields; returns the row or the first problem. */
export function checkLocationFields(fields: readonly string[]): Omit<LocationImportRow, 'row'> | string {
  const [name = '', lat = '', lng = '', limit24 = '', rapidrain = ''] = fields;
  const required = { name, lat, lng, limit24 };
  for (const column of LOCATION_CSV_COLUMNS) {
    if (required[column].trim() === '') return CSV_MESSAGES.missingField(column);
  }
  const latitude = Number(lat);
  if (!Number.isFinite(latitude) || !inRange(latitude, LATITUDE_RANGE.csv)) return CSV_MESSAGES.latitude(lat);
  const longitude = normalizeLongitude(Number(lng));
  if (!Number.isFinite(longitude) || !inRange(longitude, LONGITUDE_RANGE.csv))
    return CSV_MESSAGES.longitude(lng);
  const h24 = Number(limit24);
  if (!isThreshold(h24)) return CSV_MESSAGES.limit24(limit24);
  const rapid = rapidrain.trim() === '' ? h24 : Number(rapidrain);
  if (!isThreshold(rapid)) return CSV_MESSAGES.rapidrain(rapidrain);
  return { name: name.trim(), latitude, longitude, h24_threshold: h24, rapidrain_threshold: rapid };
}

/** The location file: valid rows, and 'Row n: ...' problems for the others. */
export function checkLocationRecords(records: readonly string[][]): CheckedRows<LocationImportRow> {
  const result: CheckedRows<LocationImportRow> = { rows: [], errors: [] };
  for (const { row, fields } of dataRecords(records)) {
    const five = toFiveFields(fields);
    if (!five) continue;
    const checked = checkLocationFields(five);
    if (typeof checked === 'string') result.errors.push({ row, message: checked });
    else result.rows.push({ row, ...checked });
  }
  return result;
}

/** Server-side check of a location row sent by the browser (same rules as the file). */
export function checkLocationRow(row: LocationImportRow): string | null {
  const checked = checkLocationFields([
    row.name,
    String(row.latitude),
    String(row.longitude),
    String(row.h24_threshold),
    String(row.rapidrain_threshold),
  ]);
  return typeof checked === 'string' ? checked : null;
}

function normalizeCsvPhone(phone: string): string {
  return phone.replaceAll('.', '-');
}

/** Checks one contact record; returns the row (without `none` values) or the first problem. */
export function checkContactFields(fields: readonly string[]): Omit<ContactImportRow, 'row'> | string {
  const [name = '', email = '', phone = ''] = fields.map((field) => field.trim());
  const required = { name, email, phone };
  for (const column of CONTACT_CSV_COLUMNS) {
    if (required[column] === '') return CSV_MESSAGES.missingField(column);
  }
  const row: Omit<ContactImportRow, 'row'> = { name, status: 'active' };
  if (email.toLowerCase() !== NONE) {
    if (!isEmailAddress(email)) return CSV_MESSAGES.email(email);
    row.email = email.toLowerCase();
  }
  if (phone.toLowerCase() !== NONE) {
    const normalized = normalizeCsvPhone(phone);
    const digits = phoneDigits(normalized).length;
    if (digits !== 10 && digits !== 11) return CSV_MESSAGES.phone(phone);
    row.phone = normalized;
  }
  if (!row.email && !row.phone) return CONTACT_MESSAGES.emailInvalid;
  return row;
}

/** The contact file: any problem stops the whole import, so errors and rows are both returned. */
export function checkContactRecords(records: readonly string[][]): CheckedRows<ContactImportRow> {
  const result: CheckedRows<ContactImportRow> = { rows: [], errors: [] };
  for (const { row, fields } of dataRecords(records)) {
    const checked = checkContactFields(fields);
    if (typeof checked === 'string') result.errors.push({ row, message: checked });
    else result.rows.push({ row, ...checked });
  }
  return result;
}

/** Server-side check of a contact row sent by the browser: the row as stored, or the first problem. */
export function checkContactRow(row: ContactImportRow): ContactImportRow | string {
  const checked = checkContactFields([row.name, row.email ?? NONE, row.phone ?? NONE]);
  return typeof checked === 'string' ? checked : { row: row.row, ...checked, status: row.status ?? 'active' };
}

/** Only files named *.csv are accepted. */
export function isCsvFileName(name: string): boolean {
  return name.toLowerCase().endsWith('.csv');
}

export const EXAMPLE_LOCATIONS_CSV = [
  'name,lat,lng,limit24,rapidrain',
  '# Lines starting with # are skipped. rapidrain may be left out: it then equals limit24.',
  'Warehouse North,29.7604,-95.3698,0.5,0.25',
  'Riverside Site,30.2672,-97.7431,1',
].join('\n');

export const EXAMPLE_CONTACTS_CSV = [
  'name,email,phone',
  '# Write none for a missing e-mail address or phone number.',
  'Jordan Lee,jordan.lee@example.com,512-555-0100',
  'Site Office,none,713.555.0199',
].join('\n');

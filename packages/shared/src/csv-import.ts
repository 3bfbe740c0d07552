import { z } from 'zod';
import { CONTACT_MESSAGES } from './contacts';
import { type CheckedRows, type ColumnRules, CSV_MESSAGES, checkRecords } from './csv-records';
import { lineSchema, recordStatusSchema, TEXT_LIMITS } from './inputs';
import {
  categorySchema,
  inRange,
  isThreshold,
  LATITUDE_RANGE,
  LONGITUDE_RANGE,
  normalizeLongitude,
} from './locations';
import { isEmailAddress, phoneDigits } from './phone';
import { locationStormFields, STORM_MESSAGES, stormSettingsSchema } from './storm-events';

export { type CheckedRows, CSV_MESSAGES, parserProblem, type RowError } from './csv-records';

/**
 * CSV bulk import rules (spec part 2 §5 "Location CSV import", "Contact CSV import").
 * The browser parses the file (Papa Parse) and checks each record with these functions; the
 * server checks the resulting rows again with the same functions.
 */

export const LOCATION_CSV_COLUMNS = ['name', 'lat', 'lng', 'limit24'] as const;
export const CONTACT_CSV_COLUMNS = ['name', 'email', 'phone'] as const;
/** Written in the contact file for an empty e-mail or phone. */
export const NONE = 'none';

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
  /** Left out: the account's default threshold, within 24 hours, no routine inspections. */
  ...locationStormFields,
  /** Left out (files before the column) or blank: no category. */
  category: categorySchema.optional(),
});
export type LocationImportRow = z.infer<typeof locationImportRowSchema>;

/** With `preview` the import is checked and counted as it would run, and nothing is changed. */
const previewSchema = z.boolean().optional();

export const locationImportSchema = z.object({
  rows: z.array(locationImportRowSchema).min(1).max(IMPORT_MAX_ROWS),
  preview: previewSchema,
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
  preview: previewSchema,
});

export const importResultSchema = z.object({
  /** How many rows were added (with `preview`: would be added). */
  created: z.number().int(),
  /** Rows already in the account, left as they were. */
  existing: z.array(z.object({ row: z.number().int(), name: z.string() })),
  /** The account's monthly price in dollars before and after, when the import changes it. */
  monthly_price: z.object({ before: z.number(), after: z.number() }).nullable(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * The location file's columns, in the order the rows are checked (spec part 2 §5); a header is
 * matched whatever its case and spaces, underscores or hyphens, in any order.
 */
export const LOCATION_COLUMNS = {
  name: { required: true, names: ['name', 'site', 'location', 'site name', 'location name'] },
  lat: { required: true, names: ['lat', 'latitude'] },
  lng: { required: true, names: ['lng', 'lon', 'long', 'longitude'] },
  limit24: {
    required: true,
    names: ['limit24', 'threshold', '24h threshold', '24 hour threshold', 'h24 threshold', '24h'],
  },
  rapidrain: { required: false, names: ['rapidrain', 'rapidrain threshold', 'rapid rain threshold'] },
  storm_threshold: { required: false, names: ['storm_threshold', 'storm threshold', 'permit threshold'] },
  inspection_rule: { required: false, names: ['inspection_rule', 'inspection rule'] },
  routine_cadence_days: {
    required: false,
    names: ['routine_cadence_days', 'routine cadence', 'routine inspections', 'routine days'],
  },
  category: { required: false, names: ['category', 'location category', 'group'] },
} as const satisfies ColumnRules<string>;

/** The contact file's columns, in the order the rows are checked. */
export const CONTACT_COLUMNS = {
  name: { required: true, names: ['name', 'contact', 'contact name', 'full name'] },
  email: { required: true, names: ['email', 'e-mail', 'email address', 'mail'] },
  phone: {
    required: true,
    names: ['phone', 'phone number', 'telephone', 'mobile', 'mobile phone', 'cell', 'cell phone'],
  },
} as const satisfies ColumnRules<string>;

type StormCells = Pick<LocationImportRow, 'storm_threshold' | 'inspection_rule' | 'routine_cadence_days'>;
const STORM_CELL_MESSAGES = {
  storm_threshold: STORM_MESSAGES.threshold,
  inspection_rule: STORM_MESSAGES.inspectionRule,
  routine_cadence_days: STORM_MESSAGES.routineCadence,
} as const;

/**
 * The storm settings of a location record (issue 28): a blank cell is left out, so the location
 * takes the default (the account's threshold); 'none' is no routine inspections.
 */
function checkStormCells(cells: Record<keyof StormCells, string>): StormCells | string {
  const row: StormCells = {};
  for (const column of Object.keys(STORM_CELL_MESSAGES) as (keyof StormCells)[]) {
    const cell = cells[column].trim();
    if (cell === '') continue;
    const parsed = stormSettingsSchema.shape[column].safeParse(cell.toLowerCase());
    if (!parsed.success) return CSV_MESSAGES.storm(column, cell, STORM_CELL_MESSAGES[column]);
    Object.assign(row, { [column]: parsed.data });
  }
  return row;
}

/** A location record's category cell: blank is none (left out), too long is a row error. */
function checkCategoryCell(cell: string): Pick<LocationImportRow, 'category'> | string {
  const parsed = categorySchema.safeParse(cell);
  if (!parsed.success) return CSV_MESSAGES.category(cell, parsed.error.issues[0]?.message ?? '');
  return parsed.data === null ? {} : { category: parsed.data };
}

/**
 * Checks one location record (name, lat, lng, limit24, rapidrain, storm_threshold,
 * inspection_rule, routine_cadence_days, category); returns the row or the first problem.
 */
export function checkLocationFields(fields: readonly string[]): Omit<LocationImportRow, 'row'> | string {
  const [
    name = '',
    lat = '',
    lng = '',
    limit24 = '',
    rapidrain = '',
    storm_threshold = '',
    inspection_rule = '',
    routine_cadence_days = '',
    category = '',
  ] = fields;
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
  const storm = checkStormCells({ storm_threshold, inspection_rule, routine_cadence_days });
  if (typeof storm === 'string') return storm;
  const grouped = checkCategoryCell(category);
  if (typeof grouped === 'string') return grouped;
  const thresholds = { h24_threshold: h24, rapidrain_threshold: rapid };
  return { name: name.trim(), latitude, longitude, ...thresholds, ...storm, ...grouped };
}

/** The location file: its rows, and a 'Row n: ...' problem for every line that is wrong. */
export function checkLocationRecords(records: readonly string[][]): CheckedRows<LocationImportRow> {
  return checkRecords(records, LOCATION_COLUMNS, checkLocationFields);
}

/** Server-side check of a location row sent by the browser (same rules as the file). */
export function checkLocationRow(row: LocationImportRow): string | null {
  const checked = checkLocationFields([
    row.name,
    String(row.latitude),
    String(row.longitude),
    String(row.h24_threshold),
    String(row.rapidrain_threshold),
    String(row.storm_threshold ?? ''),
    row.inspection_rule ?? '',
    row.routine_cadence_days === null ? NONE : String(row.routine_cadence_days ?? ''),
    row.category ?? '',
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

/** The contact file: its rows, and a 'Row n: ...' problem for every line that is wrong. */
export function checkContactRecords(records: readonly string[][]): CheckedRows<ContactImportRow> {
  return checkRecords(records, CONTACT_COLUMNS, checkContactFields);
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
  'name,lat,lng,limit24,rapidrain,storm_threshold,inspection_rule,routine_cadence_days,category',
  '# Lines starting with # are skipped. rapidrain may be left out: it then equals limit24. So may the storm columns: the account default threshold, within_24h, no routine inspections. And the category: none.',
  'Warehouse North,29.7604,-95.3698,0.5,0.25,0.5,next_business_day,7,Warehouses',
  'Riverside Site,30.2672,-97.7431,1',
].join('\n');

export const EXAMPLE_CONTACTS_CSV = [
  'name,email,phone',
  '# Write none for a missing e-mail address or phone number.',
  'Jordan Lee,jordan.lee@example.com,512-555-0100',
  'Site Office,none,713.555.0199',
].join('\n');

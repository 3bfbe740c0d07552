import { LATITUDE_RANGE, LONGITUDE_RANGE, THRESHOLDS } from './locations';

/**
 * Reading a CSV import file by its header (spec part 2 §5): the columns matched by name, each
 * record's fields, and the messages of every problem, with their rows. `csv-import.ts` holds
 * the location and contact files' columns and the checks of their cells.
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
  /** A storm setting's cell (issue 28): the column, the value and the shared message. */
  storm: (column: string, value: string, message: string) => `Invalid ${column}: ${value}. ${message}`,
  category: (value: string, message: string) => `Invalid category: ${value}. ${message}`,
  email: (value: string) => `A valid address is required in order to create a contact login: ${value}`,
  phone: (value: string) => `Invalid phone number: ${value}`,
  parsing: (message: string) => `Parsing error: ${message}`,
  row: (row: number, message: string) => `Row ${row}: ${message}`,
  alreadyThere: (row: number, name: string) => `Row ${row}: ${name} is already in this account`,
  noRows: 'The file has no rows to import',
  willAdd: (count: number, one: string, many: string) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? one : many} will be added`,
  moreRows: (count: number) => `and ${count.toLocaleString('en-US')} more`,
  noHeader: (columns: string) => `The first line must name the columns: ${columns}.`,
  unknownColumn: (header: string, columns: string) =>
    `Unknown column "${header}". The columns are ${columns}.`,
  repeatedColumn: (first: string, second: string, field: string) =>
    `The columns "${first}" and "${second}" both give ${field}; keep one of them.`,
  missingColumn: (field: string, names: readonly string[]) =>
    `Missing required column: ${field} (headed ${wordList(names, 'or')})`,
  tooManyFields: (count: number, columns: number) =>
    `Too many fields: this row has ${count}, the header names ${columns} columns. A name with a comma needs double quotes around it.`,
  tooFewFields: (count: number, columns: number) =>
    `Too few fields: this row has ${count}, the header has ${columns} columns.`,
  /** Said with every problem found before or by the import: the file is taken whole or not at all. */
  nothingImported: 'Nothing was imported. Correct the file and choose it again.',
  /** A file imported again: every row was already there, so nothing was added. */
  nothingNew: (noun: string) =>
    `Nothing new in this file: all its ${noun.toLowerCase()} are already in this account. Nothing was added.`,
} as const;

/** The parser's problems (Papa Parse's codes) in plain words; a delimiter it cannot guess falls back to commas. */
const PARSER_WORDS: Record<string, string> = {
  MissingQuotes: 'A double quote (") opens a field that is never closed.',
  InvalidQuotes:
    'A field in double quotes goes on after its closing quote. Write a quote inside a field as two ("").',
};

/** A parser problem as the person who made the file can act on it; null for those that need no word. */
export function parserProblem(code: string): string | null {
  if (code === 'UndetectableDelimiter') return null;
  return CSV_MESSAGES.parsing(PARSER_WORDS[code] ?? 'The file could not be read as CSV.');
}

/** 'a, b or c'. */
function wordList(items: readonly string[], last: 'and' | 'or'): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

export interface RowError {
  /** Line of the file, the header being row 1. */
  row: number;
  message: string;
}

export interface CheckedRows<T> {
  rows: T[];
  errors: RowError[];
}

const isComment = (record: readonly string[]) => (record[0] ?? '').trimStart().startsWith('#');
const isBlank = (record: readonly string[]) => record.every((field) => field.trim() === '');

/** How a column of a file may be headed: the spec's name first, then the synonyms people use. */
interface ColumnRule {
  names: readonly string[];
  required: boolean;
}
export type ColumnRules<Field extends string> = Readonly<Record<Field, ColumnRule>>;

/** 'Site Name', 'site_name' and 'SITE-NAME' are the same header. */
const headerKey = (cell: string) => cell.toLowerCase().replace(/[\s_-]+/g, '');

/** 'name, lat, lng, limit24 and rapidrain (may be left out)', for messages. */
function columnList<Field extends string>(columns: ColumnRules<Field>): string {
  const names = Object.entries<ColumnRule>(columns).map(([field, rule]) =>
    rule.required ? field : `${field} (may be left out)`,
  );
  return wordList(names, 'and');
}

interface DataRecord<Field extends string> {
  row: number;
  values: Record<Field, string>;
}

/** Where each column is in the file, or the header's problems. */
function readHeader<Field extends string>(
  cells: readonly string[],
  columns: ColumnRules<Field>,
): Partial<Record<Field, number>> | string[] {
  const fields = Object.keys(columns) as Field[];
  const fieldOf = (cell: string) =>
    fields.find((field) => columns[field].names.some((name) => headerKey(name) === headerKey(cell)));
  const positions: Partial<Record<Field, number>> = {};
  const problems: string[] = [];
  cells.forEach((cell, position) => {
    if (cell.trim() === '') return;
    const field = fieldOf(cell);
    const earlier = field === undefined ? undefined : positions[field];
    if (field === undefined) problems.push(CSV_MESSAGES.unknownColumn(cell.trim(), columnList(columns)));
    else if (earlier !== undefined)
      problems.push(CSV_MESSAGES.repeatedColumn((cells[earlier] ?? '').trim(), cell.trim(), field));
    else positions[field] = position;
  });
  if (Object.keys(positions).length === 0) return [CSV_MESSAGES.noHeader(columnList(columns))];
  const missing = fields.filter((field) => columns[field].required && positions[field] === undefined);
  for (const field of missing) problems.push(CSV_MESSAGES.missingColumn(field, columns[field].names));
  return problems.length > 0 ? problems : positions;
}

/** The record's value for each column, or why its length does not fit the header. */
function readRecord<Field extends string>(
  fields: readonly string[],
  positions: Partial<Record<Field, number>>,
  columns: ColumnRules<Field>,
): Record<Field, string> | string {
  const used = Object.values<number | undefined>(positions).filter((at) => at !== undefined);
  const width = Math.max(...used) + 1;
  const extra = fields.some((field, at) => field.trim() !== '' && !used.includes(at));
  if (extra) return CSV_MESSAGES.tooManyFields(fields.length, used.length);
  const entries = (Object.keys(columns) as Field[]).map((field) => {
    const at = positions[field];
    return [field, at === undefined ? undefined : fields[at]] as const;
  });
  const short = entries.some(([field, value]) => columns[field].required && value === undefined);
  if (short) return CSV_MESSAGES.tooFewFields(fields.length, width);
  return Object.fromEntries(entries.map(([field, value]) => [field, (value ?? '').trim()])) as Record<
    Field,
    string
  >;
}

/**
 * The data records of a parsed file by column name, numbered as lines with the header as row 1;
 * comment (#) and blank lines are skipped. Every header and record problem is listed.
 */
function readRecords<Field extends string>(
  records: readonly string[][],
  columns: ColumnRules<Field>,
): { records: DataRecord<Field>[]; errors: RowError[] } {
  const lines = records
    .map((fields, index) => ({ row: index + 1, fields }))
    .filter(({ fields }) => !isComment(fields) && !isBlank(fields));
  const [header, ...data] = lines;
  if (!header)
    return { records: [], errors: [{ row: 1, message: CSV_MESSAGES.noHeader(columnList(columns)) }] };
  const positions = readHeader(header.fields, columns);
  if (Array.isArray(positions)) {
    return { records: [], errors: positions.map((message) => ({ row: header.row, message })) };
  }
  const result: { records: DataRecord<Field>[]; errors: RowError[] } = { records: [], errors: [] };
  for (const { row, fields } of data) {
    const values = readRecord(fields, positions, columns);
    if (typeof values === 'string') result.errors.push({ row, message: values });
    else result.records.push({ row, values });
  }
  return result;
}

/** Reads a parsed file by its header and checks each record; problems are listed with their rows. */
export function checkRecords<Field extends string, Row>(
  records: readonly string[][],
  columns: ColumnRules<Field>,
  check: (fields: string[]) => Row | string,
): CheckedRows<Row & { row: number }> {
  const read = readRecords(records, columns);
  const result: CheckedRows<Row & { row: number }> = { rows: [], errors: read.errors };
  for (const { row, values } of read.records) {
    const checked = check((Object.keys(columns) as Field[]).map((field) => values[field]));
    if (typeof checked === 'string') result.errors.push({ row, message: checked });
    else result.rows.push({ row, ...checked });
  }
  result.errors.sort((a, b) => a.row - b.row);
  return result;
}

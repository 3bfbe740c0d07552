import { stringify } from 'csv-stringify/sync';
import type { CellValue, ColumnKind, ReportColumn, ReportDocument } from '../report-document';

/**
 * The report as one RFC 4180 table (CRLF line ends, fields quoted when they hold a comma, a
 * quote or a line break) with a header row. Values stay data: ISO dates, times with their
 * offset, inches with 2 decimals (D1), money without '$', yes/no.
 *
 * The file starts with a UTF-8 byte order mark: Excel, where most users open it, reads a CSV
 * without one in the legacy code page and garbles every accented name; Papa Parse, Python's
 * `utf-8-sig` and most RFC 4180 readers skip it. Text cells that start like a formula (= + - @)
 * get a leading apostrophe (OWASP "CSV injection"): location and contact names are typed by
 * users and the file is e-mailed to others.
 */

const DECIMALS: Partial<Record<ColumnKind, number>> = { inches: 2, money: 2, seconds: 1 };

/** A cell as data; numbers stay numbers here so `numberField` formats them and formula escaping spares them. */
function csvValue(value: CellValue | undefined, kind: ColumnKind): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (kind === 'yesno' && typeof value === 'string') return value.toLowerCase();
  return value;
}

function numberField(value: number, kind: ColumnKind | undefined): string {
  const decimals = kind ? DECIMALS[kind] : undefined;
  return decimals === undefined ? String(value) : value.toFixed(decimals);
}

/** Every column any section has, in the order they first appear. */
function columnsOf(tables: { columns: ReportColumn[] }[]): ReportColumn[] {
  const columns = new Map<string, ReportColumn>();
  for (const table of tables) {
    for (const column of table.columns) if (!columns.has(column.key)) columns.set(column.key, column);
  }
  return [...columns.values()];
}

type CsvRecord = (string | number | null)[];

function recordOf(row: Record<string, CellValue>, columns: ReportColumn[]): CsvRecord {
  return columns.map((column) => csvValue(row[column.key], column.kind));
}

/** The one table the CSV holds: every section's rows under a first column naming the section, or the summary. */
function csvTable(document: ReportDocument): { header: string[]; kinds: ColumnKind[]; records: CsvRecord[] } {
  if (document.sections.length === 0) {
    const columns = document.summary?.columns ?? [];
    return {
      header: columns.map((column) => column.label),
      kinds: columns.map((column) => column.kind),
      records: (document.summary?.rows ?? []).map((row) => recordOf(row, columns)),
    };
  }
  const columns = columnsOf(document.sections.map((section) => section.table));
  return {
    header: [document.sectionLabel, ...columns.map((column) => column.label)],
    kinds: ['text', ...columns.map((column) => column.kind)],
    records: document.sections.flatMap((section) =>
      section.table.rows.map((row) => [section.heading, ...recordOf(row, columns)]),
    ),
  };
}

export function reportCsv(document: ReportDocument): string {
  const { header, kinds, records } = csvTable(document);
  return stringify([header, ...records], {
    bom: true,
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: { number: (value, context) => numberField(value, kinds[Number(context.column)]) },
  });
}

import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { CellValue, ColumnKind, ReportDocument, ReportFact, ReportTable } from '../report-document';
import { cellText, wallTime } from './display';

/**
 * The report as a workbook: a 'Summary' sheet (the header's facts, then the summary table) and
 * one sheet per section (its heading and facts, then its table). Values stay values: numbers as
 * numbers at full precision with a display format (inches '0.00', D1), dates and times as real
 * dates (a time as its wall time in the product time zone: Excel has no zones), yes/no as text.
 * Each table's header row is bold, frozen and filterable. Written with exceljs' streaming
 * writer: a sheet is compressed and let go as soon as it is complete.
 */

const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = {
  inches: '0.00',
  count: '#,##0',
  money: '"$"#,##0.00',
  seconds: '0.0',
  date: 'mmm d, yyyy',
  datetime: 'mmm d, yyyy h:mm AM/PM',
  hour: 'h AM/PM',
};

/** A fact's number keeps its unit in the cell's format, as '2.97 in' reads in the other formats. */
const FACT_FORMATS: Partial<Record<ColumnKind, string>> = {
  ...NUMBER_FORMATS,
  inches: '0.00 "in"',
  seconds: '0.0 "s"',
};

const DATE_KINDS: readonly ColumnKind[] = ['date', 'datetime', 'hour'];

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
const MIN_WIDTH = 10;
const MAX_WIDTH = 50;

/** A calendar date or an ISO time as the Date whose UTC fields are its wall time (how Excel stores dates). */
function wallDate(text: string): Date | null {
  const time = wallTime(text);
  if (!time) return null;
  return new Date(Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second));
}

function xlsxValue(value: CellValue | undefined, kind: ColumnKind): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && DATE_KINDS.includes(kind)) return wallDate(value) ?? value;
  return value;
}

/**
 * Excel's rules for sheet names: at most 31 characters, none of []:*?/\, not blank, unique
 * without regard to case, and 'History' is reserved.
 */
export function sheetNamer(): (wanted: string) => string {
  const taken = new Set(['history']);
  return (wanted) => {
    const base =
      wanted
        .replace(/[[\]:*?/\\]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^'+|'+$/g, '') || 'Sheet';
    for (let copy = 1; ; copy++) {
      const suffix = copy === 1 ? '' : ` (${copy})`;
      const name = `${base.slice(0, 31 - suffix.length).trimEnd()}${suffix}`;
      if (!taken.has(name.toLowerCase())) {
        taken.add(name.toLowerCase());
        return name;
      }
    }
  };
}

function longestWord(text: string): number {
  return Math.max(...text.split(/\s+/).map((word) => word.length));
}

/** Wide enough for the longest value as displayed and the header's longest word; the header wraps. */
function columnWidths(table: ReportTable): number[] {
  return table.columns.map((column) => {
    let widest = longestWord(column.label);
    for (const row of table.rows) widest = Math.max(widest, cellText(row[column.key], column.kind).length);
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + 2));
  });
}

type Sheet = ExcelJS.Worksheet;

/** A row written above a sheet's table: its values, its font, the display formats of some of its cells. */
interface SheetLine {
  values: ExcelJS.CellValue[];
  font?: Partial<ExcelJS.Font>;
  formats?: Record<number, string>;
}

function writeLine(sheet: Sheet, line: SheetLine): void {
  const row = sheet.addRow(line.values);
  if (line.font) row.font = line.font;
  for (const [column, format] of Object.entries(line.formats ?? {}))
    row.getCell(Number(column)).numFmt = format;
  row.commit();
}

/** A fact that is a number is stored as one, its unit in the cell's format ('0.00 "in"'). */
function factLines(facts: ReportFact[]): SheetLine[] {
  return facts.map(({ label, value, number }) =>
    number
      ? { values: [label, number.value], formats: { 2: FACT_FORMATS[number.kind] ?? 'General' } }
      : { values: [label, value] },
  );
}

function writeTable(sheet: Sheet, table: ReportTable): void {
  const header = sheet.addRow(table.columns.map((column) => column.label));
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'bottom' };
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
  header.commit();
  if (table.rows.length === 0) sheet.addRow([table.emptyText]).commit();
  for (const values of table.rows) {
    const row = sheet.addRow(table.columns.map((column) => xlsxValue(values[column.key], column.kind)));
    table.columns.forEach((column, index) => {
      const format = NUMBER_FORMATS[column.kind];
      if (format) row.getCell(index + 1).numFmt = format;
    });
    row.commit();
  }
}

/** A sheet of `lines` then `table`, whose header row is frozen (with everything above it) and filterable. */
function addTableSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  lines: SheetLine[],
  table: ReportTable,
): void {
  const headerRow = lines.length + 1;
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: headerRow, xSplit: 0 }] });
  sheet.columns = columnWidths(table).map((width) => ({ width }));
  for (const line of lines) writeLine(sheet, line);
  writeTable(sheet, table);
  if (table.rows.length > 0) {
    sheet.autoFilter = {
      from: { row: headerRow, column: 1 },
      to: { row: headerRow, column: table.columns.length },
    };
  }
  sheet.commit();
}

function summaryLines(document: ReportDocument): SheetLine[] {
  const lines: SheetLine[] = [{ values: [document.title], font: { bold: true, size: 14 } }];
  if (document.accountName) lines.push({ values: ['Account', document.accountName] });
  if (document.period) {
    const { from, to } = document.period;
    const date = NUMBER_FORMATS.date ?? '';
    lines.push({ values: ['From', wallDate(from), 'To', wallDate(to)], formats: { 2: date, 4: date } });
  }
  lines.push({
    values: [`Generated (${document.timeZoneLabel})`, wallDate(document.generatedAt)],
    formats: { 2: NUMBER_FORMATS.datetime ?? '' },
  });
  lines.push(...factLines(document.facts), ...document.notes.map((note) => ({ values: [note] })));
  return [...lines, { values: [] }];
}

function sectionLines(heading: string, facts: ReportFact[]): SheetLine[] {
  return [{ values: [heading], font: { bold: true, size: 13 } }, ...factLines(facts), { values: [] }];
}

/** ExcelJS is loaded by the first workbook written: a thread that writes none never loads it. */
export async function reportXlsx(document: ReportDocument): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  workbook.creator = 'Pluvio';
  workbook.title = document.title;
  const nameSheet = sheetNamer();
  const summary = document.summary ?? { columns: [], rows: [], emptyText: '' };
  addTableSheet(workbook, nameSheet('Summary'), summaryLines(document), summary);
  for (const section of document.sections) {
    addTableSheet(
      workbook,
      nameSheet(section.heading),
      sectionLines(section.heading, section.facts),
      section.table,
    );
  }
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

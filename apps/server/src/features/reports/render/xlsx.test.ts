import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AWKWARD_NAMES, monthlyDocument, smsDocument } from '../../../test/report-documents';
import type { ReportDocument } from '../report-document';
import { reportXlsx, sheetNamer } from './xlsx';

async function readBack(document: ReportDocument): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer; it reads a Node Buffer the same way.
  await workbook.xlsx.load(new Uint8Array(await reportXlsx(document)).buffer);
  return workbook;
}

/** The row number of the sheet's table header: the row whose first cell is `label`. */
function headerRow(sheet: ExcelJS.Worksheet, label: string): number {
  for (let row = 1; row <= sheet.rowCount; row++) if (sheet.getCell(row, 1).value === label) return row;
  throw new Error(`no ${label} header on ${sheet.name}`);
}

describe('the XLSX report', async () => {
  const document = monthlyDocument(100);
  const workbook = await readBack(document);

  it('has a Summary sheet then one sheet per location, names within Excel rules and unique', () => {
    const names = workbook.worksheets.map((sheet) => sheet.name);
    expect(names).toHaveLength(101);
    expect(names[0]).toBe('Summary');
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(101);
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(31);
      expect(name).not.toMatch(/[[\]:*?/\\]/);
    }
    expect(names.slice(1, 7)).toEqual([
      '<script>alert(1)< script>',
      'Dock 4, "North" yard',
      'Café Façade – Peñasco',
      "O'Brien & Sons <Lot 7>",
      'Łódź 東京 depot',
      'Regional stormwater detention b',
    ]);
  });

  it('stores every location day as numbers equal to the report data and dates as dates', () => {
    document.sections.forEach((section, index) => {
      const sheet = workbook.worksheets[index + 1];
      if (!sheet) throw new Error(`no sheet for ${section.heading}`);
      expect(sheet.getCell(1, 1).value).toBe(section.heading);
      const header = headerRow(sheet, 'Date');
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header });
      expect(sheet.getRow(header).font?.bold).toBe(true);
      section.table.rows.forEach((day, offset) => {
        const row = sheet.getRow(header + 1 + offset);
        const date = row.getCell(1).value;
        expect(date).toBeInstanceOf(Date);
        expect((date as Date).toISOString().slice(0, 10)).toBe(day.date);
        expect(row.getCell(2).value).toBe(day.total);
        expect(row.getCell(2).numFmt).toBe('0.00');
        expect(row.getCell(3).value).toBe(day.maxHour);
        expect(row.getCell(5).value).toBe(day.crossed ? 'Yes' : 'No');
      });
    });
  });

  it('stores a time as its wall time in the product time zone', () => {
    const sheet = workbook.worksheets[1];
    const section = document.sections[0];
    if (!sheet || !section) throw new Error('no first location');
    const header = headerRow(sheet, 'Date');
    const offset = section.table.rows.findIndex((row) => row.maxHourAt);
    const iso = section.table.rows[offset]?.maxHourAt as string;
    const stored = sheet.getRow(header + 1 + offset).getCell(4).value as Date;
    expect(stored).toBeInstanceOf(Date);
    expect(stored.toISOString().slice(0, 16)).toBe(iso.slice(0, 16));
    expect(sheet.getRow(header + 1 + offset).getCell(4).numFmt).toBe('h AM/PM');
  });

  it('puts the header facts and the summary table, full precision, on the Summary sheet', () => {
    const sheet = workbook.getWorksheet('Summary');
    if (!sheet) throw new Error('no Summary sheet');
    expect(sheet.getCell(1, 1).value).toBe('Monthly Rainfall Report');
    const cells = sheet
      .getSheetValues()
      .flat()
      .filter((value) => value !== undefined && value !== null);
    expect(cells).toContain('Gulf Coast Builders, Inc.');
    expect(cells).toContain('Historical fee charged');
    expect(cells).toContainEqual(new Date(Date.UTC(2026, 9, 1)));
    expect(cells).toContainEqual(new Date(Date.UTC(2026, 9, 31)));
    const header = headerRow(sheet, 'Location');
    document.summary?.rows.forEach((summary, offset) => {
      const row = sheet.getRow(header + 1 + offset);
      expect(row.getCell(1).value).toBe(summary.location);
      expect(row.getCell(2).value).toBe(summary.total);
      expect(row.getCell(3).value).toBe(summary.rainDays);
    });
    expect(AWKWARD_NAMES).toContain(sheet.getRow(header + 1).getCell(1).value);
  });

  it('stores the facts that are numbers as numbers, their unit in the format', () => {
    const fact = (sheet: ExcelJS.Worksheet | undefined, label: string) => {
      const row = sheet
        ?.getRows(1, sheet.rowCount)
        ?.find((candidate) => candidate.getCell(1).value === label);
      return row?.getCell(2);
    };
    const summary = workbook.getWorksheet('Summary');
    expect(fact(summary, 'Locations')).toMatchObject({ value: 100, numFmt: '#,##0' });
    expect(fact(summary, 'Historical fee charged')).toMatchObject({ value: 24, numFmt: '"$"#,##0.00' });
    expect(fact(summary, 'Data')?.value).toBe('Pass 2 (final), simulator');
    const [section] = document.sections;
    const total = section?.facts.find((candidate) => candidate.label === 'Period total')?.number?.value;
    expect(fact(workbook.worksheets[1], 'Period total')).toMatchObject({ value: total, numFmt: '0.00 "in"' });
    expect(typeof fact(workbook.worksheets[1], 'Days with rain')?.value).toBe('number');
  });

  it('writes an installation report on its Summary sheet, money as a number in dollars', async () => {
    const sms = await readBack(smsDocument(5));
    expect(sms.worksheets.map((sheet) => sheet.name)).toEqual(['Summary']);
    const sheet = sms.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = headerRow(sheet, 'Sent (ET)');
    const first = sheet.getRow(header + 1);
    expect(first.getCell(7).value).toBe(0.0079);
    expect(first.getCell(7).numFmt).toBe('"$"#,##0.00');
    expect(sheet.getRow(header + 2).getCell(3).value).toBe('Failed');
  });
});

describe('sheet names', () => {
  it('drops the characters Excel refuses, keeps 31 characters and numbers repeats', () => {
    const name = sheetNamer();
    expect(name('Summary')).toBe('Summary');
    expect(name('summary')).toBe('summary (2)');
    expect(name('History')).toBe('History (2)');
    expect(name('a/b\\c:d*e?f[g]h')).toBe('a b c d e f g h');
    expect(name('x'.repeat(40))).toBe('x'.repeat(31));
    expect(name('x'.repeat(40))).toBe(`${'x'.repeat(27)} (2)`);
    expect(name("'quoted'")).toBe('quoted');
    expect(name('   ')).toBe('Sheet');
  });
});

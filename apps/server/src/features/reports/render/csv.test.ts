import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { AWKWARD_NAMES, monthlyDocument, smsDocument } from '../../../test/report-documents';
import type { ReportDocument } from '../report-document';
import { reportCsv } from './csv';

function parse(csv: string): string[][] {
  const result = Papa.parse<string[]>(csv, { skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
}

describe('the CSV report', () => {
  const document = monthlyDocument(100);
  const csv = reportCsv(document);
  const [header, ...rows] = parse(csv);

  it('is one table of every location day under a header row, the first column naming the location', () => {
    expect(header).toEqual([
      'Location',
      'Date',
      'Daily total (in)',
      'Largest hour (in)',
      'Largest hour (ET)',
      '24-hour threshold crossed',
      'Atlas 14 interval reached',
    ]);
    const expected = document.sections.reduce((count, section) => count + section.table.rows.length, 0);
    expect(rows).toHaveLength(expected);
    expect(rows).toHaveLength(3100);
  });

  it('ends lines with CRLF and starts with a UTF-8 byte order mark (Excel reads accents only with one)', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.split('\r\n')).toHaveLength(3100 + 2);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('gives back every awkward name exactly, quoted where it must be', () => {
    const names = new Set(rows.map((row) => row[0]));
    for (const name of AWKWARD_NAMES) expect(names).toContain(name);
    expect(csv).toContain('"Dock 4, ""North"" yard"');
  });

  it('writes ISO dates and times with their offset, inches with 2 decimals, yes/no', () => {
    const site = rows.filter((row) => row[0] === document.sections[7]?.heading);
    const source = document.sections[7]?.table.rows ?? [];
    expect(site).toHaveLength(31);
    site.forEach((row, index) => {
      const day = source[index] ?? {};
      expect(row[1]).toBe(day.date);
      expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row[2]).toBe((day.total as number).toFixed(2));
      expect(row[3]).toMatch(/^\d+\.\d{2}$/);
      expect(row[4]).toBe(day.maxHourAt ?? '');
      expect(row[5]).toBe(day.crossed ? 'yes' : 'no');
    });
    expect(site.some((row) => /^2026-10-\d{2}T\d{2}:00:00-04:00$/.test(row[4] ?? ''))).toBe(true);
  });

  it('quotes commas, quotes and line breaks and disarms formulas in text', () => {
    const [section] = document.sections;
    if (!section) throw new Error('no section');
    const awkward: ReportDocument = {
      ...document,
      sections: [
        { ...section, heading: 'Line one\nline two, "quoted"' },
        { ...section, heading: '=HYPERLINK("http://example.com")' },
      ],
    };
    const [, first, ...others] = parse(reportCsv(awkward));
    expect(first?.[0]).toBe('Line one\nline two, "quoted"');
    expect(others.at(-1)?.[0]).toBe('\'=HYPERLINK("http://example.com")');
  });

  it('is the summary table, money without $, when the report has no sections', () => {
    const [smsHeader, ...messages] = parse(reportCsv(smsDocument(12)));
    expect(smsHeader).toEqual([
      'Sent (ET)',
      'To',
      'Status',
      'Message',
      'Attempts',
      'Delivery time (s)',
      'Cost',
    ]);
    expect(messages).toHaveLength(12);
    expect(messages[0]).toEqual([
      '2026-10-01T06:15:00-04:00',
      "'+17135551000",
      'Delivered',
      'Pluvio alert: <script>alert(1)</script> had 1.62 in of rain in the last 24 hours, over its 1.50 in threshold.',
      '1',
      '2.3',
      '0.01',
    ]);
    expect(messages[1]?.[5]).toBe('');
  });
});

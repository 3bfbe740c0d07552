import { REPORT_FORMATS } from '@pluvio/shared/reports';
import { describe, expect, it } from 'vitest';
import { monthlyDocument } from '../../../test/report-documents';
import { renderReport } from './index';

describe('renderReport', () => {
  it('names each file after the document with its format extension and content type', async () => {
    const document = monthlyDocument(2, 3);
    const files = await Promise.all(REPORT_FORMATS.map((format) => renderReport(document, format)));
    expect(files.map(({ filename, contentType }) => [filename, contentType])).toEqual([
      ['pluvio-monthly-2026-10.html', 'text/html; charset=utf-8'],
      ['pluvio-monthly-2026-10.csv', 'text/csv; charset=utf-8'],
      ['pluvio-monthly-2026-10.pdf', 'application/pdf'],
      ['pluvio-monthly-2026-10.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ]);
    for (const file of files) expect(file.content.length).toBeGreaterThan(0);
    expect(files[2]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(files[3]?.content.subarray(0, 2).toString()).toBe('PK');
  });
});

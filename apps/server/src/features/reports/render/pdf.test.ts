import { beforeAll, describe, expect, it } from 'vitest';
import { hasPdftotext, pdfPages, popplerOutput } from '../../../test/pdf-pages';
import { monthlyDocument } from '../../../test/report-documents';
import type { ReportDocument } from '../report-document';
import { cellText, dateText } from './display';
import { reportPdf } from './pdf';
import { drawable } from './pdf-text';

/** A 1×1 PNG: the smallest picture a thumbnail can be. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface DrawnRow {
  page: number;
  date: string;
  total: string;
}

const ROW = /^\s*([A-Z][a-z]{2} \d{1,2}, \d{4})\s+(\d+\.\d{2})\s/;

/**
 * Every table row drawn under each section heading: a page line that is a heading (or the start of
 * a wrapped one, or one marked '(continued)') starts a section; each line then opening with a date
 * and a number is a row of it, both read on the same line of the same page.
 */
function rowsBySection(document: ReportDocument, pages: string[]): Map<string, DrawnRow[]> {
  const headings = document.sections.map((section) => drawable(section.heading));
  const rows = new Map<string, DrawnRow[]>(headings.map((heading) => [heading, []]));
  let current: string | undefined;
  pages.forEach((text, page) => {
    for (const line of text.split('\n')) {
      const trimmed = line.trim().replace(/ \(continued\)$/, '');
      const heading =
        headings.find((candidate) => candidate === trimmed) ??
        (trimmed.length >= 20 ? headings.find((candidate) => candidate.startsWith(trimmed)) : undefined);
      if (heading) current = heading;
      const row = ROW.exec(line);
      if (row && current) rows.get(current)?.push({ page, date: row[1] ?? '', total: row[2] ?? '' });
    }
  });
  return rows;
}

function expectEveryDayOfEverySection(document: ReportDocument, pages: string[]): void {
  const drawn = rowsBySection(document, pages);
  for (const section of document.sections) {
    const expected = section.table.rows.map((row) => ({
      date: dateText(row.date as string),
      total: cellText(row.total, 'inches'),
    }));
    const rows = drawn.get(drawable(section.heading)) ?? [];
    expect(
      rows.map(({ date, total }) => ({ date, total })),
      section.heading,
    ).toEqual(expected);
  }
}

function expectFrameOnEveryPage(document: ReportDocument, pages: string[]): void {
  pages.forEach((text, index) => {
    expect(text).toContain(document.title);
    expect(text).toContain(document.accountName ?? '');
    expect(text).toContain('Oct 1, 2026 –');
    expect(text).toMatch(new RegExp(`Page ${index + 1} of ${pages.length}\\s*$`));
  });
}

describe.skipIf(!hasPdftotext)(
  'the PDF report, read back with pdftotext (skipped where poppler-utils is missing, required when CI=true)',
  () => {
    const document = monthlyDocument(100);
    let pages: string[] = [];
    beforeAll(async () => {
      pages = pdfPages(await reportPdf(document));
    });

    it('draws every day of each of 100 locations under its heading, with the header and page numbers on every page', () => {
      expect(pages.length).toBeGreaterThan(100);
      expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
      expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
      expectFrameOnEveryPage(document, pages);
      expectEveryDayOfEverySection(document, pages);
      const text = pages.join('\n').replace(/\s+/g, ' ');
      for (const section of document.sections) expect(text).toContain(drawable(section.heading));
      expect(text).toContain('<script>alert(1)</script>');
      expect(text).toContain('Dock 4, "North" yard');
      expect(text).toContain('Café Façade – Peñasco');
      expect(text).toContain('Lódz ?? depot');
    });

    it('keeps the summary whole across pages: each location once, its header row on every page', () => {
      const summaryPages = pages.filter((text) => /Summary( \(continued\))?\n/.test(text));
      expect(summaryPages.length).toBeGreaterThan(1);
      for (const text of summaryPages) expect(text).toMatch(/Location\s+Period total \(in\)/);
      const summaryText = summaryPages.join('\n');
      for (const row of document.summary?.rows ?? []) {
        const name = drawable(row.location as string).slice(0, 40);
        const line = summaryText.split('\n').find((candidate) => candidate.includes(name));
        expect(line, name).toContain(cellText(row.total, 'inches'));
      }
    });

    it('continues a long table on the next pages under its heading and header row again', async () => {
      const long = monthlyDocument(1, 120);
      const longPages = pdfPages(await reportPdf(long));
      const tablePages = longPages.slice(1);
      expect(tablePages.length).toBeGreaterThanOrEqual(3);
      tablePages.forEach((text, index) => {
        if (index > 0) expect(text).toContain('<script>alert(1)</script> (continued)');
        expect(text).toMatch(/Date\s+Daily total \(in\)\s+Largest hour \(in\)/);
      });
      expectEveryDayOfEverySection(long, longPages);
    });

    it('names the hour ending at midnight within its own day, as the other formats do', async () => {
      const late = monthlyDocument(1, 3);
      const [section] = late.sections;
      const row = section?.table.rows[1];
      if (!row) throw new Error('no second day');
      Object.assign(row, { total: 1.5, maxHour: 0.75, maxHourAt: `${row.date}T23:00:00-04:00` });
      const text = pdfPages(await reportPdf(late)).join('\n');
      const line = text
        .split('\n')
        .find((candidate) => candidate.trim().startsWith(dateText(row.date as string)));
      expect(line).toMatch(/1\.50\s+0\.75\s+11 PM–12 AM/);
    });

    it('holds 1,000 locations: every day of each, numbered to the last page', async () => {
      const thousand = monthlyDocument(1_000);
      const thousandPages = pdfPages(await reportPdf(thousand));
      expect(thousandPages.length).toBeGreaterThan(1_000);
      expect(thousandPages.at(-1)).toContain(`Page ${thousandPages.length} of ${thousandPages.length}`);
      expectEveryDayOfEverySection(thousand, thousandPages);
    }, 120_000);

    it('reads well at one location: the summary, then the location on its own page', async () => {
      const one = monthlyDocument(1);
      const onePages = pdfPages(await reportPdf(one));
      expect(onePages).toHaveLength(2);
      expect(onePages[0]).toContain('Summary');
      expect(onePages[0]).toContain('Page 1 of 2');
      expect(onePages[1]).toContain('Page 2 of 2');
      expectFrameOnEveryPage(one, onePages);
      expectEveryDayOfEverySection(one, onePages);
    });

    it("turns the pages sideways when asked, and draws a section's photos as captioned thumbnails", async () => {
      const small = monthlyDocument(2, 3);
      const photo = { image: ONE_PIXEL_PNG, caption: 'Silt fence, NE corner' };
      const [first, second] = small.sections;
      if (!first || !second) throw new Error('two sections');
      const sections = [{ ...first, photos: [photo, photo, { ...photo, caption: 'Inlet bag' }] }, second];
      const pdf = await reportPdf({ ...small, landscape: true, sections });
      const text = pdfPages(pdf).join('\n');
      expect(text).toContain('Silt fence, NE corner');
      expect(text).toContain('Inlet bag');
      expect(popplerOutput('pdfinfo', pdf)).toMatch(/Page size:\s+792 x 612/);
      // pdfimages lists each image drawn as an 'image' (and a PNG's transparency as its 'smask').
      const images = popplerOutput('pdfimages', pdf, ['-list'])
        .split('\n')
        .filter((line) => line.trim().split(/\s+/)[2] === 'image');
      expect(images).toHaveLength(3);
    });

    it('never lets a long name run past the right edge: it wraps inside its column', async () => {
      const small = monthlyDocument(6, 2);
      if (!small.summary) throw new Error('no summary');
      const summary = {
        ...small.summary,
        rows: small.summary.rows.map((row, index) =>
          index === 0 ? { ...row, location: 'W'.repeat(150) } : row,
        ),
      };
      const firstPage = pdfPages(await reportPdf({ ...small, summary }))[0];
      const drawnWs = (firstPage?.replace(/Wettest/g, '').match(/W/g) ?? []).length;
      expect(drawnWs).toBe(150);
    });
  },
);

describe('the PDF report', () => {
  it('is a PDF whatever the names hold', async () => {
    const pdf = await reportPdf(monthlyDocument(6, 3));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

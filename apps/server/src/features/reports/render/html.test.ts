import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../core/lib/email-layout';
import { monthlyDocument, smsDocument } from '../../../test/report-documents';
import type { ReportDocument } from '../report-document';
import { reportHtml } from './html';

const document = monthlyDocument(8, 5);
const html = reportHtml(document);

describe('the HTML report', () => {
  it('is a whole document a phone can read: doctype, language, viewport and title', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain(
      '<title>Monthly Rainfall Report – Gulf Coast Builders, Inc. – Oct 1, 2026 – Oct 5, 2026</title>',
    );
  });

  it('styles with attributes only: no style element, no script, no event handler', () => {
    expect(html).not.toMatch(/<style/i);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).toContain('style="');
  });

  it('shows every awkward name as text', () => {
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('Dock 4, &#34;North&#34; yard');
    expect(html).toContain('O&#39;Brien &#38; Sons &#60;Lot 7&#62;');
    expect(html).toContain('Café Façade – Peñasco');
    expect(html).toContain('Łódź 東京 depot');
    const hostile: ReportDocument = {
      ...document,
      title: '"&<>\'',
      accountName: '<img src=x onerror=alert(1)>',
      notes: ['</li><script>'],
      facts: [{ label: '<b>', value: '</dd>' }],
    };
    const escaped = reportHtml(hostile);
    expect(escaped).not.toMatch(/<script|<img|<b>/i);
    expect(escaped).toContain('&#34;&#38;&#60;&#62;&#39;');
  });

  it('has the header, the facts, the notes, the summary and one section per location', () => {
    expect(html).toContain('<h1');
    expect(html).toContain('Generated Nov 1, 2026 6:00 AM ET');
    expect(html).toContain('Historical fee charged');
    expect(html).toContain('A dash (—) means no rainfall data is stored for that day yet.');
    expect(html.match(/<h2 /g)).toHaveLength(1 + 8);
    expect(html).toContain('>Summary</h2>');
    expect(html.match(/<table /g)).toHaveLength(1 + 8);
    for (const section of document.sections) expect(html).toContain(`>${escapeHtml(section.heading)}</h2>`);
    expect(html).toContain('<td style="padding:5px 8px;white-space:nowrap">Oct 5, 2026</td>');
  });

  it('lets a time break between its date and its hour only, and keeps an hour of a day on one line', () => {
    expect(reportHtml(smsDocument(3))).toMatch(
      /<td style="padding:5px 8px">Oct&nbsp;\d+,&nbsp;2026 \d+:\d\d&nbsp;[AP]M<\/td>/,
    );
    expect(html).toMatch(/<td style="padding:5px 8px;white-space:nowrap">\d+ [AP]M–\d+ [AP]M<\/td>/);
  });

  it('wraps every table in a box that scrolls sideways and that a keyboard can reach', () => {
    const boxes = html.match(
      /<div role="region" aria-label="[^"]*" tabindex="0" style="overflow-x:auto[^"]*">\s*<table/g,
    );
    expect(boxes).toHaveLength(9);
    expect(html).toContain('<th scope="col"');
  });

  it('writes a table without rows as its empty text', () => {
    const [section] = document.sections;
    if (!section) throw new Error('no section');
    const empty = reportHtml({
      ...document,
      sections: [{ ...section, table: { ...section.table, rows: [] } }],
    });
    expect(empty).toContain('No rain in this period');
    expect(empty.match(/<table /g)).toHaveLength(1);
  });

  it('keeps a failed delivery as exactly Failed in its cell', () => {
    const sms = reportHtml(smsDocument(10));
    const failed = sms.match(/<td[^>]*>Failed<\/td>/g);
    expect(failed).toHaveLength(2);
    expect(sms).not.toContain('>Summary</h2>');
  });
});

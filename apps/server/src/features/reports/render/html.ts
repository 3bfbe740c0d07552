import { escapeHtml } from '../../../core/lib/email-layout';
import type {
  CellValue,
  ColumnKind,
  ReportColumn,
  ReportDocument,
  ReportFact,
  ReportTable,
} from '../report-document';
import { cellText, dateTimeParts, generatedText, isNumeric, keepsOnOneLine, periodText } from './display';

/**
 * The report as one HTML document, styled with `style` attributes only: the web app shows it in
 * a sandboxed iframe whose CSP allows style attributes but not `<style>` elements, and many
 * e-mail clients drop `<style>` as well. No script. Phone-first: tables scroll sideways in their
 * own box; printing repeats each table's header row and keeps rows whole.
 */

const COLORS = { brand: '#0b4f8a', text: '#1a1a1a', muted: '#4a4a4a', rule: '#d0d7de', stripe: '#f3f6f9' };
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function factsHtml(facts: ReportFact[]): string {
  if (facts.length === 0) return '';
  const items = facts
    .map(
      (fact) =>
        `<div style="min-width:120px"><dt style="font-size:12px;color:${COLORS.muted}">${escapeHtml(fact.label)}</dt>` +
        `<dd style="margin:0;font-weight:600">${escapeHtml(fact.value)}</dd></div>`,
    )
    .join('');
  return `<dl style="display:flex;flex-wrap:wrap;gap:8px 28px;margin:0 0 12px">${items}</dl>`;
}

function notesHtml(notes: string[]): string {
  if (notes.length === 0) return '';
  const items = notes.map((note) => `<li style="margin:2px 0">${escapeHtml(note)}</li>`).join('');
  return `<ul style="margin:0 0 16px;padding-left:20px;color:${COLORS.muted};font-size:13px">${items}</ul>`;
}

function cellStyle(numeric: boolean, oneLine: boolean): string {
  return `padding:5px 8px${numeric ? ';text-align:right' : ''}${oneLine ? ';white-space:nowrap' : ''}`;
}

/** Columns of long text keep a readable width on a phone: the table scrolls rather than squeezing them. */
const LONG_TEXT = 32;

function headerStyle(table: ReportTable, column: ReportColumn): string {
  const long = table.rows.some((row) => {
    const value = row[column.key];
    return typeof value === 'string' && value.length > LONG_TEXT;
  });
  const align = isNumeric(column.kind) ? 'right' : 'left';
  return `padding:5px 8px;text-align:${align};background:#e8eef4;border-bottom:1px solid ${COLORS.rule};font-size:13px;vertical-align:bottom${long ? ';min-width:12em' : ''}`;
}

/** A cell's text; a time keeps its date and its hour each on one line ('Oct 3, 2026' / '2:15 PM'). */
function cellHtml(value: CellValue | undefined, kind: ColumnKind): string {
  const parts = kind === 'datetime' && typeof value === 'string' ? dateTimeParts(value) : null;
  if (!parts) return escapeHtml(cellText(value, kind));
  return parts.map((part) => escapeHtml(part).replaceAll(' ', '&nbsp;')).join(' ');
}

function tableHtml(table: ReportTable, label: string): string {
  if (table.rows.length === 0) {
    return `<p style="margin:0 0 8px;font-style:italic;color:${COLORS.muted}">${escapeHtml(table.emptyText)}</p>`;
  }
  const styles = table.columns.map((column) =>
    cellStyle(isNumeric(column.kind), keepsOnOneLine(column.kind)),
  );
  const head = table.columns
    .map((column) => `<th scope="col" style="${headerStyle(table, column)}">${escapeHtml(column.label)}</th>`)
    .join('');
  const body = table.rows
    .map((row, rowIndex) => {
      const cells = table.columns
        .map((column, index) => `<td style="${styles[index]}">${cellHtml(row[column.key], column.kind)}</td>`)
        .join('');
      const stripe = rowIndex % 2 === 1 ? `;background:${COLORS.stripe}` : '';
      return `<tr style="vertical-align:top;break-inside:avoid${stripe}">${cells}</tr>`;
    })
    .join('\n');
  // A scrolling box must be reachable by keyboard, hence the tabindex and its label.
  return `<div role="region" aria-label="${escapeHtml(label)}" tabindex="0" style="overflow-x:auto;margin:0 0 8px">
<table style="border-collapse:collapse;width:100%;font-size:14px;font-variant-numeric:tabular-nums">
<thead><tr>${head}</tr></thead>
<tbody>
${body}
</tbody>
</table></div>`;
}

function sectionHtml(heading: string, facts: ReportFact[], table: ReportTable): string {
  return `<section style="margin:24px 0 0">
<h2 style="margin:0 0 6px;font-size:18px;color:${COLORS.brand};break-after:avoid">${escapeHtml(heading)}</h2>
${factsHtml(facts)}${tableHtml(table, heading)}
</section>`;
}

/** The summary table: under a 'Summary' heading before the sections, or alone as the report's table. */
function summaryHtml(document: ReportDocument): string {
  if (!document.summary) return '';
  if (document.sections.length > 0) return sectionHtml('Summary', [], document.summary);
  return tableHtml(document.summary, document.title);
}

function headerHtml(document: ReportDocument): string {
  const period = periodText(document);
  const lines = [
    `<h1 style="margin:0 0 4px;font-size:22px;color:${COLORS.brand}">${escapeHtml(document.title)}</h1>`,
    document.accountName
      ? `<p style="margin:0;font-size:17px;font-weight:600">${escapeHtml(document.accountName)}</p>`
      : '',
    period ? `<p style="margin:2px 0 0">${escapeHtml(period)}</p>` : '',
    `<p style="margin:2px 0 0;font-size:13px;color:${COLORS.muted}">${escapeHtml(generatedText(document))}</p>`,
  ];
  return `<header style="border-bottom:2px solid ${COLORS.brand};padding:0 0 10px;margin:0 0 14px">${lines.join('')}</header>`;
}

function titleOf(document: ReportDocument): string {
  return [document.title, document.accountName, periodText(document)].filter(Boolean).join(' – ');
}

export function reportHtml(document: ReportDocument): string {
  const sections = document.sections
    .map((section) => sectionHtml(section.heading, section.facts, section.table))
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(titleOf(document))}</title>
</head>
<body style="margin:0;background:#fff;color:${COLORS.text};font-family:${FONT};font-size:15px;line-height:1.4">
<main style="max-width:1000px;margin:0 auto;padding:16px">
${headerHtml(document)}
${factsHtml(document.facts)}${notesHtml(document.notes)}${summaryHtml(document)}
${sections}
</main>
</body>
</html>
`;
}

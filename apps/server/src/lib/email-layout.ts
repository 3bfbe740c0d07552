export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface EmailContent {
  text: string;
  html: string;
}

/** A table in an e-mail: cells for the HTML part, one line per row for the plain-text part. */
export interface EmailTable {
  head: readonly string[];
  rows: readonly { cells: readonly string[]; text: string }[];
}

export type EmailBlock = string | EmailTable;

const CELL_STYLE = 'padding:6px 8px;border-bottom:1px solid #ddd;text-align:left';

function textOf(block: EmailBlock): string[] {
  return typeof block === 'string' ? [block] : block.rows.map((row) => row.text);
}

function htmlOf(block: EmailBlock): string {
  if (typeof block === 'string') return `<p>${escapeHtml(block)}</p>`;
  const cells = (tag: 'th' | 'td', values: readonly string[]) =>
    values.map((value) => `<${tag} style="${CELL_STYLE}">${escapeHtml(value)}</${tag}>`).join('');
  return `<table style="border-collapse:collapse;width:100%;font-size:14px">
<thead><tr>${cells('th', block.head)}</tr></thead>
<tbody>${block.rows.map((row) => `<tr>${cells('td', row.cells)}</tr>`).join('\n')}</tbody>
</table>`;
}

/**
 * A short e-mail with one call to action: a plain-text part and a simple, phone-friendly HTML
 * part of paragraphs and tables; `footer` is a small line under it (where to change what one
 * receives).
 */
export function layoutEmail(
  blocks: readonly EmailBlock[],
  action: { label: string; url: string },
  footer?: { text: string; url: string },
): EmailContent {
  const footerText = footer ? ['', `${footer.text}: ${footer.url}`] : [];
  const text = [
    ...blocks.flatMap(textOf),
    '',
    `${action.label}: ${action.url}`,
    ...footerText,
    '',
    'Pluvio rainfall monitoring',
  ].join('\n');
  const footerHtml = footer
    ? `<p style="font-size:12px;color:#555"><a href="${escapeHtml(footer.url)}" style="color:#0b4f8a">${escapeHtml(footer.text)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;max-width:560px;margin:auto;padding:16px;color:#1a1a1a">
<h1 style="font-size:20px;color:#0b4f8a">Pluvio</h1>
${blocks.map(htmlOf).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0b4f8a;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#555">If the button does not work, open this address: ${escapeHtml(action.url)}</p>
${footerHtml}
</body></html>`;
  return { text, html };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// C0 controls (CR and LF above all) and DEL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;
const TAGS = /<[^<>]*>/g;
/** Longer subjects are cut: mail clients show about 60-80 characters anyway. */
const SUBJECT_MAX_CHARACTERS = 200;

/**
 * An e-mail subject as plain text on one line. Subjects carry names users write (an account's,
 * a location's): tags are dropped, control characters (CR/LF) become spaces, so no text can
 * start a header of its own, and runs of white space become one space.
 */
export function subjectLine(text: string): string {
  const plain = text.replace(TAGS, ' ').replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  const characters = Array.from(plain);
  return characters.length <= SUBJECT_MAX_CHARACTERS
    ? plain
    : `${characters
        .slice(0, SUBJECT_MAX_CHARACTERS - 1)
        .join('')
        .trimEnd()}…`;
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

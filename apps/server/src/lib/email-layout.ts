export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface EmailContent {
  text: string;
  html: string;
}

/**
 * A short e-mail with one call to action: a plain-text part and a simple, phone-friendly HTML
 * part; `footer` is a small line under it (where to change what one receives).
 */
export function layoutEmail(
  lines: readonly string[],
  action: { label: string; url: string },
  footer?: { text: string; url: string },
): EmailContent {
  const footerText = footer ? ['', `${footer.text}: ${footer.url}`] : [];
  const text = [
    ...lines,
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
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0b4f8a;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#555">If the button does not work, open this address: ${escapeHtml(action.url)}</p>
${footerHtml}
</body></html>`;
  return { text, html };
}

/**
 * PDF's built-in Helvetica draws only the Windows-1252 ("WinAnsi") characters; pdfkit writes any
 * other character as a wrong glyph. Text drawn in a PDF goes through `drawable` first: accents
 * that WinAnsi lacks fall back to their base letter ('ő' → 'o'), a few symbols to their ASCII
 * spelling, and anything else to '?', so a reader sees a near spelling, never garbage.
 */

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Windows-1252: printable ASCII, Latin-1 from U+00A0, and these 27 characters in 0x80-0x9F. */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const WIN_ANSI = new Set([
  ...Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, index) => String.fromCharCode(0xa0 + index)),
  ...WIN_ANSI_EXTRAS,
]);

/** Letters that Unicode does not decompose into a base letter and a mark, and common symbols. */
const SPELLINGS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  '−': '-',
  '≤': '<=',
  '≥': '>=',
  '→': '->',
  '\t': ' ',
};

function isDrawable(text: string): boolean {
  return [...text].every((char) => WIN_ANSI.has(char));
}

function replacement(char: string): string {
  const spelling = SPELLINGS[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
  return spelling && isDrawable(spelling) ? spelling : '?';
}

/** `text` with every character Helvetica cannot draw replaced; line breaks kept. */
export function drawable(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text;
  let result = '';
  for (const char of text.normalize('NFC')) {
    if (char === '\n' || WIN_ANSI.has(char)) result += char;
    else if (char !== '\r') result += replacement(char);
  }
  return result;
}

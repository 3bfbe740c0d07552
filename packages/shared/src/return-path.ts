/** The query parameter that carries where to go after signing in. */
export const NEXT_PARAM = 'next';

const BASE = 'https://pluvio.invalid';
const DELETE = 0x7f;

/** Browsers drop tabs and line breaks from a URL and read '\\' as '/': `/\\t/x` and `/\\x` are `//x`. */
function hasUnsafeCharacter(value: string): boolean {
  return [...value].some((char) => {
    const code = char.charCodeAt(0);
    return char === '\\' || code < 0x20 || code === DELETE || /\s/.test(char);
  });
}

/**
 * A return address (`ref`, `next`, a page the user came from) as a path of this site, or null for
 * anything that could lead elsewhere: another host (`//x`, `/\x`, `https:x`), another scheme
 * (`javascript:`), or characters browsers drop or rewrite. The only check every redirect uses.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || hasUnsafeCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

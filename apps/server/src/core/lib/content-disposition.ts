/**
 * A Content-Disposition header naming a file (RFC 6266): a plain ASCII `filename` every client
 * reads, and `filename*` in UTF-8 when the name has other characters.
 */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const header = `${kind}; filename="${ascii}"`;
  return ascii === filename ? header : `${header}; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

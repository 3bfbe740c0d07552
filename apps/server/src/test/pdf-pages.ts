import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Whether pdftotext (poppler-utils) is here to read PDF reports back; CI must have it. */
export const hasPdftotext = !spawnSync('pdftotext', ['-v']).error;
if (!hasPdftotext && process.env.CI === 'true') {
  throw new Error('pdftotext (poppler-utils) is required in CI to read the PDF reports back');
}

/** What a poppler tool (`pdftotext`, `pdfinfo`, `pdfimages -list`) says of the PDF, run on a file of it. */
export function popplerOutput(
  tool: string,
  pdf: Buffer,
  options: string[] = [],
  after: string[] = [],
): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pluvio-pdf-')), 'report.pdf');
  fs.writeFileSync(file, pdf);
  const result = spawnSync(tool, [...options, file, ...after], { encoding: 'utf8', maxBuffer: 1 << 28 });
  fs.rmSync(path.dirname(file), { recursive: true });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
}

/** The PDF's text, page by page, as `pdftotext -layout` lays it out. */
export function pdfPages(pdf: Buffer): string[] {
  return popplerOutput('pdftotext', pdf, ['-layout'], ['-']).split('\f').slice(0, -1);
}

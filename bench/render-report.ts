/**
 * One report rendered in a fresh process, for `reports.ts`: a monthly document (31 days) of the
 * given number of locations drawn in the given format. Prints one JSON line: the seconds the
 * rendering took, the resident memory once the document was built, and the process's peak
 * resident memory (`process.resourceUsage().maxRSS`, which a sampling timer would miss: rendering
 * is mostly synchronous).
 */
import type { ReportFormat } from '@pluvio/shared/reports';
import { renderReport } from '../apps/server/src/features/reports/render/index';
import { monthlyDocument } from '../apps/server/src/test/report-documents';

const MB = 1024 * 1024;
const [format, locations] = process.argv.slice(2) as [ReportFormat, string];
const document = monthlyDocument(Number(locations));
const documentRss = process.memoryUsage().rss;
const start = performance.now();
const file = await renderReport(document, format);
const seconds = (performance.now() - start) / 1000;
process.stdout.write(
  `${JSON.stringify({
    seconds,
    bytes: file.content.length,
    document_rss_mb: documentRss / MB,
    peak_rss_mb: (process.resourceUsage().maxRSS * 1024) / MB,
  })}\n`,
);

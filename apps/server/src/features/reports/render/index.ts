import type { ReportFormat } from '@pluvio/shared/reports';
import { REPORT_EXTENSIONS, type RenderedReport, type ReportDocument } from '../report-document';
import { reportCsv } from './csv';
import { reportHtml } from './html';
import { reportPdf } from './pdf';
import { reportXlsx } from './xlsx';

/** A report document drawn in one format, as a file ready to download or attach. */

const CONTENT_TYPES: Record<ReportFormat, string> = {
  html: 'text/html; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const RENDERERS: Record<ReportFormat, (document: ReportDocument) => Promise<Buffer>> = {
  html: async (document) => Buffer.from(reportHtml(document), 'utf8'),
  csv: async (document) => Buffer.from(reportCsv(document), 'utf8'),
  pdf: reportPdf,
  excel: reportXlsx,
};

export async function renderReport(document: ReportDocument, format: ReportFormat): Promise<RenderedReport> {
  return {
    filename: `${document.filenameBase}.${REPORT_EXTENSIONS[format]}`,
    contentType: CONTENT_TYPES[format],
    content: await RENDERERS[format](document),
  };
}

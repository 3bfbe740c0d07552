import type { ReportFormat } from '@pluvio/shared/reports';
import { startThread } from '../../../core/lib/entry-points';
import type { RenderedReport, ReportDocument } from '../report-document';

/** What the render thread is given and what it answers (`render-thread.main.ts`). */
export interface RenderJob {
  document: ReportDocument;
  format: ReportFormat;
}
export interface RenderAnswer {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/**
 * Renders in a thread of its own, started for this report and ended with it. A 250-location PDF
 * is seconds of synchronous drawing: in the job worker's thread it would stall every other job
 * there, and with them the transactions they hold open on the embedded database, which every
 * thread shares. The thread's memory goes when it ends.
 */
export function renderInThread(document: ReportDocument, format: ReportFormat): Promise<RenderedReport> {
  return new Promise<RenderedReport>((resolve, reject) => {
    const thread = startThread(new URL('./render-thread.main.ts', import.meta.url), {
      workerData: { document, format } satisfies RenderJob,
    });
    thread.once('message', (answer: RenderAnswer) => {
      const { buffer, byteOffset, byteLength } = answer.content;
      resolve({ ...answer, content: Buffer.from(buffer, byteOffset, byteLength) });
    });
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`the report's render thread ended (code ${code})`)));
  });
}

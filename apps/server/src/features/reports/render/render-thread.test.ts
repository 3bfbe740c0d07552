import { describe, expect, it } from 'vitest';
import { monthlyDocument } from '../../../test/report-documents';
import { renderReport } from './index';
import { renderInThread } from './render-thread';

describe('renderInThread', () => {
  it('answers the same file as rendering in place, the document crossing to the thread whole', async () => {
    const document = monthlyDocument(3, 31);
    const [inThread, inPlace] = await Promise.all([
      renderInThread(document, 'csv'),
      renderReport(document, 'csv'),
    ]);
    expect(inThread.filename).toBe(inPlace.filename);
    expect(inThread.contentType).toBe(inPlace.contentType);
    expect(Buffer.isBuffer(inThread.content)).toBe(true);
    expect(inThread.content.equals(inPlace.content)).toBe(true);
  });

  it('draws a PDF there', async () => {
    const file = await renderInThread(monthlyDocument(2, 3), 'pdf');
    expect(file.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('fails the render, not the worker, when the thread cannot draw the document', async () => {
    const broken = { ...monthlyDocument(1, 3), sections: null } as never;
    await expect(renderInThread(broken, 'pdf')).rejects.toThrow();
  });
});

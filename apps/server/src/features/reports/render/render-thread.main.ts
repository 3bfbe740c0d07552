import { parentPort, workerData } from 'node:worker_threads';
import { renderReport } from './index';
import type { RenderAnswer, RenderJob } from './render-thread';

/** The render thread of `renderInThread`: renders one report, hands its bytes over and ends. */
const { document, format } = workerData as RenderJob;
const file = await renderReport(document, format);
// A copy of its own: a small Buffer can share Node's pool, which cannot be handed over.
const content = new Uint8Array(file.content);
parentPort?.postMessage({ ...file, content } satisfies RenderAnswer, [content.buffer]);

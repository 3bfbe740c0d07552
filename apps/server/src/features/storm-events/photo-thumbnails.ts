// sharp must be loaded by the main thread before a thread loads it, so its libraries stay
// loaded after that thread ends (sharp's documentation, glibc Linux).
import 'sharp';
import { startThread } from '../../core/lib/entry-points';
import type { PhotoType } from './photo-kinds';

export const THUMBNAIL_WIDTH = 320;

/** What the thumbnail thread is given (the photos' files) and answers (a JPEG each, null where none could be made). */
export type ThumbnailJob = { file: string; type: PhotoType }[];
export type ThumbnailAnswer = (Uint8Array | null)[];

/**
 * Makes 320 px JPEG previews in a thread of its own, started for one request's photos and ended
 * with them. Decoding a HEIC (libheif in wasm) is seconds of synchronous work that would stall
 * every request the API answers; sharp's own work runs off the event loop, but one path for
 * every type keeps it simple.
 */
export function makeThumbnails(photos: ThumbnailJob): Promise<ThumbnailAnswer> {
  if (photos.length === 0) return Promise.resolve([]);
  return new Promise<ThumbnailAnswer>((resolve, reject) => {
    const thread = startThread(new URL('./photo-thumbnails.main.ts', import.meta.url), {
      workerData: photos,
    });
    thread.once('message', resolve);
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`the thumbnail thread ended (code ${code})`)));
  });
}

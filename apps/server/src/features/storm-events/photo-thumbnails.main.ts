import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import { isHeif } from './photo-kinds';
import { THUMBNAIL_WIDTH, type ThumbnailAnswer, type ThumbnailJob } from './photo-thumbnails';

/** sharp's prebuilt libvips reads no HEVC: HEIC goes through libheif (wasm) to raw pixels first. */
async function imageOf({ file, type }: ThumbnailJob[number]) {
  if (!isHeif(type)) return sharp(file).rotate();
  const { width, height, data } = await decodeHeic({ buffer: await readFile(file) });
  return sharp(data, { raw: { width, height, channels: 4 } });
}

async function thumbnailOf(photo: ThumbnailJob[number]): Promise<Uint8Array | null> {
  try {
    const image = await imageOf(photo);
    const jpeg = await image
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    return new Uint8Array(jpeg);
  } catch {
    return null;
  }
}

/** The thumbnail thread of `makeThumbnails`: previews the request's photos, hands them over and ends. */
const thumbnails: ThumbnailAnswer = [];
for (const photo of workerData as ThumbnailJob) thumbnails.push(await thumbnailOf(photo));
parentPort?.postMessage(
  thumbnails,
  thumbnails.flatMap((thumbnail) => (thumbnail ? [thumbnail.buffer as ArrayBuffer] : [])),
);

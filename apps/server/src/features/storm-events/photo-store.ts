import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PHOTO_MESSAGES } from '@pluvio/shared/inspections';
import { badRequest } from '../../core/lib/errors';
import { type PhotoExif, readPhotoExif } from './photo-exif';
import { PHOTO_EXTENSIONS, PHOTO_SNIFF_BYTES, type PhotoType, photoTypeOf } from './photo-kinds';
import { makeThumbnails } from './photo-thumbnails';
import type { PhotoUpload } from './photo-uploads';

/** A sent photo checked and read: its type by content, size, EXIF and preview, ready to be saved. */
export interface PreparedPhoto extends PhotoExif {
  upload: PhotoUpload;
  type: PhotoType;
  bytes: number;
  thumbnail: Uint8Array | null;
}

/** Where a stored photo's files are: `photos/<client>/<id>.<ext>` and `<id>.thumbnail.jpg`. */
export interface StoredPhoto {
  id: number;
  clientId: number;
  contentType: string;
}

async function typeOf(upload: PhotoUpload): Promise<PhotoType> {
  const file = await open(upload.file);
  try {
    const head = new Uint8Array(PHOTO_SNIFF_BYTES);
    await file.read(head, 0, PHOTO_SNIFF_BYTES, 0);
    const type = photoTypeOf(head);
    if (!type) throw badRequest(PHOTO_MESSAGES.kind(upload.fileName));
    return type;
  } finally {
    await file.close();
  }
}

/** The photo files of every account, in `folder` (DATA_DIR/photos). */
export function createPhotoStore(folder: string, timeZone: string) {
  const original = (photo: StoredPhoto) =>
    path.join(
      folder,
      String(photo.clientId),
      `${photo.id}.${PHOTO_EXTENSIONS[photo.contentType as PhotoType] ?? 'bin'}`,
    );
  const thumbnail = (photo: StoredPhoto) =>
    path.join(folder, String(photo.clientId), `${photo.id}.thumbnail.jpg`);

  async function remove(photo: StoredPhoto) {
    await Promise.all([rm(original(photo), { force: true }), rm(thumbnail(photo), { force: true })]);
  }

  return {
    /**
     * Checks each photo's type by its content (refusing the request at the first that is none),
     * lets `admit` refuse their total bytes, then reads their EXIF and makes their previews.
     */
    async prepare(uploads: PhotoUpload[], admit: (bytes: number) => Promise<void>): Promise<PreparedPhoto[]> {
      const types: PhotoType[] = [];
      for (const upload of uploads) types.push(await typeOf(upload));
      const sizes = await Promise.all(uploads.map(async (upload) => (await stat(upload.file)).size));
      await admit(sizes.reduce((total, size) => total + size, 0));
      const thumbnails = await makeThumbnails(
        uploads.map((upload, index) => ({ file: upload.file, type: types[index] as PhotoType })),
      );
      return Promise.all(
        uploads.map(async (upload, index) => ({
          upload,
          type: types[index] as PhotoType,
          bytes: sizes[index] as number,
          thumbnail: thumbnails[index] ?? null,
          ...(await readPhotoExif(upload.file, timeZone)),
        })),
      );
    },

    /** Writes the photos' files under their rows' ids; on a failure removes what it wrote and throws. */
    async place(photos: { prepared: PreparedPhoto; stored: StoredPhoto }[]) {
      try {
        for (const { prepared, stored } of photos) {
          await mkdir(path.dirname(original(stored)), { recursive: true });
          await copyFile(prepared.upload.file, original(stored));
          if (prepared.thumbnail) await writeFile(thumbnail(stored), prepared.thumbnail);
        }
      } catch (error) {
        await Promise.all(photos.map(({ stored }) => remove(stored)));
        throw error;
      }
    },

    remove,

    /** A stored photo's bytes (the original, or its preview), or null when the file is not there. */
    async read(photo: StoredPhoto, size: 'original' | 'thumbnail'): Promise<Readable | null> {
      const file = size === 'thumbnail' ? thumbnail(photo) : original(photo);
      const found = await stat(file).catch(() => null);
      return found ? createReadStream(file) : null;
    },
  };
}

export type PhotoStore = ReturnType<typeof createPhotoStore>;

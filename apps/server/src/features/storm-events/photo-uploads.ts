import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyMultipartOptions } from '@fastify/multipart';
import { PHOTO_FIELDS, PHOTO_LIMITS, PHOTO_MESSAGES } from '@pluvio/shared/inspections';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../core/lib/errors';

/** A photo as sent: its name as the sender's device gave it, and where its bytes wait until saved. */
export interface PhotoUpload {
  fileName: string;
  file: string;
}

/** A multipart request read: its text fields and its photos in a temporary folder, removed by `discard`. */
export interface PhotoForm {
  fields: Map<string, string>;
  photos: PhotoUpload[];
  folder: string;
}

/**
 * What one request may carry: photos of at most 10 MB, one more photo than an inspection holds
 * (so the 21st meets the per-inspection rule's clear message), a JSON field of the inspection.
 */
export const PHOTO_MULTIPART_OPTIONS: FastifyMultipartOptions = {
  limits: {
    fileSize: PHOTO_LIMITS.bytes,
    files: PHOTO_LIMITS.perInspection + 1,
    fields: 4,
    fieldSize: 1024 * 1024,
    parts: PHOTO_LIMITS.perInspection + 5,
  },
};

const LIMIT_MESSAGES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: PHOTO_MESSAGES.tooLarge,
  FST_FILES_LIMIT: PHOTO_MESSAGES.tooManyInRequest,
};

/** The name shown for a photo: the last part of the sent name, without control characters, at most 200 characters. */
export function photoFileName(sent: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const name = path.basename((sent ?? '').replaceAll('\\', '/')).replace(/[\u0000-\u001f\u007f]/g, '');
  return name.trim().slice(0, 200) || 'photo';
}

/** The multipart library's refusals in the API's words (413 over a limit, 400 for a broken body). */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { code, statusCode, message } = error as { code?: string; statusCode?: number; message?: string };
  const limit = code ? LIMIT_MESSAGES[code] : undefined;
  if (limit) return new AppError(413, limit);
  return statusCode && statusCode < 500
    ? new AppError(statusCode, message ?? 'Bad multipart body')
    : badRequest('Bad multipart body');
}

/** Reads a multipart request: fields as text, photos (file parts named `photos`) into a temporary folder. */
export async function readPhotoForm(request: FastifyRequest): Promise<PhotoForm> {
  const form: PhotoForm = {
    fields: new Map(),
    photos: [],
    folder: await mkdtemp(path.join(tmpdir(), 'pluvio-photos-')),
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== PHOTO_FIELDS.inspection)
          throw badRequest(PHOTO_MESSAGES.unexpectedField(part.fieldname));
        form.fields.set(part.fieldname, String(part.value));
      } else {
        if (part.fieldname !== PHOTO_FIELDS.photos)
          throw badRequest(PHOTO_MESSAGES.unexpectedField(part.fieldname));
        const file = path.join(form.folder, String(form.photos.length));
        await pipeline(part.file, createWriteStream(file));
        form.photos.push({ fileName: photoFileName(part.filename), file });
      }
    }
    return form;
  } catch (error) {
    await discardPhotoForm(form);
    throw uploadError(error);
  }
}

export const discardPhotoForm = (form: Pick<PhotoForm, 'folder'>) =>
  rm(form.folder, { recursive: true, force: true });

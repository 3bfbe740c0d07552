import { TZDate } from '@date-fns/tz';

/** Where and when the camera says a photo was taken; null for what it does not say (or says wrongly). */
export interface PhotoExif {
  takenAt: Date | null;
  latitude: number | null;
  longitude: number | null;
}

const EXIF_TIME = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const EXIF_OFFSET = /^[+-]\d{2}:\d{2}$/;

/**
 * EXIF's DateTimeOriginal is the camera's wall clock; OffsetTimeOriginal, when the camera writes
 * it, places it. Without it the time is read in the product time zone, where the sites are.
 */
export function exifTime(time: unknown, offset: unknown, timeZone: string): Date | null {
  const parts = typeof time === 'string' ? EXIF_TIME.exec(time.trim()) : null;
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date =
    typeof offset === 'string' && EXIF_OFFSET.test(offset)
      ? new Date(`${parts[1]}-${parts[2]}-${parts[3]}T${parts[4]}:${parts[5]}:${parts[6]}${offset}`)
      : new Date(new TZDate(year, month - 1, day, hour, minute, second, timeZone).getTime());
  // Cameras without a set clock write zeros ('0000:00:00 00:00:00').
  const inRange =
    year >= 1900 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= 31 &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  return inRange && !Number.isNaN(date.getTime()) ? date : null;
}

const within = (value: unknown, limit: number) =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit ? value : null;

/**
 * Reads a photo's EXIF time and GPS position (JPEG, HEIC and PNG's eXIf); a photo without EXIF has
 * none. exifr is loaded by the first photo read: a thread that reads none never loads it.
 */
export async function readPhotoExif(file: string, timeZone: string): Promise<PhotoExif> {
  const { default: exifr } = await import('exifr');
  const tags = await exifr
    .parse(file, { reviveValues: false, pick: ['DateTimeOriginal', 'OffsetTimeOriginal'] })
    .catch(() => undefined);
  const position = await exifr.gps(file).catch(() => undefined);
  const latitude = within(position?.latitude, 90);
  const longitude = within(position?.longitude, 180);
  return {
    takenAt: exifTime(tags?.DateTimeOriginal, tags?.OffsetTimeOriginal, timeZone),
    latitude: latitude !== null && longitude !== null ? latitude : null,
    longitude: latitude !== null && longitude !== null ? longitude : null,
  };
}

import type { Pass, PrecipitationProduct, PrecipitationSource } from '../sources';
import { archiveAt, type HttpOptions, parseFileName } from './archive';
import { diskCache } from './disk-cache';
import { decodeMrmsBytes, GribError, sampleMillimetres } from './grib2';

const MINUTE = 60_000;
const MM_PER_INCH = 25.4;
const INTERVAL_MS: Record<PrecipitationProduct, number> = { '15m': 15 * MINUTE, '1h': 60 * MINUTE };

export interface MrmsSourceOptions extends HttpOptions {
  /** The bucket (https), the NCEP server (https, path ending in /2D), or a folder (file: URL or path). */
  baseUrl: string;
  /** Where downloads are kept, and how many bytes at most. */
  cacheDir: string;
  cacheBytes: number;
}

/** The MRMS product of each Pluvio field: radar-only 15-minute, gauge-corrected hourly passes (D3). */
export function mrmsProduct(product: PrecipitationProduct, pass: Pass): string {
  if (product === '15m') return 'RadarOnly_QPE_15M';
  return pass === 1 ? 'MultiSensor_QPE_01H_Pass1' : 'MultiSensor_QPE_01H_Pass2';
}

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * The file for the interval (start, end]: the one stamped latest within it. Stamps end the
 * accumulation window but are not always on the hour (an hour ending 02:00 may be stamped
 * 01:58), and the 15-minute product comes every 2 minutes (the quarter ending 12:15 is the
 * file stamped 12:14).
 */
export function fileForInterval(names: readonly string[], start: number, end: number): string | null {
  let best: { name: string; time: number } | null = null;
  for (const name of names) {
    const time = parseFileName(name)?.stamp.getTime();
    if (time !== undefined && time > start && time <= end && (!best || time > best.time))
      best = { name, time };
  }
  return best?.name ?? null;
}

/** NOAA MRMS quantitative precipitation estimates as Pluvio's precipitation source (issue 17). */
export function createMrmsSource(options: MrmsSourceOptions): PrecipitationSource {
  const { archive, remote } = archiveAt(options.baseUrl, options);
  const cache = diskCache(options.cacheDir, options.cacheBytes);

  /** A file from the cache, else from the archive (`fresh`); null when the archive does not have it. */
  async function bytesOf(product: string, name: string) {
    const cached = remote ? await cache.get(name) : null;
    if (cached) return { bytes: cached, fresh: false };
    const bytes = await archive.bytesOf(product, name);
    return bytes && { bytes, fresh: remote };
  }

  return {
    name: 'mrms',
    async field(product, endsAt, pass) {
      const mrms = mrmsProduct(product, pass);
      const end = endsAt.getTime();
      const start = end - INTERVAL_MS[product];
      const days = [...new Set([utcDay(start + 1), utcDay(end)])];
      const names = (await Promise.all(days.map((day) => archive.filesOf(mrms, day)))).flat();
      const name = fileForInterval(names, start, end);
      if (!name) return null;
      const file = await bytesOf(mrms, name);
      if (!file) return null;
      const field = await decodeMrmsBytes(file.bytes, name);
      if (field.product !== mrms) throw new GribError(name, `holds ${field.product}, not ${mrms}`);
      // Kept only once it decoded: a cut-off download is fetched again next time.
      if (file.fresh) await cache.put(name, file.bytes);
      return {
        product,
        pass,
        endsAt,
        grid: field.grid,
        sample: (points) =>
          sampleMillimetres(field, points).map((millimetres) =>
            millimetres === null ? null : millimetres / MM_PER_INCH,
          ),
      };
    },
  };
}

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where MRMS files are published, in the three layouts Pluvio reads: the NOAA open-data bucket
 * (`noaa-mrms-pds`, S3 ListObjectsV2 listings, keys `CONUS/<Product>_00.00/<YYYYMMDD>/<file>`),
 * the NCEP real-time server (`.../data/2D/<Product>/` directory pages, a rolling window) and a
 * local folder in the bucket's layout.
 */
export interface MrmsArchive {
  /** Names of the files of `product` stamped on `day` (YYYYMMDD, UTC); empty when there are none. */
  filesOf(product: string, day: string): Promise<string[]>;
  /** A file's bytes, or null when the archive does not have it (any more). */
  bytesOf(product: string, name: string): Promise<Uint8Array | null>;
}

export interface HttpOptions {
  timeoutMs: number;
  /** Further attempts after a failed one (timeouts, refused connections, 5xx, cut-off bodies). */
  retries: number;
  retryDelayMs: number;
}

const DOMAIN = 'CONUS';
const LISTING_TTL_MS = 60_000;
const LISTINGS_KEPT = 32;
/** ListObjectsV2 answers 1,000 keys a page; a day of the 2-minute RadarOnly_QPE_15M has about 720. */
const MAX_LISTING_PAGES = 10;

const FILE_NAME = /^MRMS_(.+)_00\.00_(\d{8})-(\d{6})\.grib2(?:\.gz)?$/;

/** The product and stamp a published file name says, or null for other names. */
export function parseFileName(name: string): { product: string; day: string; stamp: Date } | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const [, product, day, time] = match as unknown as [string, string, string, string];
  const stamp = Date.UTC(
    Number(day.slice(0, 4)),
    Number(day.slice(4, 6)) - 1,
    Number(day.slice(6, 8)),
    Number(time.slice(0, 2)),
    Number(time.slice(2, 4)),
    Number(time.slice(4, 6)),
  );
  return Number.isNaN(stamp) ? null : { product, day, stamp: new Date(stamp) };
}

const onDay = (product: string, day: string) => (name: string) => {
  const parsed = parseFileName(name);
  return parsed?.product === product && parsed.day === day;
};

/** The day folder a file is in, by its stamp. */
const dayOf = (name: string) => parseFileName(name)?.day ?? '';

class NotFound extends Error {}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GETs a URL with a timeout per attempt and bounded retries; null on 404. */
export async function download(url: string, options: HttpOptions): Promise<Uint8Array | null> {
  let lastProblem = '';
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    if (attempt > 0) await pause(options.retryDelayMs * attempt);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
      if (response.status === 404) throw new NotFound();
      if (!response.ok) {
        await response.body?.cancel();
        lastProblem = `HTTP ${response.status}`;
        continue;
      }
      return new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      if (error instanceof NotFound) return null;
      lastProblem =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${options.timeoutMs / 1000} s`
          : describe(error);
    }
  }
  throw new Error(`MRMS download failed after ${options.retries + 1} attempts (${lastProblem}): ${url}`);
}

/** A fetch failure's reason: undici puts the socket's own error in `cause`. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/** Listings fetched in the last minute are reused: ingestion asks for one day's folder many times. */
function listingCache() {
  const kept = new Map<string, { at: number; names: Promise<string[]> }>();
  return (url: string, list: () => Promise<string[]>): Promise<string[]> => {
    const hit = kept.get(url);
    if (hit && Date.now() - hit.at < LISTING_TTL_MS) return hit.names;
    const names = list();
    kept.delete(url);
    kept.set(url, { at: Date.now(), names });
    if (kept.size > LISTINGS_KEPT) kept.delete(kept.keys().next().value as string);
    names.catch(() => kept.delete(url));
    return names;
  };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '');

/** The NOAA open-data bucket over HTTPS (or anything answering S3 ListObjectsV2 the same way). */
export function bucketArchive(baseUrl: string, http: HttpOptions): MrmsArchive {
  const base = baseUrl.replace(/\/+$/, '');
  const listed = listingCache();
  const folder = (product: string, day: string) => `${DOMAIN}/${product}_00.00/${day}/`;

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | null = null;
    for (let page = 0; page < MAX_LISTING_PAGES; page++) {
      const query = new URLSearchParams({ 'list-type': '2', prefix });
      if (token) query.set('continuation-token', token);
      const url = `${base}/?${query}`;
      const body = await download(url, http);
      if (!body) return keys;
      const xml = new TextDecoder().decode(body);
      if (!xml.includes('<ListBucketResult')) throw new Error(`not an S3 bucket listing: ${url}`);
      for (const match of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(xmlText(match[1] as string));
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? xmlText(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '')
        : null;
      if (!token) return keys;
    }
    throw new Error(`the bucket listing of ${prefix} has more than ${MAX_LISTING_PAGES} pages`);
  }

  return {
    async filesOf(product, day) {
      const prefix = folder(product, day);
      const keys = await listed(prefix, () => keysUnder(prefix));
      return keys.map((key) => key.slice(prefix.length)).filter(onDay(product, day));
    },
    bytesOf: (product, name) => download(`${base}/${folder(product, dayOf(name))}${name}`, http),
  };
}

/** The NCEP real-time server's directory pages: one folder per product, the recent files in it. */
export function ncepArchive(baseUrl: string, http: HttpOptions): MrmsArchive {
  const base = baseUrl.replace(/\/+$/, '');
  const listed = listingCache();
  const folder = (product: string) => `${base}/${product}/`;

  async function linksOf(url: string): Promise<string[]> {
    const body = await download(url, http);
    if (!body) return [];
    const html = new TextDecoder().decode(body);
    return [...html.matchAll(/href="([^"/?]+)"/g)].map((match) => decodeURIComponent(match[1] as string));
  }

  return {
    async filesOf(product, day) {
      const names = await listed(folder(product), () => linksOf(folder(product)));
      return names.filter(onDay(product, day));
    },
    bytesOf: (product, name) => download(`${folder(product)}${encodeURIComponent(name)}`, http),
  };
}

/** A folder on this machine in the bucket's layout (`<folder>/CONUS/<Product>_00.00/<YYYYMMDD>/`). */
export function folderArchive(root: string): MrmsArchive {
  const folder = (product: string, day: string) => path.join(root, DOMAIN, `${product}_00.00`, day);
  const missingIsEmpty =
    <T>(empty: T) =>
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return empty;
      throw error;
    };
  return {
    filesOf: (product, day) =>
      readdir(folder(product, day)).then((names) => names.filter(onDay(product, day)), missingIsEmpty([])),
    bytesOf: (product, name) =>
      readFile(path.join(folder(product, dayOf(name)), name)).then(
        (bytes): Uint8Array | null => bytes,
        missingIsEmpty(null),
      ),
  };
}

/**
 * The archive a base URL names: a folder (`file:` URL or a path), the NCEP server (a URL whose
 * path ends in `/2D`, like https://mrms.ncep.noaa.gov/data/2D) or a bucket (any other URL).
 */
export function archiveAt(baseUrl: string, http: HttpOptions): { archive: MrmsArchive; remote: boolean } {
  if (baseUrl.startsWith('file:')) return { archive: folderArchive(fileURLToPath(baseUrl)), remote: false };
  if (!/^https?:\/\//.test(baseUrl)) return { archive: folderArchive(baseUrl), remote: false };
  const archive = /\/2D\/?$/.test(new URL(baseUrl).pathname)
    ? ncepArchive(baseUrl, http)
    : bucketArchive(baseUrl, http);
  return { archive, remote: true };
}

import { ExpiringCache } from '../../../core/lib/expiring-cache';
import { fetchWithRetry, type RetryPolicy, SourceError } from '../../../core/lib/fetch-with-retry';
import { HOUR_MS } from '../../../core/lib/time';
import type { ForecastImage, ForecastSource, Point } from '../sources';
import { dailyTotals, intervalOf, type QpfInterval, type QpfValue } from './qpf-days';

/**
 * Forecasts from the National Weather Service API: a point's forecast grid cell
 * (`/points/{lat},{lon}`), then that cell's quantitative precipitation forecast
 * (`/gridpoints/{office}/{x},{y}`), split into local days. National maps are WPC's day 1-3
 * QPF images.
 *
 * Both are kept in this process's memory: forecasts are re-issued every hour or so, each
 * process asks NWS at most once an hour per grid cell (and once a day per point for its
 * cell), and a restart costs one request per cell, so a table would add writes and a
 * migration without sparing NWS much.
 */

const SERVICE = 'NWS API';
const WPC = 'WPC';
/** A grid cell's forecast is asked for again after an hour. */
const FORECAST_KEEP_MS = HOUR_MS;
/** Which cell a point lies in changes only when NWS redraws its grids. */
const POINT_KEEP_MS = 24 * HOUR_MS;
const IMAGE_KEEP_MS = HOUR_MS;
/** After WPC failed, the drawn map is shown this long before WPC is asked again. */
const FALLBACK_KEEP_MS = 5 * 60_000;
/** More cells than any installation watches; the oldest go first. */
const CACHED_CELLS = 20_000;

/** NWS answers within seconds; 500 and 503 come and go, so a few tries with pauses. */
export const NWS_RETRY: RetryPolicy = { timeoutMs: 15_000, attempts: 3, backoffMs: 1_000 };

/** The WPC QPF image of each forecast day. */
const WPC_IMAGES = { 1: 'fill_94qwbg.gif', 2: 'fill_98qwbg.gif', 3: 'fill_99qwbg.gif' } as const;

export interface NwsOptions {
  apiUrl: string;
  wpcUrl: string;
  userAgent: string;
  /** The product time zone: forecast days are its calendar days. */
  timeZone: string;
  /** The national map when WPC cannot give one. */
  fallbackImage: (day: 1 | 2 | 3, issuedAt: Date) => Promise<ForecastImage>;
  retry?: RetryPolicy;
  /** Milliseconds now, for the caches (tests move it). */
  now?: () => number;
}

interface GridCell {
  office: string;
  x: number;
  y: number;
}

/** NWS redirects coordinates with more than 4 decimals, and trailing zeros. */
const coordinate = (degrees: number) => String(Number(degrees.toFixed(4)));

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** NWS errors are problem documents: `{ title, detail, status }`. */
async function problemOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const problem = JSON.parse(text) as { detail?: unknown; title?: unknown };
    return String(problem.detail ?? problem.title ?? text);
  } catch {
    return text.slice(0, 200);
  }
}

function gridCellOf(body: unknown): GridCell {
  const properties = (body as { properties?: Record<string, unknown> } | null)?.properties;
  const { gridId, gridX, gridY } = properties ?? {};
  if (typeof gridId !== 'string' || !Number.isInteger(gridX) || !Number.isInteger(gridY)) {
    throw new SourceError(`${SERVICE} point answer names no forecast grid cell`);
  }
  return { office: gridId, x: gridX as number, y: gridY as number };
}

function qpfOf(body: unknown): QpfInterval[] {
  const layer = (
    body as { properties?: { quantitativePrecipitation?: { uom?: unknown; values?: unknown } } } | null
  )?.properties?.quantitativePrecipitation;
  if (!layer || !Array.isArray(layer.values)) {
    throw new SourceError(`${SERVICE} grid answer has no quantitativePrecipitation values`);
  }
  if (layer.uom !== 'wmoUnit:mm') {
    throw new SourceError(`${SERVICE} quantitativePrecipitation is in ${String(layer.uom)}, not mm`);
  }
  return (layer.values as QpfValue[]).map(intervalOf).filter((interval) => interval !== null);
}

export function createNwsForecastSource(options: NwsOptions): ForecastSource {
  const apiUrl = withoutTrailingSlash(options.apiUrl);
  const retry = options.retry ?? NWS_RETRY;
  const headers = { 'user-agent': options.userAgent, accept: 'application/geo+json' };
  const cells = new ExpiringCache<GridCell | null>(CACHED_CELLS, options.now);
  const forecasts = new ExpiringCache<QpfInterval[]>(CACHED_CELLS, options.now);
  const images = new ExpiringCache<ForecastImage>(3, options.now);

  /** The JSON answer of an NWS address, or null for 404; other failures throw. */
  async function getJson(url: string): Promise<unknown> {
    return fetchWithRetry(SERVICE, url, { headers }, retry, async (response) => {
      if (response.status === 404) return null;
      if (!response.ok) {
        throw new SourceError(
          `${SERVICE} answered ${response.status} (${url}): ${await problemOf(response)}`,
        );
      }
      return response.json();
    });
  }

  /** The grid cell of a point, or null where NWS has no forecast (404: offshore, abroad). */
  function cellAt(point: Point): Promise<GridCell | null> {
    const where = `${coordinate(point.latitude)},${coordinate(point.longitude)}`;
    return cells.get(where, async () => {
      const body = await getJson(`${apiUrl}/points/${where}`);
      return { value: body === null ? null : gridCellOf(body), keepMs: POINT_KEEP_MS };
    });
  }

  function forecastOf(cell: GridCell): Promise<QpfInterval[]> {
    const path = `${encodeURIComponent(cell.office)}/${cell.x},${cell.y}`;
    return forecasts.get(path, async () => {
      const body = await getJson(`${apiUrl}/gridpoints/${path}`);
      if (body === null) throw new SourceError(`${SERVICE} has no grid data at ${path}`);
      return { value: qpfOf(body), keepMs: FORECAST_KEEP_MS };
    });
  }

  async function wpcImage(day: 1 | 2 | 3): Promise<ForecastImage> {
    const url = `${withoutTrailingSlash(options.wpcUrl)}/${WPC_IMAGES[day]}`;
    // One attempt: the drawn map is a fine stand-in, and WPC is asked again in FALLBACK_KEEP_MS.
    const once = { ...retry, attempts: 1 };
    return fetchWithRetry(
      WPC,
      url,
      { headers: { 'user-agent': options.userAgent } },
      once,
      async (response) => {
        const contentType = response.headers.get('content-type') ?? '';
        if (!response.ok || !contentType.startsWith('image/')) {
          throw new SourceError(`${WPC} answered ${response.status} ${contentType} (${url})`);
        }
        return { contentType, body: Buffer.from(await response.arrayBuffer()) };
      },
    );
  }

  return {
    name: 'nws',
    async dailyAt(point, issuedAt, days = 3) {
      const cell = await cellAt(point);
      if (!cell) return [];
      return dailyTotals(await forecastOf(cell), issuedAt, options.timeZone, days);
    },
    nationalImage(day, issuedAt) {
      return images.get(String(day), async () => {
        try {
          return { value: await wpcImage(day), keepMs: IMAGE_KEEP_MS };
        } catch {
          return { value: await options.fallbackImage(day, issuedAt), keepMs: FALLBACK_KEEP_MS };
        }
      });
    },
  };
}

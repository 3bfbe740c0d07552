import type { Atlas14Threshold } from '@pluvio/shared/locations';
import { fetchWithRetry, type RetryPolicy, SourceError } from '../../../core/lib/fetch-with-retry';
import type { FrequencySource, Point } from '../sources';

/**
 * NOAA Atlas 14 from the Precipitation Frequency Data Server (PFDS): its CSV text answer of
 * depths in inches for durations (rows) by recurrence interval (columns, 1 to 1000 years).
 */

const SERVICE = 'NOAA PFDS';
const RECURRENCE_YEARS = ['1', '2', '5', '10', '25', '50', '100', '200', '500', '1000'];
/** The rows Pluvio keeps, by their label without the colon spreadsheets sometimes drop. */
const ROWS = { '1h': '60-min', '24h': '24-hr' } as const;
/** PFDS's answer for points outside every Atlas 14 project area (Oregon, Washington, ...). */
const OUTSIDE_ATLAS14 = /not within a project area/i;

/** NOAA answers in seconds, sometimes many: a minute per attempt, three attempts. */
export const PFDS_RETRY: RetryPolicy = { timeoutMs: 60_000, attempts: 3, backoffMs: 5_000 };

/** A CSV line's cells, trimmed and unquoted (PFDS quotes nothing; a spreadsheet may quote all). */
function cellsOf(line: string): string[] {
  return line.split(',').map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
}

const labelOf = (cell: string | undefined) => (cell ?? '').replace(/:$/, '').toLowerCase();

function depthsOf(rows: string[][], label: string): number[] {
  const row = rows.find((cells) => labelOf(cells[0]) === label);
  if (!row) throw new SourceError(`${SERVICE} answer has no ${label} row`);
  const depths = row.slice(1, 1 + RECURRENCE_YEARS.length).map(Number);
  if (depths.length !== RECURRENCE_YEARS.length || depths.some((depth) => !(depth > 0))) {
    throw new SourceError(`${SERVICE} answer has an unreadable ${label} row: ${row.join(',')}`);
  }
  return depths;
}

/** The header's recurrence intervals must be the ten Pluvio stores, in its order. */
function requireRecurrenceHeader(rows: string[][]): void {
  const header = rows.find((cells) => labelOf(cells[0]).startsWith('by duration for ari'));
  const years = header?.slice(1, 1 + RECURRENCE_YEARS.length);
  if (years?.join(',') !== RECURRENCE_YEARS.join(',')) {
    throw new SourceError(`${SERVICE} answer has no header of recurrence intervals 1 to 1000 years`);
  }
}

/**
 * The 60-minute and 24-hour depths of a PFDS CSV answer, or null for a point outside Atlas 14.
 * Reads NOAA's own files and spreadsheet re-saves (trailing commas, labels without colons).
 */
export function parsePfdsCsv(text: string): Atlas14Threshold | null {
  if (OUTSIDE_ATLAS14.test(text)) return null;
  const rows = text
    .split(/\r?\n/)
    .map(cellsOf)
    .filter((cells) => cells.some((cell) => cell !== ''));
  requireRecurrenceHeader(rows);
  return { '1h': depthsOf(rows, ROWS['1h']), '24h': depthsOf(rows, ROWS['24h']) };
}

/** The PFDS address for a point: depths in inches, partial duration series. */
export function pfdsUrl(baseUrl: string, point: Point): string {
  const url = new URL(baseUrl);
  url.search = new URLSearchParams({
    lat: point.latitude.toFixed(4),
    lon: point.longitude.toFixed(4),
    data: 'depth',
    units: 'english',
    series: 'pds',
  }).toString();
  return url.toString();
}

export interface PfdsOptions {
  baseUrl: string;
  userAgent: string;
  retry?: RetryPolicy;
}

/** Atlas 14 depths from NOAA: slow and fallible, so callers cache them (atlas14.service.ts). */
export function createPfdsFrequencySource(options: PfdsOptions): FrequencySource {
  const headers = { 'user-agent': options.userAgent, accept: 'text/csv, text/plain, */*' };
  return {
    name: 'pfds',
    remote: true,
    async depthsAt(point) {
      const url = pfdsUrl(options.baseUrl, point);
      return fetchWithRetry(SERVICE, url, { headers }, options.retry ?? PFDS_RETRY, async (response) => {
        if (!response.ok) throw new SourceError(`${SERVICE} answered ${response.status} (${url})`);
        return parsePfdsCsv(await response.text());
      });
    },
  };
}

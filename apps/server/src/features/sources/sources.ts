import type { Atlas14Threshold } from '@pluvio/shared/locations';
import type { RainfallProduct } from '@pluvio/shared/rainfall';

/**
 * The data sources behind Pluvio (DESIGN.md "Runtime", D3, D4). The simulator implements all
 * three; real adapters (NOAA MRMS, NOAA Atlas 14 PFDS, NWS) implement the same interfaces and
 * are chosen by configuration.
 */

/** Accumulation products: 15-minute, and hourly in two passes (Pass 2 revises Pass 1, D3). */
export type PrecipitationProduct = RainfallProduct;
export type Pass = 1 | 2;

/**
 * A regular latitude/longitude grid as MRMS publishes it: the first point is the north-west
 * cell centre, rows run west to east, then north to south (scanning mode 0).
 */
export interface LatLonGrid {
  /** Latitude of the first (northernmost) row's cell centres, degrees north. */
  north: number;
  /** Longitude of the first (westernmost) column's cell centres, degrees east (negative west). */
  west: number;
  /** Cell size in degrees, the same in both directions. */
  step: number;
  columns: number;
  rows: number;
}

export interface Point {
  latitude: number;
  longitude: number;
}

/** One published field: an accumulation over the interval that ends at `endsAt`. */
export interface PrecipitationField {
  product: PrecipitationProduct;
  /** 1 or 2 for hourly fields; 15-minute fields are a single pass (1). */
  pass: Pass;
  /** End of the accumulation window (UTC); 15-minute fields end on :00, :15, :30, :45. */
  endsAt: Date;
  grid: LatLonGrid;
  /** Inches at each point (nearest cell), in the order given; null where the field has no data. */
  sample(points: readonly Point[]): (number | null)[];
}

export interface PrecipitationSource {
  /** Stored with every value ('simulator', 'mrms'). */
  readonly name: string;
  /** The field for the interval ending at `endsAt`, or null while it is not published yet. */
  field(product: PrecipitationProduct, endsAt: Date, pass: Pass): Promise<PrecipitationField | null>;
}

/** NOAA Atlas 14 point precipitation frequency: ten 1-hour and ten 24-hour depths (D7). */
export interface FrequencySource {
  readonly name: string;
  /**
   * Asks a service over the network (slow, may fail): its answers are cached per point in the
   * database and locations get them in the background, never while they are saved.
   */
  readonly remote: boolean;
  /** Depths in inches for recurrence intervals 1..1000 years, or null outside Atlas 14 coverage. */
  depthsAt(point: Point): Promise<Atlas14Threshold | null>;
}

/** A day's forecast amount at a point, in inches; `date` is YYYY-MM-DD in the product time zone. */
export interface DailyForecast {
  date: string;
  value: number;
}

export interface ForecastImage {
  contentType: string;
  body: Buffer;
}

export interface ForecastSource {
  readonly name: string;
  /**
   * Today and the following days (3 in all by default), issued at `issuedAt`; none where the
   * source has no forecast for the point.
   */
  dailyAt(point: Point, issuedAt: Date, days?: number): Promise<DailyForecast[]>;
  /** The national precipitation forecast map for day 1, 2 or 3 after `issuedAt`. */
  nationalImage(day: 1 | 2 | 3, issuedAt: Date): Promise<ForecastImage>;
}

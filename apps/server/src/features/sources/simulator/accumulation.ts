import { annualRainfall, pacificSeason, summerness } from './climate';
import { valueNoise } from './random';
import { type Front, frontAt, frontalMoisture, projectX, projectY, type StormModel } from './storms';

/**
 * Rain over an interval: the storms are frozen at a few instants and each instant's rain rate
 * is multiplied by the time it stands for. A point's amount is then a sum over the few discs
 * and bands near it: nothing random happens per point.
 */

/** A point with what every storm needs of it, computed once per sample. */
export interface PreparedPoint {
  latitude: number;
  longitude: number;
  x: number;
  y: number;
  /** How much rain a front wrings out of the air here (before the season). */
  moisture: number;
}

export function preparePoint(latitude: number, longitude: number): PreparedPoint {
  return {
    latitude,
    longitude,
    x: projectX(longitude),
    y: projectY(latitude),
    moisture: frontalMoisture(annualRainfall(latitude, longitude)),
  };
}

/** One instant of the interval and the hours it stands for. */
export interface Instant {
  time: number;
  hours: number;
}

/**
 * Blur > 1 spreads every storm over a wider area keeping its volume: what a forecast of the
 * same weather looks like (smooth, less intense, wider).
 */
export interface AccumulationOptions {
  blur?: number;
}

/**
 * Cells at the instants, five numbers each (a flat array: a summer hour holds tens of thousands):
 * centre latitude and longitude, km per degree of longitude there, radius squared (km²), and
 * the rain in inches at the centre, tapering to nothing at the radius.
 */
const DISC_SIZE = 5;

/** A front at one instant. */
interface Band {
  front: Front;
  x: number;
  y: number;
  width: number;
  amount: number;
  summer: number;
  /** Forecast bands are smooth: their mean patchiness instead of the pattern. */
  smooth: boolean;
}

const KM_PER_DEGREE_LATITUDE = 110.57;
/** The mean of the band pattern below (measured over many bands), used by smooth (forecast) bands. */
const MEAN_PATCHINESS = 0.32;
const BUCKET_DEGREES = 0.5;
/** Once this many points have been read, indexing the discs costs less than it saves. */
const INDEX_AFTER_POINTS = 64;

/** Heavier and lighter cells of rain along a band, with dry gaps, moving with the band. */
function patchiness(front: Front, along: number, across: number): number {
  const pattern = valueNoise(front.id, along / 70, across / 45);
  return Math.max(0, (pattern - 0.3) / 0.7);
}

function bandAmount(band: Band, point: PreparedPoint): number {
  const { front } = band;
  const dx = point.x - band.x;
  const dy = point.y - band.y;
  const across = dx * front.directionX + dy * front.directionY;
  if (across <= -band.width || across >= band.width) return 0;
  const along = dy * front.directionX - dx * front.directionY;
  if (along <= -front.halfLength || along >= front.halfLength) return 0;
  const profile = 1 - (across / band.width) ** 2;
  const taper = 1 - (along / front.halfLength) ** 2;
  const pattern = band.smooth ? MEAN_PATCHINESS : patchiness(front, along, across);
  if (pattern === 0) return 0;
  return (
    band.amount *
    profile *
    profile *
    taper *
    pattern *
    point.moisture *
    pacificSeason(point.longitude, band.summer)
  );
}

/** Rain from the disc starting at `offset` of `discs` at a point. */
function discAmount(discs: Float64Array, offset: number, point: PreparedPoint): number {
  const dy = (point.latitude - (discs[offset] ?? 0)) * KM_PER_DEGREE_LATITUDE;
  const dx = (point.longitude - (discs[offset + 1] ?? 0)) * (discs[offset + 2] ?? 0);
  const share = 1 - (dx * dx + dy * dy) / (discs[offset + 3] ?? 1);
  return share > 0 ? (discs[offset + 4] ?? 0) * share * share : 0;
}

/** 0.5-degree buckets over the whole MRMS CONUS grid and the storms' reach beyond it. */
const BUCKETS = { south: 19, west: -132, rows: 76, columns: 148 } as const;

const rowOf = (latitude: number) =>
  Math.min(BUCKETS.rows - 1, Math.max(0, Math.floor((latitude - BUCKETS.south) / BUCKET_DEGREES)));
const columnOf = (longitude: number) =>
  Math.min(BUCKETS.columns - 1, Math.max(0, Math.floor((longitude - BUCKETS.west) / BUCKET_DEGREES)));

/** The discs' offsets by bucket (compressed rows: bucket b holds entries[starts[b]] up to starts[b + 1]). */
interface DiscIndex {
  starts: Int32Array;
  entries: Int32Array;
}

/** Calls `visit` with every bucket the disc at `offset` reaches. */
function forEachBucket(discs: Float64Array, offset: number, visit: (bucket: number) => void): void {
  const latitude = discs[offset] ?? 0;
  const longitude = discs[offset + 1] ?? 0;
  const radius = Math.sqrt(discs[offset + 3] ?? 0);
  const latitudeReach = radius / KM_PER_DEGREE_LATITUDE;
  const longitudeReach = radius / (discs[offset + 2] ?? 1);
  const lastRow = rowOf(latitude + latitudeReach);
  const lastColumn = columnOf(longitude + longitudeReach);
  for (let row = rowOf(latitude - latitudeReach); row <= lastRow; row++) {
    for (let column = columnOf(longitude - longitudeReach); column <= lastColumn; column++) {
      visit(row * BUCKETS.columns + column);
    }
  }
}

/** A counting sort of the discs into buckets, each disc in every bucket it reaches. */
function indexDiscs(discs: Float64Array): DiscIndex {
  const starts = new Int32Array(BUCKETS.rows * BUCKETS.columns + 1);
  for (let offset = 0; offset < discs.length; offset += DISC_SIZE) {
    forEachBucket(discs, offset, (bucket) => {
      starts[bucket + 1] = (starts[bucket + 1] ?? 0) + 1;
    });
  }
  for (let bucket = 1; bucket < starts.length; bucket++) {
    starts[bucket] = (starts[bucket] ?? 0) + (starts[bucket - 1] ?? 0);
  }
  const entries = new Int32Array(starts[starts.length - 1] ?? 0);
  const filled = starts.slice(0, -1);
  for (let offset = 0; offset < discs.length; offset += DISC_SIZE) {
    forEachBucket(discs, offset, (bucket) => {
      const at = filled[bucket] ?? 0;
      entries[at] = offset;
      filled[bucket] = at + 1;
    });
  }
  return { starts, entries };
}

/** The cells at every instant, as discs holding the rain of the time the instant stands for. */
function discsOf(model: StormModel, instants: readonly Instant[], blur: number): Float64Array {
  const cellsByInstant = instants.map(({ time }) => model.cellsAt(time));
  const discs = new Float64Array(cellsByInstant.reduce((sum, cells) => sum + cells.length, 0) * DISC_SIZE);
  let offset = 0;
  instants.forEach(({ time, hours }, i) => {
    for (const cell of cellsByInstant[i] ?? []) {
      const age = time - cell.born;
      const radius = cell.radius * blur;
      discs[offset] = cell.latitude + cell.latitudeSpeed * age;
      discs[offset + 1] = cell.longitude + cell.longitudeSpeed * age;
      discs[offset + 2] = cell.kmPerDegreeLongitude;
      discs[offset + 3] = radius * radius;
      discs[offset + 4] = (cell.peak * Math.sin((Math.PI * age) / cell.life) * hours) / (blur * blur);
      offset += DISC_SIZE;
    }
  });
  return discs;
}

/** Fronts move slowly: one instant, the interval's middle, stands for the whole interval. */
function bandsOf(model: StormModel, instants: readonly Instant[], blur: number): Band[] {
  const hours = instants.reduce((sum, instant) => sum + instant.hours, 0);
  const middle = instants.reduce((sum, instant) => sum + instant.time * instant.hours, 0) / hours;
  const summer = summerness(middle);
  return model.frontsAt(middle).map((front) => {
    const { x, y, vigour } = frontAt(front, middle);
    return {
      front,
      x,
      y,
      width: front.width * blur,
      amount: (front.intensity * vigour * hours) / blur,
      summer,
      smooth: blur > 1,
    };
  });
}

/** Rain over one interval, ready to be read at any number of points. */
export class Accumulation {
  private readonly discs: Float64Array;
  private readonly bands: Band[];
  private index: DiscIndex | undefined;
  private pointsRead = 0;

  constructor(model: StormModel, instants: readonly Instant[], options: AccumulationOptions = {}) {
    const blur = options.blur ?? 1;
    this.discs = discsOf(model, instants, blur);
    this.bands = bandsOf(model, instants, blur);
  }

  /** Inches at each point. */
  amounts(points: readonly PreparedPoint[]): number[] {
    this.pointsRead += points.length;
    const indexed = this.pointsRead > INDEX_AFTER_POINTS;
    return points.map(
      (point) => this.bandsAt(point) + (indexed ? this.indexedDiscsAt(point) : this.discsAt(point)),
    );
  }

  private bandsAt(point: PreparedPoint): number {
    let total = 0;
    for (const band of this.bands) total += bandAmount(band, point);
    return total;
  }

  private discsAt(point: PreparedPoint): number {
    let total = 0;
    for (let offset = 0; offset < this.discs.length; offset += DISC_SIZE) {
      total += discAmount(this.discs, offset, point);
    }
    return total;
  }

  private indexedDiscsAt(point: PreparedPoint): number {
    this.index ??= indexDiscs(this.discs);
    const { starts, entries } = this.index;
    const bucket = rowOf(point.latitude) * BUCKETS.columns + columnOf(point.longitude);
    const end = starts[bucket + 1] ?? 0;
    let total = 0;
    for (let entry = starts[bucket] ?? 0; entry < end; entry++) {
      total += discAmount(this.discs, entries[entry] ?? 0, point);
    }
    return total;
  }
}

import type { Point } from '../sources';

/**
 * The simulator's climate: smooth fields of annual rainfall and of NOAA Atlas 14's 1-year
 * depths over the contiguous US, interpolated from rounded values of real stations (NOAA
 * 1991-2020 normals and Atlas 14 / TP-40 point estimates), and the seasonal cycle.
 */

/** The contiguous US box the simulator models (and where it answers Atlas 14 depths). */
const CONUS = { south: 24, north: 50, west: -125, east: -66 } as const;

export function inConus(point: Point): boolean {
  return (
    point.latitude >= CONUS.south &&
    point.latitude <= CONUS.north &&
    point.longitude >= CONUS.west &&
    point.longitude <= CONUS.east
  );
}

/**
 * [latitude, longitude, annual inches, 1-year 1-hour depth, 1-year 24-hour depth, growth].
 * Growth is the exponent that stretches the recurrence curve (see frequency.ts): 1 for the
 * Southeast of the Peachtree City sample, more where rare storms are relatively larger.
 */
type Anchor = readonly [number, number, number, number, number, number];

const ANCHORS: readonly Anchor[] = [
  [29.76, -95.37, 50, 1.9, 4.6, 1.3], // Houston
  [29.3, -94.8, 44, 1.9, 4.6, 1.3], // Galveston
  [27.8, -97.4, 31, 1.55, 3.6, 1.3], // Corpus Christi
  [25.9, -97.5, 27, 1.5, 3.3, 1.3], // Brownsville
  [29.42, -98.49, 32, 1.5, 3.3, 1.3], // San Antonio
  [30.27, -97.74, 36, 1.55, 3.4, 1.3], // Austin
  [32.78, -96.8, 38, 1.5, 3.4, 1.2], // Dallas
  [31.76, -106.49, 9, 0.75, 1.2, 1.25], // El Paso
  [33.58, -101.85, 20, 1.15, 2.1, 1.25], // Lubbock
  [35.2, -101.8, 20, 1.15, 2.1, 1.2], // Amarillo
  [35.47, -97.52, 36, 1.5, 3.1, 1.15], // Oklahoma City
  [29.95, -90.07, 62, 2.0, 4.8, 1.15], // New Orleans
  [32.3, -90.18, 55, 1.7, 4.0, 1.1], // Jackson
  [30.69, -88.04, 66, 2.0, 4.9, 1.15], // Mobile
  [25.76, -80.19, 62, 2.0, 4.3, 1.25], // Miami
  [27.95, -82.46, 46, 1.9, 3.9, 1.2], // Tampa
  [30.33, -81.66, 52, 1.8, 4.0, 1.1], // Jacksonville
  [30.44, -84.28, 59, 1.9, 4.3, 1.05], // Tallahassee
  [33.75, -84.39, 50, 1.35, 3.3, 1.0], // Atlanta
  [33.52, -86.8, 53, 1.45, 3.6, 1.0], // Birmingham
  [35.23, -80.84, 43, 1.3, 2.9, 1.0], // Charlotte
  [35.78, -78.64, 46, 1.4, 3.0, 1.05], // Raleigh
  [32.78, -79.93, 50, 1.7, 3.9, 1.1], // Charleston
  [36.16, -86.78, 48, 1.35, 3.1, 1.05], // Nashville
  [35.15, -90.05, 54, 1.5, 3.5, 1.1], // Memphis
  [34.75, -92.29, 50, 1.5, 3.6, 1.1], // Little Rock
  [38.63, -90.2, 41, 1.35, 2.8, 1.2], // St. Louis
  [39.1, -94.58, 39, 1.4, 2.9, 1.2], // Kansas City
  [41.88, -87.63, 38, 1.2, 2.5, 1.25], // Chicago
  [44.98, -93.27, 31, 1.1, 2.3, 1.2], // Minneapolis
  [42.33, -83.05, 33, 1.0, 2.1, 1.2], // Detroit
  [41.5, -81.7, 39, 0.95, 2.1, 1.2], // Cleveland
  [40.44, -80.0, 38, 0.95, 2.2, 1.15], // Pittsburgh
  [38.9, -77.04, 41, 1.25, 2.7, 1.2], // Washington
  [40.71, -74.0, 47, 1.15, 2.8, 1.25], // New York
  [42.36, -71.06, 44, 1.0, 2.6, 1.25], // Boston
  [43.66, -70.26, 47, 0.95, 2.6, 1.2], // Portland, Maine
  [44.48, -73.21, 37, 0.85, 2.1, 1.15], // Burlington
  [42.89, -78.88, 40, 0.9, 2.0, 1.15], // Buffalo
  [41.26, -95.94, 30, 1.3, 2.6, 1.2], // Omaha
  [46.88, -96.79, 22, 1.0, 2.0, 1.2], // Fargo
  [46.8, -100.78, 18, 0.9, 1.7, 1.2], // Bismarck
  [44.08, -103.23, 17, 0.85, 1.6, 1.25], // Rapid City
  [39.74, -104.99, 15, 0.85, 1.5, 1.25], // Denver
  [41.14, -104.82, 16, 0.8, 1.5, 1.25], // Cheyenne
  [45.78, -108.5, 14, 0.6, 1.3, 1.2], // Billings
  [47.5, -111.3, 15, 0.55, 1.3, 1.2], // Great Falls
  [40.76, -111.89, 16, 0.5, 1.2, 1.2], // Salt Lake City
  [43.62, -116.2, 12, 0.45, 0.95, 1.2], // Boise
  [33.45, -112.07, 8, 0.75, 1.25, 1.3], // Phoenix
  [32.22, -110.97, 11, 0.85, 1.45, 1.3], // Tucson
  [36.17, -115.14, 4, 0.45, 0.8, 1.4], // Las Vegas
  [35.08, -106.65, 9, 0.55, 0.95, 1.3], // Albuquerque
  [39.53, -119.81, 7, 0.45, 1.0, 1.3], // Reno
  [34.05, -118.24, 14, 0.55, 2.0, 1.3], // Los Angeles
  [32.72, -117.16, 10, 0.5, 1.45, 1.3], // San Diego
  [37.77, -122.42, 23, 0.5, 2.3, 1.1], // San Francisco
  [38.58, -121.49, 18, 0.5, 1.7, 1.05], // Sacramento
  [36.74, -119.79, 11, 0.45, 1.1, 1.15], // Fresno
  [40.59, -122.39, 34, 0.65, 3.0, 1.1], // Redding
  [47.61, -122.33, 38, 0.45, 1.6, 0.95], // Seattle
  [45.52, -122.68, 42, 0.45, 2.0, 1.0], // Portland, Oregon
  [47.66, -117.43, 17, 0.45, 1.1, 1.1], // Spokane
];

/** Width of the interpolation kernel, degrees: wide enough that neighbouring points differ little. */
const KERNEL_DEGREES = 2.2;
const LONGITUDE_SHRINK = Math.cos((38 * Math.PI) / 180);

export interface LocalClimate {
  /** Mean annual rainfall, inches. */
  annual: number;
  /** Atlas 14 1-year depths, inches. */
  depth1h: number;
  depth24h: number;
  /** How much faster than the Southeast the depths grow with the recurrence interval. */
  growth: number;
}

/** The climate at a point: a Gaussian-weighted mean of the stations (smooth everywhere). */
export function climateAt(latitude: number, longitude: number): LocalClimate {
  let weights = 0;
  let annual = 0;
  let depth1h = 0;
  let depth24h = 0;
  let growth = 0;
  for (const [lat, lon, a, d1, d24, g] of ANCHORS) {
    const dx = (longitude - lon) * LONGITUDE_SHRINK;
    const dy = latitude - lat;
    // The tiny constant keeps the mean defined far from every station, where weights underflow.
    const weight = Math.exp(-(dx * dx + dy * dy) / (2 * KERNEL_DEGREES * KERNEL_DEGREES)) + 1e-300;
    weights += weight;
    annual += weight * a;
    depth1h += weight * d1;
    depth24h += weight * d24;
    growth += weight * g;
  }
  return {
    annual: annual / weights,
    depth1h: depth1h / weights,
    depth24h: depth24h / weights,
    growth: growth / weights,
  };
}

/** Annual rainfall and the 1-year 1-hour depth on a 0.25-degree lattice, for per-point lookups. */
const LATTICE = { south: 19, north: 57, west: -132, east: -58, step: 0.25 } as const;
const LATTICE_COLUMNS = Math.round((LATTICE.east - LATTICE.west) / LATTICE.step) + 1;
const LATTICE_ROWS = Math.round((LATTICE.north - LATTICE.south) / LATTICE.step) + 1;

interface Lattice {
  annual: Float64Array;
  depth1h: Float64Array;
}
let lattice: Lattice | undefined;

function buildLattice(): Lattice {
  const annual = new Float64Array(LATTICE_COLUMNS * LATTICE_ROWS);
  const depth1h = new Float64Array(LATTICE_COLUMNS * LATTICE_ROWS);
  for (let row = 0; row < LATTICE_ROWS; row++) {
    for (let column = 0; column < LATTICE_COLUMNS; column++) {
      const local = climateAt(LATTICE.south + row * LATTICE.step, LATTICE.west + column * LATTICE.step);
      annual[row * LATTICE_COLUMNS + column] = local.annual;
      depth1h[row * LATTICE_COLUMNS + column] = local.depth1h;
    }
  }
  return { annual, depth1h };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Bilinear interpolation in one of the lattice's fields. */
function interpolate(field: Float64Array, latitude: number, longitude: number): number {
  const x = (clamp(longitude, LATTICE.west, LATTICE.east - 1e-9) - LATTICE.west) / LATTICE.step;
  const y = (clamp(latitude, LATTICE.south, LATTICE.north - 1e-9) - LATTICE.south) / LATTICE.step;
  const column = Math.floor(x);
  const row = Math.floor(y);
  const fx = x - column;
  const fy = y - row;
  const southWest = row * LATTICE_COLUMNS + column;
  const northWest = southWest + LATTICE_COLUMNS;
  const south = (field[southWest] ?? 0) + fx * ((field[southWest + 1] ?? 0) - (field[southWest] ?? 0));
  const north = (field[northWest] ?? 0) + fx * ((field[northWest + 1] ?? 0) - (field[northWest] ?? 0));
  return south + fy * (north - south);
}

/** Mean annual rainfall, inches: cheap enough for every point of a field. */
export function annualRainfall(latitude: number, longitude: number): number {
  lattice ??= buildLattice();
  return interpolate(lattice.annual, latitude, longitude);
}

/** The Atlas 14 1-year 1-hour depth, inches, from the lattice: cheap enough for every storm cell. */
export function oneYearHourDepth(latitude: number, longitude: number): number {
  lattice ??= buildLattice();
  return interpolate(lattice.depth1h, latitude, longitude);
}

const YEAR_MS = 365.2425 * 86_400_000;
/** Mid-July, in days after 1 January: the warm season's peak. */
const WARMEST_DAY = 196;

/** 1 in mid-July, 0 in mid-January, smoothly between (a cosine of the day of the year). */
export function summerness(time: number): number {
  const phase = 2 * Math.PI * (time / YEAR_MS - WARMEST_DAY / 365.2425);
  return (1 + Math.cos(phase)) / 2;
}

/**
 * The Pacific coast's season: winter storms wring extra rain out of the mountains, and
 * summers are dry west of the Sierra and Cascades. A multiplier, 1 away from the coast.
 */
export function pacificSeason(longitude: number, summer: number): number {
  const pacific = clamp((-116 - longitude) / 4, 0, 1);
  return 1 + pacific * (1.8 * (1 - summer) - 0.95 * summer);
}

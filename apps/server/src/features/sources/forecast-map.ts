import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type GeoProjection, geoAlbers, geoPath } from 'd3-geo';
import { feature, merge, mesh, transform } from 'topojson-client';
import type { GeometryCollection, MultiPolygon, Polygon, Topology } from 'topojson-specification';
import { productDate } from '../../core/lib/time';
import type { ForecastImage, Point } from './sources';

/**
 * The national precipitation forecast map Pluvio draws itself (issue 4 §5): the day's forecast
 * sampled on a regular grid over the contiguous United States, shaded in the amount classes of
 * the WPC quantitative precipitation forecast maps, clipped to the nation, under state lines.
 */

export type ForecastDay = 1 | 2 | 3;
/** Forecast inches at a point for the calendar day `date` (YYYY-MM-DD in the product time zone). */
export type AmountAt = (point: Point, date: string) => number;

const FORECAST_MAP_CONTENT_TYPE = 'image/svg+xml; charset=utf-8';

export interface AmountClass {
  /** Lower bound in inches; a class holds amounts from here up to the next class's bound. */
  min: number;
  label: string;
  colour: string;
}

/** WPC's QPF palette at the bounds it labels, from a trace of rain to 5 inches and more. */
export const AMOUNT_CLASSES: readonly AmountClass[] = [
  { min: 0.01, label: '0.01', colour: '#7fff00' },
  { min: 0.1, label: '0.10', colour: '#00cd00' },
  { min: 0.25, label: '0.25', colour: '#008b00' },
  { min: 0.5, label: '0.50', colour: '#104e8b' },
  { min: 1, label: '1.00', colour: '#1e90ff' },
  { min: 1.5, label: '1.50', colour: '#8968cd' },
  { min: 2, label: '2.00', colour: '#8b008b' },
  { min: 3, label: '3.00', colour: '#cd0000' },
  { min: 5, label: '5+', colour: '#ff7f00' },
];

/** The drawn box, in cells of `step` degrees, the first row along the northern edge. */
const GRID = { north: 50, south: 24, west: -125, east: -66, step: 0.25 };
const ROWS = Math.round((GRID.north - GRID.south) / GRID.step);
const COLUMNS = Math.round((GRID.east - GRID.west) / GRID.step);
/**
 * The forecast is asked for at the centres of cells this size and interpolated to the drawn
 * cells: a quarter of the calls (a forecast point costs the simulator a day of hours), with
 * smoother edges than drawing the samples as they are.
 */
const SAMPLE_STEP = 0.5;
const SAMPLE_ROWS = Math.round((GRID.north - GRID.south) / SAMPLE_STEP);
const SAMPLE_COLUMNS = Math.round((GRID.east - GRID.west) / SAMPLE_STEP);
/**
 * Cells of one class next to each other in a row are drawn as one quadrilateral. Parallels are
 * arcs in this projection, so a run stays short enough (4 degrees) that its straight top and
 * bottom edges stray less than half a pixel from the grid lines.
 */
const MAX_RUN = 4 / GRID.step;

const WIDTH = 960;
const HEIGHT = 660;
const MAP_EXTENT: [[number, number], [number, number]] = [
  [24, 84],
  [WIDTH - 24, 580],
];
const LEGEND = { top: 598, swatchWidth: 70, swatchHeight: 16, fontSize: 16 };
const FONT = 'Helvetica, Arial, sans-serif';

/** Alaska, Hawaii and the territories: outside the contiguous forecast. */
const OUTSIDE_CONUS = new Set(['02', '15', '60', '66', '69', '72', '78']);
/** Outline simplification, degrees: about a third of a pixel at this scale. */
const SIMPLIFY_TOLERANCE = 0.02;

/** Projected integers are tenths of a pixel, so coordinates print with at most one decimal. */
type Tenths = [number, number];

interface Basemap {
  nationPath: string;
  bordersPath: string;
  /** Projected cell corners, (ROWS + 1) x (COLUMNS + 1), north-west first. */
  corners: Tenths[][];
  /** Whether each cell touches the nation; only those are sampled and drawn. */
  onLand: boolean[][];
}

let basemap: Basemap | undefined;

/** Draws the day's forecast as an SVG map; the same inputs always give the same bytes. */
export function renderNationalForecast(
  day: ForecastDay,
  issuedAt: Date,
  amountAt: AmountAt,
  options: { timeZone: string },
): ForecastImage {
  const date = productDate(issuedAt, options.timeZone, day - 1);
  const map = loadBasemap();
  const classes = classifyCells(map.onLand, (point) => amountAt(point, date));
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="map-title map-desc" font-family="${FONT}">`,
    `<title id="map-title">Day ${day} Precipitation Forecast</title>`,
    `<desc id="map-desc">${describe(date, classes.largest)}</desc>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<defs><path id="nation" d="${map.nationPath}"/><clipPath id="nation-clip"><use href="#nation"/></clipPath></defs>`,
    '<use href="#nation" fill="#f3f3ef"/>',
    `<g id="forecast-amounts" clip-path="url(#nation-clip)">${amountPaths(map.corners, classes.byCell)}</g>`,
    `<path d="${map.bordersPath}" fill="none" stroke="#5f5f5f" stroke-width="0.6" stroke-linejoin="round"/>`,
    '<use href="#nation" fill="none" stroke="#333333" stroke-width="1" stroke-linejoin="round"/>',
    heading(day, date),
    legend(),
    '</svg>',
  ].join('\n');
  return { contentType: FORECAST_MAP_CONTENT_TYPE, body: Buffer.from(svg, 'utf8') };
}

/** The class index of an amount, or -1 below the smallest class. */
export function amountClassOf(inches: number): number {
  return AMOUNT_CLASSES.findLastIndex((amountClass) => inches >= amountClass.min);
}

function classifyCells(onLand: boolean[][], amountAt: (point: Point) => number) {
  const amountIn = interpolated(amountAt);
  let largest = 0;
  const byCell = onLand.map((row, r) =>
    row.map((land, c) => {
      if (!land) return -1;
      const amount = amountIn(r, c);
      largest = Math.max(largest, amount);
      return amountClassOf(amount);
    }),
  );
  return { byCell, largest };
}

/**
 * The amount in a drawn cell, bilinear between the four samples around its centre (the
 * nearest ones along the box's edges), to the hundredth like the forecast itself. Each sample
 * is asked for once, when a cell first needs it.
 */
function interpolated(amountAt: (point: Point) => number): (r: number, c: number) => number {
  const samples = new Map<number, number>();
  const sample = (i: number, j: number) => {
    const key = i * SAMPLE_COLUMNS + j;
    const known = samples.get(key);
    if (known !== undefined) return known;
    const amount = amountAt({
      latitude: GRID.north - (i + 0.5) * SAMPLE_STEP,
      longitude: GRID.west + (j + 0.5) * SAMPLE_STEP,
    });
    samples.set(key, amount);
    return amount;
  };
  return (r, c) => {
    const [i, south] = sampleBefore((r + 0.5) * GRID.step, SAMPLE_ROWS);
    const [j, east] = sampleBefore((c + 0.5) * GRID.step, SAMPLE_COLUMNS);
    const northern = sample(i, j) * (1 - east) + sample(i, j + 1) * east;
    const southern = sample(i + 1, j) * (1 - east) + sample(i + 1, j + 1) * east;
    return Math.round((northern * (1 - south) + southern * south) * 100) / 100;
  };
}

/**
 * The sample at or before `offset` degrees from the box's north (or west) edge, and how far
 * the offset lies on towards the next sample, 0 to 1.
 */
function sampleBefore(offset: number, count: number): [number, number] {
  const position = Math.min(Math.max(offset / SAMPLE_STEP - 0.5, 0), count - 1);
  const index = Math.min(Math.floor(position), count - 2);
  return [index, position - index];
}

/** One path per class: its cells, in runs along each row. */
function amountPaths(corners: Tenths[][], byCell: number[][]): string {
  const subpaths = AMOUNT_CLASSES.map((): string[] => []);
  byCell.forEach((row, r) => {
    for (const run of runsOf(row)) {
      subpaths[run.amountClass]?.push(
        quadrilateral([
          corners[r]?.[run.start],
          corners[r]?.[run.end],
          corners[r + 1]?.[run.end],
          corners[r + 1]?.[run.start],
        ] as Tenths[]),
      );
    }
  });
  return AMOUNT_CLASSES.map((amountClass, index) => {
    const d = subpaths[index]?.join('') ?? '';
    // The stroke in the fill colour closes the hairline seams anti-aliasing leaves between quads.
    return (
      d && `<path d="${d}" fill="${amountClass.colour}" stroke="${amountClass.colour}" stroke-width="0.5"/>`
    );
  }).join('');
}

/** Runs of equal, shaded classes in a row, none longer than MAX_RUN cells. */
function runsOf(row: number[]): { start: number; end: number; amountClass: number }[] {
  const runs: { start: number; end: number; amountClass: number }[] = [];
  let start = 0;
  row.forEach((amountClass, c) => {
    const next = row[c + 1];
    if (next === amountClass && c + 1 - start < MAX_RUN) return;
    if (amountClass >= 0) runs.push({ start, end: c + 1, amountClass });
    start = c + 1;
  });
  return runs;
}

/** A closed quadrilateral: the first corner, then relative moves (the shortest path text). */
function quadrilateral(corners: Tenths[]): string {
  const [first, ...rest] = corners as [Tenths, ...Tenths[]];
  const moves = rest.flatMap(([x, y], index) => {
    const [fromX, fromY] = corners[index] as Tenths;
    return [x - fromX, y - fromY];
  });
  return `M${numbers(first)}l${numbers(moves)}z`;
}

/** Pixels with one decimal, separated by a space only where no minus sign separates them. */
function numbers(values: number[]): string {
  return values
    .map((value) => String(value / 10).replace(/^(-?)0\./, '$1.'))
    .reduce((text, number) => text + (text === '' || number.startsWith('-') ? '' : ' ') + number, '');
}

function describe(date: string, largest: number): string {
  const amounts =
    amountClassOf(largest) < 0
      ? 'No precipitation is forecast.'
      : `The largest forecast amount is ${largest.toFixed(2)} inches.`;
  return `Map of forecast precipitation over the contiguous United States for ${date}, shaded in classes from 0.01 to 5 or more inches. ${amounts}`;
}

function heading(day: ForecastDay, date: string): string {
  return [
    `<text x="24" y="38" font-size="28" font-weight="bold" fill="#1a1a1a">Day ${day} Precipitation Forecast</text>`,
    `<text x="24" y="66" font-size="19" fill="#333333">Valid ${date}</text>`,
  ].join('\n');
}

function legend(): string {
  const left = (WIDTH - AMOUNT_CLASSES.length * LEGEND.swatchWidth) / 2;
  const swatches = AMOUNT_CLASSES.map((amountClass, index) => {
    const x = left + index * LEGEND.swatchWidth;
    return [
      `<rect x="${x}" y="${LEGEND.top}" width="${LEGEND.swatchWidth}" height="${LEGEND.swatchHeight}" fill="${amountClass.colour}" stroke="#333333" stroke-width="0.5"/>`,
      `<text x="${x}" y="${LEGEND.top + LEGEND.swatchHeight + LEGEND.fontSize + 2}" font-size="${LEGEND.fontSize}" text-anchor="middle" fill="#1a1a1a">${amountClass.label}</text>`,
    ].join('');
  });
  return [
    `<g id="legend"><text x="${left - 14}" y="${LEGEND.top + LEGEND.swatchHeight - 2}" font-size="${LEGEND.fontSize}" text-anchor="end" fill="#1a1a1a">Inches</text>`,
    ...swatches,
    '</g>',
  ].join('\n');
}

function loadBasemap(): Basemap {
  basemap ??= buildBasemap();
  return basemap;
}

function buildBasemap(): Basemap {
  const topology = simplifiedStates();
  const states = topology.objects.states;
  const nation = merge(topology, states.geometries);
  const projection = geoAlbers().fitExtent(MAP_EXTENT, feature(topology, states));
  const path = geoPath(projection).digits(1);
  return {
    nationPath: path(nation) ?? '',
    bordersPath: path(mesh(topology, states, (a, b) => a !== b)) ?? '',
    corners: cellCorners(projection),
    onLand: cellsTouching(nation.coordinates.flat() as Position[][]),
  };
}

/** Longitude and latitude in degrees. */
type Position = [number, number];
interface StateShapes extends GeometryCollection {
  geometries: (Polygon | MultiPolygon)[];
}

/** The lower 48 states and DC from us-atlas, arcs simplified once so borders stay shared. */
function simplifiedStates(): Topology<{ states: StateShapes }> {
  const file = createRequire(import.meta.url).resolve('us-atlas/states-10m.json');
  const atlas = JSON.parse(readFileSync(file, 'utf8')) as Topology<{ states: StateShapes }>;
  const toDegrees = transform(atlas.transform ?? null);
  return {
    type: 'Topology',
    objects: {
      states: {
        type: 'GeometryCollection',
        geometries: atlas.objects.states.geometries.filter((state) => !OUTSIDE_CONUS.has(String(state.id))),
      },
    },
    arcs: atlas.arcs.map((arc) =>
      simplify(arc.map((position, index) => toDegrees(position, index > 0) as Position)),
    ),
  };
}

/** Douglas-Peucker: keeps the ends, and every point farther than the tolerance from the chord. */
function simplify(arc: Position[]): Position[] {
  const at = (index: number) => arc[index] as Position;
  const keep = arc.map((_, index) => index === 0 || index === arc.length - 1);
  const pending: [number, number][] = [[0, arc.length - 1]];
  for (let span = pending.pop(); span; span = pending.pop()) {
    const [first, last] = span;
    let farthest = -1;
    let distance = SIMPLIFY_TOLERANCE;
    for (let index = first + 1; index < last; index++) {
      const offset = distanceToSegment(at(index), at(first), at(last));
      if (offset > distance) [farthest, distance] = [index, offset];
    }
    if (farthest < 0) continue;
    keep[farthest] = true;
    pending.push([first, farthest], [farthest, last]);
  }
  return arc.filter((_, index) => keep[index]);
}

function distanceToSegment([x, y]: Position, [x1, y1]: Position, [x2, y2]: Position): number {
  const [dx, dy] = [x2 - x1, y2 - y1];
  const lengthSquared = dx * dx + dy * dy;
  const along =
    lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / lengthSquared));
  return Math.hypot(x - (x1 + along * dx), y - (y1 + along * dy));
}

function cellCorners(projection: GeoProjection): Tenths[][] {
  return Array.from({ length: ROWS + 1 }, (_, r) =>
    Array.from({ length: COLUMNS + 1 }, (_, c) => {
      // Unlike geoAlbersUsa, plain Albers projects every point, the open sea included.
      const [x, y] = projection([GRID.west + c * GRID.step, GRID.north - r * GRID.step]) as Position;
      return [Math.round(x * 10), Math.round(y * 10)] as Tenths;
    }),
  );
}

/**
 * Cells whose centre is in the nation, plus every cell the coast or border passes through (so
 * a cape or an island smaller than a cell is still shaded). Planar in degrees: within a cell
 * the curvature of the earth does not matter.
 */
function cellsTouching(rings: Position[][]): boolean[][] {
  const edges = rings.flatMap(edgesOf);
  const touched = Array.from({ length: ROWS }, (_, r) =>
    centresInside(edges, GRID.north - (r + 0.5) * GRID.step),
  );
  for (const [start, end] of edges) markCellsAlong(touched, start, end);
  return touched;
}

function edgesOf(ring: Position[]): [Position, Position][] {
  return ring.slice(1).map((end, index) => [ring[index] as Position, end]);
}

/**
 * Which cell centres along the parallel `latitude` are inside, by the even-odd rule (holes,
 * lakes inside a state, count as outside): an odd number of edges cross the parallel west of it.
 */
function centresInside(edges: [Position, Position][], latitude: number): boolean[] {
  const crossings = edges
    .filter(([[, y1], [, y2]]) => y1 > latitude !== y2 > latitude)
    .map(([[x1, y1], [x2, y2]]) => x1 + ((latitude - y1) * (x2 - x1)) / (y2 - y1));
  return Array.from({ length: COLUMNS }, (_, c) => {
    const longitude = GRID.west + (c + 0.5) * GRID.step;
    return crossings.filter((crossing) => crossing < longitude).length % 2 === 1;
  });
}

/** Marks the cells under an edge, sampled every fifth of a cell. */
function markCellsAlong(touched: boolean[][], [x1, y1]: Position, [x2, y2]: Position): void {
  const steps = Math.max(1, Math.ceil((Math.hypot(x2 - x1, y2 - y1) / GRID.step) * 5));
  for (let step = 0; step <= steps; step++) {
    const [x, y] = [x1 + ((x2 - x1) * step) / steps, y1 + ((y2 - y1) * step) / steps];
    const row = touched[Math.floor((GRID.north - y) / GRID.step)];
    const c = Math.floor((x - GRID.west) / GRID.step);
    if (row && c >= 0 && c < COLUMNS) row[c] = true;
  }
}

import { cellAt, MRMS_CONUS_GRID } from '../grid';
import type { Pass, Point, PrecipitationField, PrecipitationProduct, PrecipitationSource } from '../sources';
import { Accumulation, type PreparedPoint, preparePoint } from './accumulation';
import { Memo } from './memo';
import { hashInts, valueNoise } from './random';
import { HOUR_MS, type StormModel } from './storms';

const QUARTER_MS = 15 * 60_000;
/** Storms are frozen twice per quarter hour: a moving cell leaves a track, not a spot. */
const INSTANTS_PER_QUARTER = 2;
/** Pass 2 revises Pass 1 by up to this share, smoothly in space, differently every hour. */
const REVISION = 0.15;
const REVISION_SALT = 0x9a55;
/** The revision pattern's scale, degrees. */
const REVISION_DEGREES = 1.3;

function requireAligned(endsAt: Date, step: number, what: string): number {
  const time = endsAt.getTime();
  if (!Number.isFinite(time) || time % step !== 0) {
    throw new RangeError(
      `${what} fields end on a multiple of ${step / 60_000} minutes, not ${endsAt.toISOString()}`,
    );
  }
  return time;
}

/** The quarter hour ending at `endsAt`, integrated at evenly spaced instants. */
function quarterInstants(endsAt: number) {
  const spacing = QUARTER_MS / INSTANTS_PER_QUARTER;
  return Array.from({ length: INSTANTS_PER_QUARTER }, (_, i) => ({
    time: endsAt - QUARTER_MS + (i + 0.5) * spacing,
    hours: spacing / HOUR_MS,
  }));
}

/** Element-wise sums, added in order (so an hour is exactly its quarters added in time order). */
function sumOf([first = [], ...rest]: number[][]): number[] {
  const sums = first.slice();
  for (const values of rest) {
    for (let i = 0; i < sums.length; i++) sums[i] = (sums[i] ?? 0) + (values[i] ?? 0);
  }
  return sums;
}

/** Points snapped to the centres of their grid cells; null off the grid. */
function prepareAll(points: readonly Point[]): (PreparedPoint | null)[] {
  return points.map((point) => {
    const cell = cellAt(MRMS_CONUS_GRID, point);
    return cell && preparePoint(cell.latitude, cell.longitude);
  });
}

/** Reads `amounts` at the points on the grid and leaves null where a point is off it. */
function sampleOnGrid(points: readonly Point[], amounts: (prepared: PreparedPoint[]) => number[]) {
  const prepared = prepareAll(points);
  const values = amounts(prepared.filter((point) => point !== null));
  let next = 0;
  return prepared.map((point) => (point ? (values[next++] ?? 0) : null));
}

/** The simulated rainfall (D4): a seeded field of moving storm cells and fronts over the US. */
export class SimulatedPrecipitation implements PrecipitationSource {
  readonly name = 'simulator';
  private readonly quarters = new Memo<Accumulation>(32);

  constructor(
    private readonly model: StormModel,
    private readonly seed: number,
  ) {}

  /**
   * Every interval is available, past or future (the ingestion decides what is due). 15-minute
   * fields have one pass; hourly Pass 1 is the sum of the hour's four 15-minute fields.
   */
  async field(product: PrecipitationProduct, endsAt: Date, pass: Pass): Promise<PrecipitationField> {
    if (product === '15m') {
      if (pass !== 1) throw new RangeError('15-minute fields have a single pass (1)');
      const time = requireAligned(endsAt, QUARTER_MS, '15-minute');
      const quarter = this.quarter(time);
      return this.makeField(product, pass, endsAt, (points) => quarter.amounts(points));
    }
    const time = requireAligned(endsAt, HOUR_MS, 'Hourly');
    const quarters = [3, 2, 1, 0].map((back) => this.quarter(time - back * QUARTER_MS));
    return this.makeField(product, pass, endsAt, (points) => {
      const hourly = sumOf(quarters.map((quarter) => quarter.amounts(points)));
      return pass === 1 ? hourly : this.revise(hourly, points, time);
    });
  }

  private makeField(
    product: PrecipitationProduct,
    pass: Pass,
    endsAt: Date,
    amounts: (points: PreparedPoint[]) => number[],
  ): PrecipitationField {
    return {
      product,
      pass,
      endsAt,
      grid: MRMS_CONUS_GRID,
      sample: (points) => sampleOnGrid(points, amounts),
    };
  }

  private quarter(endsAt: number): Accumulation {
    return this.quarters.get(endsAt, () => new Accumulation(this.model, quarterInstants(endsAt)));
  }

  /** Pass 2: the same storms, each amount scaled by a smooth pattern new every hour. */
  private revise(hourly: number[], points: PreparedPoint[], endsAt: number): number[] {
    const seed = hashInts(this.seed, REVISION_SALT, endsAt / HOUR_MS);
    return hourly.map((amount, i) => {
      const point = points[i];
      if (amount === 0 || !point) return amount;
      const pattern = valueNoise(seed, point.latitude / REVISION_DEGREES, point.longitude / REVISION_DEGREES);
      return amount * (1 + REVISION * (2 * pattern - 1));
    });
  }
}

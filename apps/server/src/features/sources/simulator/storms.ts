import { annualRainfall, oneYearHourDepth, pacificSeason, summerness } from './climate';
import { Memo } from './memo';
import { hashInts, Random } from './random';

/**
 * The weather of the simulator: convective cells born every hour and frontal bands born every
 * day, each drawn from a generator seeded by a hash of (seed, window), so any window is drawn
 * the same way every time and on its own. A field then only moves them to the time asked for.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const KM_PER_DEGREE_LATITUDE = 110.57;
const KM_PER_DEGREE_LONGITUDE_AT_EQUATOR = 111.32;
const RADIANS = Math.PI / 180;

/** A thunderstorm or shower: a disc of rain that grows, moves with the wind and dies. */
export interface Cell {
  born: number;
  life: number;
  latitude: number;
  longitude: number;
  /** Degrees per millisecond. */
  latitudeSpeed: number;
  longitudeSpeed: number;
  /** Kilometres. */
  radius: number;
  /** Km per degree of longitude where it was born (cells do not live long enough to need more). */
  kmPerDegreeLongitude: number;
  /** Rain rate at the centre at the height of its life, inches per hour. */
  peak: number;
}

/**
 * A storm placed by hand rather than drawn (the demo installation's thunderstorm): where and
 * when it is born, how long it lives, how it moves and how hard it rains at its height.
 */
export interface ScheduledStorm {
  bornAt: Date;
  minutes: number;
  latitude: number;
  longitude: number;
  radiusKm: number;
  peakInchesPerHour: number;
  eastKmPerHour: number;
  northKmPerHour: number;
}

/** A frontal rain band: a line that sweeps across the country over one to three days. */
export interface Front {
  /** Seeds the band's pattern of heavier and lighter rain. */
  id: number;
  born: number;
  life: number;
  /** Centre at birth, in the simulator's flat projection (km). */
  x: number;
  y: number;
  /** Unit vector of motion. */
  directionX: number;
  directionY: number;
  /** Km per millisecond. */
  speed: number;
  halfLength: number;
  /** Half-width of the band, km. */
  width: number;
  /** Inches per hour in the band's core where the air is as moist as on the Gulf Coast. */
  intensity: number;
}

/** A flat projection around the middle of the country, good enough for band geometry. */
const PROJECTION_LATITUDE = 38.5;
const PROJECTION_LONGITUDE = -96;
const KM_PER_DEGREE_LONGITUDE_PROJECTED =
  KM_PER_DEGREE_LONGITUDE_AT_EQUATOR * Math.cos(PROJECTION_LATITUDE * RADIANS);

export function projectX(longitude: number): number {
  return (longitude - PROJECTION_LONGITUDE) * KM_PER_DEGREE_LONGITUDE_PROJECTED;
}

export function projectY(latitude: number): number {
  return (latitude - PROJECTION_LATITUDE) * KM_PER_DEGREE_LATITUDE;
}

export function kmPerDegreeLongitude(latitude: number): number {
  return KM_PER_DEGREE_LONGITUDE_AT_EQUATOR * Math.cos(latitude * RADIANS);
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Cells are born in 2-degree tiles over a box a little larger than the contiguous US. */
const TILE = { south: 22, west: -128, size: 2, rows: 15, columns: 32 } as const;
const CELL_MAX_HOURS = 3;
const FRONT_MAX_DAYS = 3;

/** Tuning of the weather (calibrated against annual totals, dry hours and Atlas 14 exceedances). */
const WEATHER = {
  /** Mean new cells per tile and hour at the height of summer, before thinning by climate. */
  cellsPerTileHour: 2.2,
  /** Mean new cells per 1,000 km of front and hour. */
  cellsPerFrontHour: 1.5,
  /**
   * Peak rate of a cell as a share of the local 1-year 1-hour depth: log-normal with this
   * median and spread, softly limited to the largest share (no 20-inch-an-hour freaks).
   */
  medianPeakShare: 0.25,
  peakSpread: 1.25,
  largestPeakShare: 3.5,
  /** Mean new fronts per day. */
  frontsPerDay: 1.2,
} as const;

/**
 * Convection needs warmth: strong in summer, weak in winter except near the Gulf, and
 * strongest in the humid far South's summer (sea-breeze storms every afternoon).
 */
function convectiveSeason(latitude: number, summer: number): number {
  const winterFloor = clamp(0.55 - (latitude - 25) * 0.03, 0.04, 0.55);
  const tropical = 1 + 0.8 * summer * clamp((35 - latitude) / 8, 0, 1);
  return (winterFloor + (1 - winterFloor) * summer ** 1.5) * tropical;
}

/** Afternoon storms: more cells born around 5 pm local solar time, more so in summer. */
function diurnalCycle(longitude: number, utcHour: number, summer: number): number {
  const solarHour = utcHour + longitude / 15;
  return 1 + (0.25 + 0.6 * summer) * Math.cos((2 * Math.PI * (solarHour - 17)) / 24);
}

/** The share of would-be cells that grow where the air is this moist (thinning). */
function convectiveShare(latitude: number, longitude: number, summer: number): number {
  return clamp((annualRainfall(latitude, longitude) / 58) ** 1.4 * pacificSeason(longitude, summer), 0, 1);
}

function drawCell(random: Random, born: number, latitude: number, longitude: number, summer: number): Cell {
  const hours = 0.75 + Math.min(CELL_MAX_HOURS - 0.75, -Math.log(1 - random.next()) * 0.9);
  const radius = 7 + 16 * random.next() ** 2;
  const drawn = WEATHER.medianPeakShare * Math.exp(WEATHER.peakSpread * random.normal());
  const share = WEATHER.largestPeakShare * Math.tanh(drawn / WEATHER.largestPeakShare);
  const peak = oneYearHourDepth(latitude, longitude) * share * (0.45 + 0.55 * summer);
  // Steering winds blow from the west-south-west, faster in winter.
  const heading = (20 + 35 * random.normal()) * RADIANS;
  const speed = Math.max(5, 18 + 20 * (1 - summer) + 8 * random.normal()) / HOUR_MS;
  const kmPerDegree = kmPerDegreeLongitude(latitude);
  return {
    born,
    life: hours * HOUR_MS,
    latitude,
    longitude,
    latitudeSpeed: (speed * Math.sin(heading)) / KM_PER_DEGREE_LATITUDE,
    longitudeSpeed: (speed * Math.cos(heading)) / kmPerDegree,
    radius,
    kmPerDegreeLongitude: kmPerDegree,
    peak,
  };
}

function drawFront(random: Random, born: number, summer: number): Front {
  // Where the front is halfway through its life: winter fronts reach farther south, and
  // some are Pacific storms coming ashore on the West Coast.
  const pacific = random.next() < 0.35 * (1 - summer);
  const latitude = pacific
    ? random.between(35, 49)
    : random.between(31, 45) * (1 - summer) + random.between(37, 48) * summer;
  const longitude = pacific ? random.between(-124, -114) : random.between(-118, -72);
  const heading = random.between(-45, 5) * RADIANS;
  const life = random.between(24, 72) * HOUR_MS;
  const speed = (random.between(20, 40) * (1 - 0.25 * summer)) / HOUR_MS;
  const directionX = Math.cos(heading);
  const directionY = Math.sin(heading);
  const halfway = (speed * life) / 2;
  return {
    id: Math.floor(random.next() * 4294967296),
    born,
    life,
    x: projectX(longitude) - directionX * halfway,
    y: projectY(latitude) - directionY * halfway,
    directionX,
    directionY,
    speed,
    halfLength: random.between(500, 1300),
    width: random.between(100, 250),
    intensity: random.between(0.2, 0.55),
  };
}

/** Where a front's centre line is at a time, and how far through its life it is (0..1). */
export function frontAt(front: Front, time: number) {
  const age = time - front.born;
  const travelled = front.speed * age;
  return {
    x: front.x + front.directionX * travelled,
    y: front.y + front.directionY * travelled,
    vigour: Math.sin((Math.PI * age) / front.life),
  };
}

/** The cell a scheduled storm is: the same disc that grows, moves and dies as drawn ones. */
export function scheduledCell(storm: ScheduledStorm): Cell {
  const kmPerDegree = kmPerDegreeLongitude(storm.latitude);
  return {
    born: storm.bornAt.getTime(),
    life: storm.minutes * 60_000,
    latitude: storm.latitude,
    longitude: storm.longitude,
    latitudeSpeed: storm.northKmPerHour / KM_PER_DEGREE_LATITUDE / HOUR_MS,
    longitudeSpeed: storm.eastKmPerHour / kmPerDegree / HOUR_MS,
    radius: storm.radiusKm,
    kmPerDegreeLongitude: kmPerDegree,
    peak: storm.peakInchesPerHour,
  };
}

/** Salts keep the cell and front streams of one seed apart. */
const SALT = { cells: 0xce11, fronts: 0xf207 } as const;

export class StormModel {
  private readonly cellMemo = new Memo<Cell[]>(16);
  private readonly frontMemo = new Memo<Front[]>(8);
  private readonly scheduled: Cell[] = [];

  constructor(private readonly seed: number) {}

  /** Adds a storm to the weather; fields already read (and memoised) do not see it. */
  schedule(storm: ScheduledStorm): void {
    this.scheduled.push(scheduledCell(storm));
  }

  /** The fronts alive at a time. */
  frontsAt(time: number): Front[] {
    const today = Math.floor(time / DAY_MS);
    const alive: Front[] = [];
    for (let day = today - FRONT_MAX_DAYS; day <= today; day++) {
      for (const front of this.frontsBornOn(day)) {
        if (front.born <= time && time < front.born + front.life) alive.push(front);
      }
    }
    return alive;
  }

  /** The cells alive at a time. */
  cellsAt(time: number): Cell[] {
    const thisHour = Math.floor(time / HOUR_MS);
    const isAlive = (cell: Cell) => cell.born <= time && time < cell.born + cell.life;
    const alive = this.scheduled.filter(isAlive);
    for (let hour = thisHour - CELL_MAX_HOURS; hour <= thisHour; hour++) {
      for (const cell of this.cellsBornIn(hour)) if (isAlive(cell)) alive.push(cell);
    }
    return alive;
  }

  private frontsBornOn(day: number): Front[] {
    return this.frontMemo.get(day, () => {
      const random = new Random(hashInts(this.seed, SALT.fronts, day));
      const start = day * DAY_MS;
      const summer = summerness(start + DAY_MS / 2);
      const count = random.poisson(WEATHER.frontsPerDay * (1.2 - 0.4 * summer));
      return Array.from({ length: count }, () => drawFront(random, start + random.next() * DAY_MS, summer));
    });
  }

  private cellsBornIn(hour: number): Cell[] {
    return this.cellMemo.get(hour, () => {
      const random = new Random(hashInts(this.seed, SALT.cells, hour));
      const start = hour * HOUR_MS;
      const summer = summerness(start);
      const cells: Cell[] = [];
      const consider = (latitude: number, longitude: number) => {
        const born = start + random.next() * HOUR_MS;
        if (random.next() < convectiveShare(latitude, longitude, summer)) {
          cells.push(drawCell(random, born, latitude, longitude, summer));
        }
      };
      this.airMassCells(random, hour, summer, consider);
      this.frontalCells(random, start, summer, consider);
      return cells;
    });
  }

  /** Showers and thunderstorms scattered over the country, thinned where the air is dry. */
  private airMassCells(
    random: Random,
    hour: number,
    summer: number,
    consider: (latitude: number, longitude: number) => void,
  ): void {
    const utcHour = ((hour % 24) + 24) % 24;
    for (let row = 0; row < TILE.rows; row++) {
      const south = TILE.south + row * TILE.size;
      const season = convectiveSeason(south + TILE.size / 2, summer);
      for (let column = 0; column < TILE.columns; column++) {
        const west = TILE.west + column * TILE.size;
        const mean = WEATHER.cellsPerTileHour * season * diurnalCycle(west + TILE.size / 2, utcHour, summer);
        const count = random.poisson(mean);
        for (let i = 0; i < count; i++) {
          consider(south + random.next() * TILE.size, west + random.next() * TILE.size);
        }
      }
    }
  }

  /** Storms lined up along the fronts (squall lines), where most summer downpours come from. */
  private frontalCells(
    random: Random,
    start: number,
    summer: number,
    consider: (latitude: number, longitude: number) => void,
  ): void {
    const middle = start + HOUR_MS / 2;
    for (const front of this.frontsAt(middle)) {
      const { x, y, vigour } = frontAt(front, middle);
      const season = convectiveSeason(PROJECTION_LATITUDE + y / KM_PER_DEGREE_LATITUDE, summer);
      const count = random.poisson(
        WEATHER.cellsPerFrontHour * ((2 * front.halfLength) / 1000) * vigour * season,
      );
      for (let i = 0; i < count; i++) {
        const along = random.between(-1, 1) * front.halfLength;
        const across = random.normal() * front.width * 0.3;
        const cellX = x + front.directionX * across - front.directionY * along;
        const cellY = y + front.directionY * across + front.directionX * along;
        consider(
          PROJECTION_LATITUDE + cellY / KM_PER_DEGREE_LATITUDE,
          PROJECTION_LONGITUDE + cellX / KM_PER_DEGREE_LONGITUDE_PROJECTED,
        );
      }
    }
  }
}

/** Fronts wring more rain out of moist air: a multiplier of their intensity by annual rainfall. */
export function frontalMoisture(annual: number): number {
  return (annual / 45) ** 1.3;
}

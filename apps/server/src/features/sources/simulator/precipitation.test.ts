import { beforeAll, describe, expect, it } from 'vitest';
import { MRMS_CONUS_GRID } from '../grid';
import type { Point } from '../sources';
import { simulatedDepths } from './frequency';
import { Random } from './random';
import { createSimulator } from './simulator';
import { DAY_MS, HOUR_MS, StormModel } from './storms';

const simulator = (seed = 'precipitation-test') => createSimulator({ seed, timeZone: 'America/New_York' });

/** Random points over the contiguous US east of `west`, the same ones every run. */
function randomPoints(count: number, west = -125): Point[] {
  const random = new Random(42);
  return Array.from({ length: count }, () => ({
    latitude: random.between(25, 49),
    longitude: random.between(west, -67),
  }));
}

async function hourly(source = simulator().precipitation, endsAt: Date, points: Point[], pass: 1 | 2 = 1) {
  return (await source.field('1h', endsAt, pass)).sample(points) as number[];
}

const SUMMER_EVENING = new Date('2025-07-15T22:00:00Z');
const WET_CITIES = {
  Houston: { latitude: 29.76, longitude: -95.37 },
  Miami: { latitude: 25.76, longitude: -80.19 },
  'New Orleans': { latitude: 29.95, longitude: -90.07 },
  Atlanta: { latitude: 33.75, longitude: -84.39 },
  Chicago: { latitude: 41.88, longitude: -87.63 },
  'New York': { latitude: 40.71, longitude: -74.0 },
};
const DRY_CITIES = {
  Phoenix: { latitude: 33.45, longitude: -112.07 },
  'Las Vegas': { latitude: 36.17, longitude: -115.14 },
};
const SEATTLE = { latitude: 47.61, longitude: -122.33 };

describe('simulated precipitation fields', () => {
  it('are the same for the same seed and time, and differ for another seed', async () => {
    const points = randomPoints(2000);
    const first = await hourly(simulator('alpha').precipitation, SUMMER_EVENING, points);
    const again = await hourly(simulator('alpha').precipitation, SUMMER_EVENING, points);
    const other = await hourly(simulator('beta').precipitation, SUMMER_EVENING, points);
    expect(again).toEqual(first);
    expect(first.some((value) => value > 0)).toBe(true);
    expect(other).not.toEqual(first);
  });

  it('cover any past or present interval on the MRMS CONUS grid, in inches, never negative', async () => {
    const { precipitation } = simulator();
    const points = randomPoints(500);
    for (const endsAt of ['1999-12-31T23:00:00Z', '2021-02-14T06:00:00Z', '2026-11-21T12:00:00Z']) {
      const field = await precipitation.field('1h', new Date(endsAt), 1);
      expect(field).toMatchObject({
        product: '1h',
        pass: 1,
        endsAt: new Date(endsAt),
        grid: MRMS_CONUS_GRID,
      });
      for (const value of field.sample(points)) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(Number.isFinite(value)).toBe(true);
      }
    }
    const field = await precipitation.field('15m', new Date('2026-11-21T12:45:00Z'), 1);
    expect(field.sample([{ latitude: 60, longitude: -100 }, WET_CITIES.Houston])).toEqual([
      null,
      expect.any(Number),
    ]);
  });

  it('give every point of a grid cell the value at its centre', async () => {
    const field = await simulator().precipitation.field('1h', SUMMER_EVENING, 1);
    const centres = randomPoints(300).map(({ latitude, longitude }) => ({
      latitude: Math.round(latitude * 100) / 100 + 0.005,
      longitude: Math.round(longitude * 100) / 100 + 0.005,
    }));
    const nudged = centres.map(({ latitude, longitude }) => ({
      latitude: latitude + 0.004,
      longitude: longitude - 0.004,
    }));
    expect(field.sample(nudged)).toEqual(field.sample(centres));
  });

  it("add an hour's four 15-minute values up to its Pass 1 value", async () => {
    const { precipitation } = simulator();
    const points = randomPoints(3000, -105);
    const hour = await hourly(precipitation, SUMMER_EVENING, points);
    const quarters = await Promise.all(
      [45, 30, 15, 0].map(async (minutesBefore) => {
        const endsAt = new Date(SUMMER_EVENING.getTime() - minutesBefore * 60_000);
        return (await precipitation.field('15m', endsAt, 1)).sample(points) as number[];
      }),
    );
    const summed = points.map((_, i) => quarters.reduce((sum, values) => sum + (values[i] ?? 0), 0));
    expect(hour.filter((value) => value > 0.01).length).toBeGreaterThan(50);
    hour.forEach((value, i) => {
      expect(value).toBeCloseTo(summed[i] ?? -1, 12);
    });
  });

  it('revise Pass 1 in Pass 2 by up to 15 percent, more in some places than others', async () => {
    const { precipitation } = simulator();
    const points = randomPoints(3000, -105);
    const first = await hourly(precipitation, SUMMER_EVENING, points, 1);
    const second = await hourly(precipitation, SUMMER_EVENING, points, 2);
    const ratios = first.flatMap((value, i) => (value > 0 ? [(second[i] ?? 0) / value] : []));
    expect(ratios.length).toBeGreaterThan(50);
    for (const ratio of ratios) {
      expect(ratio).toBeGreaterThanOrEqual(0.85);
      expect(ratio).toBeLessThanOrEqual(1.15);
    }
    expect(ratios.filter((ratio) => Math.abs(ratio - 1) > 0.03).length).toBeGreaterThan(ratios.length / 4);
    first.forEach((value, i) => {
      if (value === 0) expect(second[i]).toBe(0);
    });
  });

  it('refuse intervals that MRMS does not publish', async () => {
    const { precipitation } = simulator();
    await expect(precipitation.field('15m', new Date('2025-07-15T22:00:00Z'), 2)).rejects.toThrow(RangeError);
    await expect(precipitation.field('15m', new Date('2025-07-15T22:10:00Z'), 1)).rejects.toThrow(RangeError);
    await expect(precipitation.field('1h', new Date('2025-07-15T22:15:00Z'), 1)).rejects.toThrow(RangeError);
  });

  it('bring, now and then, a downpour above the 1-year 1-hour Atlas 14 depth in a summer fortnight', async () => {
    const { precipitation } = simulator();
    const points = randomPoints(300, -105);
    const oneYearHour = points.map((point) => simulatedDepths(point)?.['1h'][0] ?? Infinity);
    const exceeded = new Set<number>();
    const start = Date.UTC(2025, 6, 1);
    for (let hour = 1; hour <= 14 * 24; hour++) {
      const values = await hourly(precipitation, new Date(start + hour * HOUR_MS), points);
      values.forEach((value, i) => {
        if (value > (oneYearHour[i] ?? Infinity)) exceeded.add(i);
      });
    }
    expect(exceeded.size).toBeGreaterThan(0);
    expect(exceeded.size).toBeLessThan(points.length / 4);
  });
});

describe('the simulated climate over a year', () => {
  const cities = { ...WET_CITIES, ...DRY_CITIES, Seattle: SEATTLE };
  const names = Object.keys(cities);
  /** Hourly Pass 1 at the cities on every fourth day of 2025, by city. */
  const series = new Map<string, { month: number; value: number }[]>(names.map((name) => [name, []]));

  beforeAll(async () => {
    const { precipitation } = simulator();
    const points = Object.values(cities);
    for (let day = 0; day < 365; day += 4) {
      for (let hour = 1; hour <= 24; hour++) {
        const endsAt = new Date(Date.UTC(2025, 0, 1) + day * DAY_MS + hour * HOUR_MS);
        const values = await hourly(precipitation, endsAt, points);
        names.forEach((name, i) => {
          series.get(name)?.push({ month: endsAt.getUTCMonth(), value: values[i] ?? 0 });
        });
      }
    }
  });

  const total = (name: string, months?: number[]) =>
    (series.get(name) ?? [])
      .filter(({ month }) => !months || months.includes(month))
      .reduce((sum, { value }) => sum + value, 0);
  const dryShare = (name: string) => {
    const hours = series.get(name) ?? [];
    return hours.filter(({ value }) => value < 0.01).length / hours.length;
  };

  it('is wetter on the Gulf Coast than in the desert Southwest', () => {
    for (const wet of ['Houston', 'Miami', 'New Orleans']) {
      for (const dry of Object.keys(DRY_CITIES)) {
        expect(total(wet)).toBeGreaterThan(3 * total(dry));
      }
    }
  });

  it('leaves most hours dry: 85 to 95 percent where it rains most, more in the desert', () => {
    const wet = Object.keys(WET_CITIES).map(dryShare);
    for (const share of wet) {
      expect(share).toBeGreaterThan(0.85);
      expect(share).toBeLessThan(0.975);
    }
    const mean = wet.reduce((sum, share) => sum + share, 0) / wet.length;
    expect(mean).toBeGreaterThan(0.85);
    expect(mean).toBeLessThan(0.95);
    for (const dry of Object.keys(DRY_CITIES)) expect(dryShare(dry)).toBeGreaterThan(0.97);
  });

  it('rains mostly lightly, with a few heavy hours', () => {
    const wetHours = Object.keys(WET_CITIES)
      .flatMap((name) => series.get(name) ?? [])
      .map(({ value }) => value)
      .filter((value) => value >= 0.01)
      .sort((a, b) => a - b);
    expect(wetHours[Math.floor(wetHours.length / 2)]).toBeLessThan(0.1);
    expect(wetHours[wetHours.length - 1]).toBeGreaterThan(0.5);
  });

  it('follows the seasons: summer storms in Miami, winter rain in Seattle', () => {
    const summer = [5, 6, 7, 8];
    const winter = [11, 0, 1, 2];
    expect(total('Miami', summer)).toBeGreaterThan(1.5 * total('Miami', winter));
    expect(total('Seattle', winter)).toBeGreaterThan(3 * total('Seattle', summer));
  });
});

describe('the storms behind the fields', () => {
  it('include frontal bands that sweep hundreds of kilometres over one to three days', () => {
    const model = new StormModel(7);
    const fronts = new Set(
      Array.from({ length: 60 }, (_, day) => model.frontsAt(Date.UTC(2025, 0, 1) + day * DAY_MS)).flat(),
    );
    expect(fronts.size).toBeGreaterThan(20);
    for (const front of fronts) {
      expect(front.life).toBeGreaterThanOrEqual(DAY_MS);
      expect(front.life).toBeLessThanOrEqual(3 * DAY_MS);
      expect(front.speed * front.life).toBeGreaterThan(300);
    }
  });
});

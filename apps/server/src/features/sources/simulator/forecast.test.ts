import { TZDate } from '@date-fns/tz';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulator } from './simulator';
import { DAY_MS, HOUR_MS } from './storms';

const TIME_ZONE = 'America/New_York';
const simulator = (seed = 'forecast-test') => createSimulator({ seed, timeZone: TIME_ZONE });

const HOUSTON = { latitude: 29.76, longitude: -95.37 };
const CITIES = [
  HOUSTON,
  { latitude: 25.76, longitude: -80.19 },
  { latitude: 33.75, longitude: -84.39 },
  { latitude: 41.88, longitude: -87.63 },
  { latitude: 40.71, longitude: -74.0 },
  { latitude: 32.78, longitude: -96.8 },
];

function correlation(pairs: [number, number][]): number {
  const mean = (pick: (pair: [number, number]) => number) =>
    pairs.reduce((sum, pair) => sum + pick(pair), 0) / pairs.length;
  const meanX = mean(([x]) => x);
  const meanY = mean(([, y]) => y);
  let xy = 0;
  let xx = 0;
  let yy = 0;
  for (const [x, y] of pairs) {
    xy += (x - meanX) * (y - meanY);
    xx += (x - meanX) ** 2;
    yy += (y - meanY) ** 2;
  }
  return xy / Math.sqrt(xx * yy);
}

describe('simulated forecasts', () => {
  it('give today and the next two days in the product time zone, the same every time', async () => {
    // 22:00 on 15 July in New York is already the 16th in UTC.
    const issuedAt = new Date('2025-07-16T02:00:00Z');
    const forecast = await simulator().forecast.dailyAt(HOUSTON, issuedAt);
    expect(forecast.map(({ date }) => date)).toEqual(['2025-07-15', '2025-07-16', '2025-07-17']);
    for (const { value } of forecast) expect(value).toBeGreaterThanOrEqual(0);
    expect(await simulator().forecast.dailyAt(HOUSTON, issuedAt)).toEqual(forecast);
    expect(await simulator().forecast.dailyAt(HOUSTON, issuedAt, 5)).toHaveLength(5);
  });

  describe('compared with the rain that then falls', () => {
    /** [forecast, what fell] per city and day, by lead (0 = issued that morning). */
    const byLead: [number, number][][] = [[], [], []];
    const DAYS = 30;

    beforeAll(async () => {
      const { precipitation, forecast } = simulator();
      const fell = new Map<string, number[]>();
      for (let day = 0; day < DAYS; day++) {
        const midnight = new TZDate(2025, 4, 1 + day, TIME_ZONE).getTime();
        const totals = CITIES.map(() => 0);
        for (let hour = 1; hour <= 24; hour++) {
          const field = await precipitation.field('1h', new Date(midnight + hour * HOUR_MS), 1);
          field.sample(CITIES).forEach((value, i) => {
            totals[i] = (totals[i] ?? 0) + (value ?? 0);
          });
        }
        fell.set(new Date(midnight + DAY_MS / 2).toISOString().slice(0, 10), totals);
      }
      for (let day = -2; day < DAYS; day++) {
        const issuedAt = new Date(new TZDate(2025, 4, 1 + day, 6, TIME_ZONE).getTime());
        for (const [i, city] of CITIES.entries()) {
          const days = await forecast.dailyAt(city, issuedAt);
          days.forEach(({ date, value }, lead) => {
            const actual = fell.get(date)?.[i];
            if (actual !== undefined) byLead[lead]?.push([value, actual]);
          });
        }
      }
    });

    it('resemble it, closely today and less so two days ahead', () => {
      const [today = [], , dayAfter = []] = byLead;
      expect(today).toHaveLength(DAYS * CITIES.length);
      expect(correlation(today)).toBeGreaterThan(0.75);
      expect(correlation(dayAfter)).toBeGreaterThan(0.25);
      expect(correlation(dayAfter)).toBeLessThan(correlation(today));
    });

    it('forecast about as much rain as falls', () => {
      for (const pairs of byLead) {
        const forecastTotal = pairs.reduce((sum, [value]) => sum + value, 0);
        const fellTotal = pairs.reduce((sum, [, actual]) => sum + actual, 0);
        expect(forecastTotal / fellTotal).toBeGreaterThan(0.6);
        expect(forecastTotal / fellTotal).toBeLessThan(1.6);
      }
    });
  });

  it('draw the national map of a day from the same forecast', async () => {
    const issuedAt = new Date('2025-05-10T12:00:00Z');
    const image = await simulator().forecast.nationalImage(1, issuedAt);
    expect(image.contentType).toMatch(/^image\/svg\+xml/);
    expect(image.body.toString('utf8')).toContain('<svg');
    expect((await simulator().forecast.nationalImage(1, issuedAt)).body.equals(image.body)).toBe(true);
  });
});

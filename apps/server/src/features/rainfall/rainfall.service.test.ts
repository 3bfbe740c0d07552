import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiteIds } from '../../test/factories';
import { scriptedIngestion } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import type { Point } from '../sources/sources';
import type { IntervalKey } from './intervals';
import { createRainfallService } from './rainfall.service';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

/** Each test has its own locations and days in the file's database. */
describe('reading stored rainfall', () => {
  let t: TestApp;
  const clock = manualClock(at('2026-12-31T00:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());
  const rainfall = () => createRainfallService(t.database.db, { timeZone: 'America/New_York' });

  /** Locations 0, 1, ... at latitudes 30.0, 30.1, ...; the script tells them apart by latitude. */
  const places = (count: number) => buildSiteIds(t.services, count, -90);
  const indexOf = (point: Point) => Math.round((point.latitude - 30) * 10);

  async function ingest(from: string, to: string, script: (key: IntervalKey, point: Point) => number) {
    const ingestion = scriptedIngestion(t, clock, script);
    await ingestion.ingestRange(at(from), at(to));
  }

  /** A varied hourly pattern with dry hours, different per location; location 2 stays dry. */
  const hourly = (endsAt: Date, index: number) =>
    index === 2 ? 0 : (((endsAt.getTime() / HOUR) * 7 + index * 3) % 5) * 0.05;

  it('gives each hour its amount and the sum of the 24 hours ending there, and the same trailing sum for many locations', async () => {
    const [first, second, dry] = (await places(3)) as [number, number, number];
    await ingest('2026-07-01T00:00:00Z', '2026-07-03T00:00:00Z', (key, point) =>
      key.product === '1h' ? hourly(key.endsAt, indexOf(point)) : 0,
    );
    const lastEnd = at('2026-07-02T20:00:00Z');
    const firstEnd = at('2026-07-02T01:00:00Z');

    const series = await rainfall().series('1h', second, firstEnd, lastEnd);

    expect(series).toHaveLength(20);
    for (const point of series) {
      const expected = Array.from({ length: 24 }, (_, back) =>
        hourly(new Date(point.endsAt.getTime() - back * HOUR), 1),
      );
      expect(point.amount).toBeCloseTo(expected[0] ?? -1, 6);
      expect(point.total24h).toBeCloseTo(
        expected.reduce((sum, value) => sum + value, 0),
        6,
      );
    }
    const totals = await rainfall().trailing24h([first, second, dry], lastEnd);
    expect(totals.get(second)).toBeCloseTo(series.at(-1)?.total24h ?? -1, 9);
    expect(totals.get(first)).toBeGreaterThan(0);
    expect(totals.get(dry)).toBe(0);
  });

  it('lists every 15-minute interval, dry ones as 0, with the trailing 24-hour sum of the quarters', async () => {
    const [site] = (await places(1)) as [number];
    const wetQuarter = (endsAt: Date) => (endsAt.getUTCMinutes() === 30 ? 0.01 : 0);
    await ingest('2026-08-01T00:00:00Z', '2026-08-02T12:00:00Z', (key) =>
      key.product === '15m' ? wetQuarter(key.endsAt) : 0,
    );

    const series = await rainfall().series(
      '15m',
      site,
      at('2026-08-02T10:15:00Z'),
      at('2026-08-02T11:00:00Z'),
    );

    expect(series.map((point) => [point.endsAt.toISOString().slice(11, 16), point.amount])).toEqual([
      ['10:15', 0],
      ['10:30', 0.01],
      ['10:45', 0],
      ['11:00', 0],
    ]);
    // One wet quarter an hour: 24 in any 24 hours.
    for (const point of series) expect(point.total24h).toBeCloseTo(0.24, 9);
  });

  it('sums days of the product time zone, 23 and 25 hours long on the daylight-saving changes', async () => {
    const [site, dry] = (await places(2)) as [number, number];
    const tenthEveryHour = (key: IntervalKey, point: Point) =>
      key.product === '1h' && indexOf(point) === 0 ? 0.1 : 0;
    await ingest('2026-03-06T00:00:00Z', '2026-03-11T00:00:00Z', tenthEveryHour);
    await ingest('2026-10-30T00:00:00Z', '2026-11-04T00:00:00Z', tenthEveryHour);

    const spring = await rainfall().dailyTotals([site, dry], '2026-03-07', '2026-03-09');
    const autumn = await rainfall().dailyTotals([site], '2026-10-31', '2026-11-02');

    expect(spring.get(site)).toEqual([
      { date: '2026-03-07', total: 2.4 },
      { date: '2026-03-08', total: 2.3 },
      { date: '2026-03-09', total: 2.4 },
    ]);
    expect(spring.get(dry)?.map((day) => day.total)).toEqual([0, 0, 0]);
    expect(autumn.get(site)).toEqual([
      { date: '2026-10-31', total: 2.4 },
      { date: '2026-11-01', total: 2.5 },
      { date: '2026-11-02', total: 2.4 },
    ]);
  });
});

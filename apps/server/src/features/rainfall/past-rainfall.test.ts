import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { productDays } from '../../core/lib/time';
import { buildOwnedClient } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import type { PrecipitationSource } from '../sources/sources';
import { intervalEnds } from './intervals';
import { createPastRainfallService } from './past-rainfall.service';

const TIME_ZONE = 'America/New_York';

/** The real source, counting the fields asked for. */
function counting(source: PrecipitationSource) {
  const counter = { fields: 0 };
  const wrapped: PrecipitationSource = {
    name: source.name,
    field: (product, endsAt, pass) => {
      counter.fields += 1;
      return source.field(product, endsAt, pass);
    },
  };
  return { source: wrapped, counter };
}

describe('past rainfall produced on demand', () => {
  let t: TestApp;
  const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
  let houston: number;
  let seattle: number;
  let other: number;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const { client } = await buildOwnedClient(t.services);
    const rows = await t.services.locations.createMany(
      [
        ['Houston', 29.7604, -95.3698],
        ['Seattle', 47.6062, -122.3321],
        ['Other', 30.2672, -97.7431],
      ].map(([name, latitude, longitude]) => ({
        clientId: client.id,
        name: name as string,
        latitude: latitude as number,
        longitude: longitude as number,
        h24Threshold: 0.5,
        rapidrainThreshold: 0.5,
        dataStartDate: '2026-11-21',
      })),
    );
    [houston, seattle, other] = rows.map((row) => row.id) as [number, number, number];
  });
  afterAll(() => t.close());

  const storedHours = (ids: number[], from: Date, to: Date) =>
    queryRows<{ location_id: number; ends_at: string; amount: number; pass: number }>(
      t.services.database.db,
      sql`select location_id, ends_at::text, amount, pass from rainfall_hourly
           where location_id = any(${`{${ids.join(',')}}`}::int[]) and ends_at > ${from.toISOString()}
             and ends_at <= ${to.toISOString()} order by location_id, ends_at`,
    );

  it("stores every hour's Pass 2 value for the chosen locations only, and samples nothing the second time", async () => {
    const { source, counter } = counting(t.services.sources.precipitation);
    const past = createPastRainfallService(t.services.database.db, { source, clock, timeZone: TIME_ZONE });
    const days = productDays('2023-06-10', '2023-06-16', TIME_ZONE);
    const [first, last] = [days[0], days[days.length - 1]] as [(typeof days)[0], (typeof days)[0]];

    const report = await past.ensureStored('1h', [houston, seattle], '2023-06-10', '2023-06-16');
    const hours = intervalEnds('1h', first.start, last.end);
    expect(report).toEqual({ sampledDays: 14, fields: hours.length });

    const expected: { location_id: number; amount: number }[] = [];
    for (const endsAt of hours) {
      const field = await t.services.sources.precipitation.field('1h', endsAt, 2);
      const [h, s] = field?.sample([
        { latitude: 29.7604, longitude: -95.3698 },
        { latitude: 47.6062, longitude: -122.3321 },
      ]) ?? [null, null];
      if ((h ?? 0) > 0) expected.push({ location_id: houston, amount: h as number });
      if ((s ?? 0) > 0) expected.push({ location_id: seattle, amount: s as number });
    }
    expect(expected.length).toBeGreaterThan(0);
    const stored = await storedHours([houston, seattle, other], first.start, last.end);
    expect(stored.every((row) => row.pass === 2)).toBe(true);
    expect(stored.filter((row) => row.location_id === other)).toEqual([]);
    expect(stored.length).toBe(expected.length);
    const total = (rows: { location_id: number; amount: number }[], id: number) =>
      rows.filter((row) => row.location_id === id).reduce((sum, row) => sum + Math.fround(row.amount), 0);
    expect(total(stored, houston)).toBeCloseTo(total(expected, houston), 4);
    expect(total(stored, seattle)).toBeCloseTo(total(expected, seattle), 4);
    const daily = await t.services.rainfall.dailyTotals([houston], '2023-06-10', '2023-06-16');
    expect(daily.get(houston)?.reduce((sum, day) => sum + day.total, 0)).toBeCloseTo(
      total(expected, houston),
      4,
    );

    const ingestRows = await queryRows<{ n: number }>(
      t.services.database.db,
      sql`select count(*)::int as n from ingest_intervals where ends_at <= '2023-06-17T04:00:00Z'`,
    );
    expect(ingestRows[0]?.n).toBe(0);

    counter.fields = 0;
    const again = await past.ensureStored('1h', [houston, seattle], '2023-06-10', '2023-06-16');
    expect(again).toEqual({ sampledDays: 0, fields: 0 });
    expect(counter.fields).toBe(0);

    const overlapping = await past.ensureStored('1h', [houston, other], '2023-06-16', '2023-06-17');
    expect(overlapping.sampledDays).toBe(3);
  });

  it('samples a moved location again, replacing what it had at its old place', async () => {
    const past = t.services.pastRainfall;
    await past.ensureStored('1h', [other], '2023-07-01', '2023-07-01');
    await t.services.database.db.execute(
      sql`update locations set latitude = 47.6062, longitude = -122.3321 where id = ${other}`,
    );
    const report = await past.ensureStored('1h', [other], '2023-07-01', '2023-07-01');
    expect(report.sampledDays).toBe(1);
    await past.ensureStored('1h', [seattle], '2023-07-01', '2023-07-01');
    const day = productDays('2023-07-01', '2023-07-01', TIME_ZONE)[0] as { start: Date; end: Date };
    const rows = await storedHours([other, seattle], day.start, day.end);
    const amountsOf = (id: number) =>
      rows.filter((row) => row.location_id === id).map((row) => [row.ends_at, row.amount]);
    expect(amountsOf(other)).toEqual(amountsOf(seattle));
  });

  it('hears the share of days done', async () => {
    const shares: number[] = [];
    await t.services.pastRainfall.ensureStored('15m', [houston], '2023-08-01', '2023-08-04', async (done) => {
      shares.push(done);
    });
    expect(shares).toEqual([0.25, 0.5, 0.75, 1]);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import type { Lease } from '../../core/lib/lease';
import { buildSiteIds } from '../../test/factories';
import { scriptedSource } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import type { Point } from '../sources/sources';
import { createIngestionService, MAX_ATTEMPTS } from './ingestion.service';
import type { IntervalKey } from './intervals';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (iso: string) => new Date(iso);
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);

interface StoredRow {
  location_id: number;
  ends_at: string;
  amount: number;
  pass: number;
  source: string;
}

/**
 * Every test works on its own locations and its own days: the database is shared by the file,
 * and the ingestion samples every location there is.
 */
describe('rainfall ingestion', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const places = (count: number) => buildSiteIds(t.services, count, -95);

  function ingestionWith(
    script: (key: IntervalKey, point: Point) => number | null,
    backfillDays = 1,
    lease?: Lease,
  ) {
    const scripted = scriptedSource(script);
    const ingestion = createIngestionService(t.database.db, {
      source: scripted.source,
      locations: t.services.locations,
      clock,
      backfillDays,
      lease,
    });
    return { scripted, ingestion };
  }

  /** The stored values of these locations, of one interval when `endsAt` is given. */
  async function stored(table: 'rainfall_hourly' | 'rainfall_15m', ids: number[], endsAt?: Date) {
    const ofInterval = endsAt ? sql`and r.ends_at = ${endsAt.toISOString()}` : sql``;
    const rows = await queryRows<StoredRow & { ends_at: Date | string }>(
      t.database.db,
      sql`select r.location_id, r.ends_at, r.amount, r.pass, s.name as source
            from ${sql.raw(table)} r join rainfall_sources s on s.id = r.source_id
           where r.location_id = any(${`{${ids.join(',')}}`}::int[]) ${ofInterval}
           order by r.ends_at, r.location_id`,
    );
    return rows.map((row) => ({ ...row, ends_at: new Date(row.ends_at).toISOString() }));
  }

  async function interval(key: IntervalKey) {
    const [row] = await queryRows<{
      status: string;
      attempts: number;
      last_error: string | null;
      rows: number | null;
    }>(
      t.database.db,
      sql`select status, attempts, last_error, rows from ingest_intervals
           where product = ${key.product} and ends_at = ${key.endsAt.toISOString()} and pass = ${key.pass}`,
    );
    return row;
  }

  it('stores only wet values, each with its source and pass, for intervals ended by now', async () => {
    const [wet, dry] = await places(2);
    clock.set(at('2026-06-10T12:07:00Z'));
    const { ingestion } = ingestionWith((key, point) =>
      point.latitude === 30 ? (key.product === '1h' ? 0.4 : 0.1) : 0,
    );

    const report = await ingestion.ingestRange(at('2026-06-10T09:00:00Z'), at('2026-06-10T13:00:00Z'));

    const hourly = await stored('rainfall_hourly', [wet as number, dry as number]);
    // Hours ending 10:00 (Pass 2, two hours old) and 11:00 (Pass 1); 12:00 is not out until 13:00.
    expect(hourly).toEqual([
      { location_id: wet, ends_at: '2026-06-10T10:00:00.000Z', amount: 0.4, pass: 2, source: 'scripted' },
      { location_id: wet, ends_at: '2026-06-10T11:00:00.000Z', amount: 0.4, pass: 1, source: 'scripted' },
    ]);
    const quarters = await stored('rainfall_15m', [wet as number, dry as number]);
    expect(quarters.map((row) => row.ends_at)).toEqual(
      [
        '09:15',
        '09:30',
        '09:45',
        '10:00',
        '10:15',
        '10:30',
        '10:45',
        '11:00',
        '11:15',
        '11:30',
        '11:45',
        '12:00',
      ].map((time) => `2026-06-10T${time}:00.000Z`),
    );
    expect(quarters.every((row) => row.location_id === wet && row.amount === 0.1)).toBe(true);
    expect(report).toMatchObject({ done: 14, failed: 0, unpublished: 0 });
  });

  it('changes nothing when the same intervals are ingested again, even when fetched and written again', async () => {
    const ids = await places(3);
    clock.set(at('2026-06-12T06:00:00Z'));
    const { ingestion } = ingestionWith((key, point) =>
      (key.endsAt.getUTCHours() + Math.round(point.latitude * 10)) % 3 === 0 ? 0.25 : 0,
    );
    const range = [at('2026-06-11T20:00:00Z'), at('2026-06-12T02:00:00Z')] as const;

    await ingestion.ingestRange(...range);
    const first = {
      hourly: await stored('rainfall_hourly', ids),
      quarters: await stored('rainfall_15m', ids),
    };
    const versions = () =>
      queryRows<{ v: string }>(
        t.database.db,
        sql`select xmin::text as v from rainfall_hourly where location_id = any(${`{${ids.join(',')}}`}::int[]) order by ends_at, location_id`,
      );
    const before = await versions();

    const again = await ingestion.ingestRange(...range);
    expect(again.done).toBe(0);
    const forced = await ingestion.ingestRange(...range, true);
    expect(forced.done).toBeGreaterThan(0);

    expect(first.hourly.length).toBeGreaterThan(0);
    expect(await stored('rainfall_hourly', ids)).toEqual(first.hourly);
    expect(await stored('rainfall_15m', ids)).toEqual(first.quarters);
    // Not even rewritten: the row versions are the ones the first run wrote.
    expect(await versions()).toEqual(before);
  });

  it('replaces Pass 1 with Pass 2, removing a value Pass 2 finds dry', async () => {
    const [changed, dried] = await places(2);
    const hour = at('2026-06-14T15:00:00Z');
    const { ingestion } = ingestionWith((key, point) => {
      if (key.product !== '1h' || key.endsAt.getTime() !== hour.getTime()) return 0;
      if (point.latitude === 30) return key.pass === 1 ? 0.5 : 0.62;
      return key.pass === 1 ? 0.3 : 0;
    });

    clock.set(later(hour, HOUR));
    await ingestion.ingestDue();
    expect(await stored('rainfall_hourly', [changed as number, dried as number], hour)).toMatchObject([
      { location_id: changed, amount: 0.5, pass: 1 },
      { location_id: dried, amount: 0.3, pass: 1 },
    ]);

    clock.set(later(hour, 2 * HOUR));
    await ingestion.ingestDue();
    expect(await stored('rainfall_hourly', [changed as number, dried as number], hour)).toMatchObject([
      { location_id: changed, amount: 0.62, pass: 2 },
    ]);
    expect(await interval({ product: '1h', endsAt: hour, pass: 2 })).toMatchObject({ status: 'done' });
  });

  it('never lets a late Pass 1 overwrite Pass 2', async () => {
    const [site] = await places(1);
    const hour = at('2026-06-16T08:00:00Z');
    const pass1 = { product: '1h', endsAt: hour, pass: 1 } as const;
    const { scripted, ingestion } = ingestionWith((key) => (key.product === '1h' ? 0.1 * key.pass : 0));

    scripted.fail(pass1, 'archive unreachable');
    clock.set(later(hour, HOUR));
    await ingestion.ingestDue();
    scripted.recover();
    clock.set(later(hour, 2 * HOUR + 15 * 60_000));
    await ingestion.ingestDue();

    expect(await interval(pass1)).toMatchObject({ status: 'superseded' });
    expect(await stored('rainfall_hourly', [site as number], hour)).toMatchObject([{ amount: 0.2, pass: 2 }]);
  });

  it('records a failed interval with its error and retries it on the next run', async () => {
    const [site] = await places(1);
    const quarter = { product: '15m', endsAt: at('2026-06-18T10:15:00Z'), pass: 1 } as const;
    const { scripted, ingestion } = ingestionWith(() => 0.05);
    scripted.fail(quarter, 'MRMS returned 503');

    clock.set(at('2026-06-18T10:16:00Z'));
    const first = await ingestion.ingestDue();
    expect(first.failed).toBe(1);
    expect(await interval(quarter)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'MRMS returned 503',
    });
    const status = await ingestion.ingestStatus();
    expect(status.failed).toBeGreaterThanOrEqual(1);
    expect(status.failures).toContainEqual(
      expect.objectContaining({
        product: '15m',
        ends_at: quarter.endsAt.toISOString(),
        last_error: 'MRMS returned 503',
      }),
    );

    scripted.recover();
    clock.set(at('2026-06-18T10:31:00Z'));
    await ingestion.ingestDue();
    expect(await interval(quarter)).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    expect(await stored('rainfall_15m', [site as number], quarter.endsAt)).toMatchObject([{ amount: 0.05 }]);
  });

  it('waits for a field that is not published yet, and gives up on a failing one after the last attempt', async () => {
    await places(1);
    const late = { product: '15m', endsAt: at('2026-06-20T04:15:00Z'), pass: 1 } as const;
    const broken = { product: '15m', endsAt: at('2026-06-20T04:00:00Z'), pass: 1 } as const;
    const { scripted, ingestion } = ingestionWith(() => 0);
    scripted.unpublish(late);
    scripted.fail(broken, 'corrupt file');

    clock.set(at('2026-06-20T04:20:00Z'));
    await ingestion.ingestDue();
    expect(await interval(late)).toMatchObject({ status: 'pending', last_error: 'not published yet' });

    clock.advance(15 * 60_000);
    await ingestion.ingestDue();
    expect(await interval(late)).toMatchObject({ status: 'pending', attempts: 2 });

    scripted.recover();
    scripted.fail(broken, 'corrupt file');
    for (let run = 0; run < MAX_ATTEMPTS; run++) {
      clock.advance(6 * HOUR);
      await ingestion.ingestDue();
    }
    expect(await interval(late)).toMatchObject({ status: 'done', attempts: 3 });
    expect(await interval(broken)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('creates monthly partitions as needed across a month boundary', async () => {
    const [site] = await places(1);
    clock.set(at('2026-09-01T06:00:00Z'));
    const { ingestion } = ingestionWith(() => 0.02);

    await ingestion.ingestRange(at('2026-08-31T22:00:00Z'), at('2026-09-01T02:00:00Z'));

    const partitions = await queryRows<{ partition: string; n: number }>(
      t.database.db,
      sql`select tableoid::regclass::text as partition, count(*)::int as n from rainfall_hourly
           where location_id = ${site} group by 1 order by 1`,
    );
    expect(partitions).toEqual([
      { partition: 'rainfall_hourly_2026_08', n: 1 },
      { partition: 'rainfall_hourly_2026_09', n: 3 },
    ]);
  });

  it('shares the work between workers running at once: each interval is stored once', async () => {
    const ids = await places(2);
    clock.set(at('2026-06-24T12:00:00Z'));
    const script = (key: IntervalKey) => (key.endsAt.getUTCHours() % 2 === 0 ? 0.3 : 0);
    const workers = [ingestionWith(script).ingestion, ingestionWith(script).ingestion];

    const reports = await Promise.all(
      workers.map((worker) => worker.ingestRange(at('2026-06-23T12:00:00Z'), at('2026-06-24T12:00:00Z'))),
    );

    const [one, two] = reports;
    // 96 quarters, and 24 hours (22 as Pass 2, 1 as Pass 1, the newest not out yet: 23).
    expect((one?.done ?? 0) + (two?.done ?? 0)).toBe(96 + 23);
    const attempts = await queryRows<{ max: number }>(
      t.database.db,
      sql`select max(attempts)::int as max from ingest_intervals
           where ends_at > '2026-06-23T12:00:00Z' and ends_at <= '2026-06-24T12:00:00Z'`,
    );
    expect(attempts[0]?.max).toBe(1);
    // Wet in the even hours: 11 of the 23 per location.
    expect(await stored('rainfall_hourly', ids)).toHaveLength(2 * 11);
  });

  it('fills the last BACKFILL_DAYS at start with the best pass out, and skips what is stored on the next start', async () => {
    await places(1);
    clock.set(at('2026-10-10T12:00:00Z'));
    const { ingestion } = ingestionWith(() => 0.01, 2);

    await ingestion.catchUp();
    const counts = await queryRows<{ product: string; pass: number; n: number }>(
      t.database.db,
      sql`select product, pass, count(*)::int as n from ingest_intervals
           where ends_at > '2026-10-08T12:00:00Z' and ends_at <= '2026-10-10T12:00:00Z' and status = 'done'
           group by product, pass order by product, pass`,
    );
    // 192 quarters; 48 hours: the newest not out yet, the one before in Pass 1, the rest in Pass 2.
    expect(counts).toEqual([
      { product: '15m', pass: 1, n: 192 },
      { product: '1h', pass: 1, n: 1 },
      { product: '1h', pass: 2, n: 46 },
    ]);
    expect((await ingestion.catchUp()).done).toBe(0);
  });

  it('records a write that fails, as when a location is deleted mid-run, and stores the interval on the next run', async () => {
    const [site] = (await places(1)) as [number];
    const quarter = { product: '15m', endsAt: at('2026-10-20T08:15:00Z'), pass: 1 } as const;
    const scripted = scriptedSource(() => 0.03);
    const withPoints = (allPoints: () => Promise<{ id: number; latitude: number; longitude: number }[]>) =>
      createIngestionService(t.database.db, {
        source: scripted.source,
        locations: { allPoints },
        clock,
        backfillDays: 1,
      });
    const gone = { id: 2_000_000_000, latitude: 30, longitude: -95 };

    clock.set(at('2026-10-20T08:16:00Z'));
    await withPoints(async () => [{ id: site, latitude: 30, longitude: -95 }, gone]).ingestRange(
      at('2026-10-20T08:00:00Z'),
      quarter.endsAt,
    );
    expect(await interval(quarter)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await interval(quarter))?.last_error).toMatch(/foreign key/);
    expect(await stored('rainfall_15m', [site], quarter.endsAt)).toEqual([]);

    clock.set(at('2026-10-20T08:31:00Z'));
    await withPoints(() => t.services.locations.allPoints()).ingestDue();
    expect(await interval(quarter)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await stored('rainfall_15m', [site], quarter.endsAt)).toMatchObject([{ amount: 0.03 }]);
  });

  describe('claims of workers that crash', () => {
    const lease = { ms: 90_000, renewEveryMs: 10 };
    /** A worker that stops renewing its claims, as one that crashed does. */
    const crashedLease = { ms: lease.ms, renewEveryMs: HOUR };

    async function leaseEnd(key: IntervalKey) {
      const [row] = await queryRows<{ lease_until: Date | string | null }>(
        t.database.db,
        sql`select lease_until from ingest_intervals
             where product = ${key.product} and ends_at = ${key.endsAt.toISOString()} and pass = ${key.pass}`,
      );
      return row?.lease_until ? new Date(row.lease_until).getTime() : null;
    }

    it("takes over the interval of a crashed worker once its lease has passed, on a restarted worker's catch-up", async () => {
      const [site] = (await places(1)) as [number];
      const quarter = { product: '15m', endsAt: at('2026-07-02T10:15:00Z'), pass: 1 } as const;
      clock.set(at('2026-07-02T10:16:00Z'));
      const crashed = ingestionWith(() => 0.07, 1, crashedLease);
      const release = crashed.scripted.hold(quarter);
      const abandoned = crashed.ingestion.ingestRange(at('2026-07-02T10:00:00Z'), quarter.endsAt);
      await expect.poll(() => interval(quarter)).toMatchObject({ status: 'processing', attempts: 1 });

      const restarted = ingestionWith(() => 0.07, 1, lease).ingestion;
      clock.advance(lease.ms - MINUTE / 2);
      await restarted.catchUp();
      expect(await interval(quarter)).toMatchObject({ status: 'processing', attempts: 1 });
      clock.advance(MINUTE);
      await restarted.catchUp();
      expect(await interval(quarter)).toMatchObject({ status: 'done', attempts: 2 });
      expect(await stored('rainfall_15m', [site], quarter.endsAt)).toMatchObject([{ amount: 0.07 }]);

      // Should the crashed worker wake up after all, its late write changes nothing.
      release();
      await abandoned;
      expect(await interval(quarter)).toMatchObject({ status: 'done', attempts: 2 });
      expect(await stored('rainfall_15m', [site], quarter.endsAt)).toMatchObject([{ amount: 0.07 }]);
    });

    it('leaves a live worker its claim however long its interval takes', async () => {
      const [site] = (await places(1)) as [number];
      const quarter = { product: '15m', endsAt: at('2026-07-04T10:15:00Z'), pass: 1 } as const;
      const range = [at('2026-07-04T10:00:00Z'), quarter.endsAt] as const;
      clock.set(at('2026-07-04T10:16:00Z'));
      const live = ingestionWith(() => 0.08, 1, lease);
      const release = live.scripted.hold(quarter);
      const running = live.ingestion.ingestRange(...range);
      await expect.poll(() => interval(quarter)).toMatchObject({ status: 'processing', attempts: 1 });

      const other = ingestionWith(() => 0.08, 1, lease).ingestion;
      // Twenty minutes on the clock, a minute at a time; each time the live worker renews its claim.
      for (let minute = 1; minute <= 20; minute++) {
        clock.advance(MINUTE);
        await expect.poll(() => leaseEnd(quarter)).toBe(clock.now().getTime() + lease.ms);
        expect((await other.ingestRange(...range)).done).toBe(0);
      }

      release();
      expect((await running).done).toBe(1);
      expect(await interval(quarter)).toMatchObject({ status: 'done', attempts: 1 });
      expect(await stored('rainfall_15m', [site], quarter.endsAt)).toMatchObject([{ amount: 0.08 }]);
    });
  });
});

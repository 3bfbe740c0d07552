import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { buildOwnedClient } from '../../test/factories';
import { scriptedSource } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import type { Point } from '../sources/sources';
import { createHistoryFillService } from './history-fill.service';
import { createIngestionService } from './ingestion.service';
import type { IntervalKey } from './intervals';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

interface StoredRow {
  location_id: number;
  ends_at: string;
  amount: number;
  pass: number;
}

/** Each test works on its own days; the fill covers the locations queued by all of them. */
describe('history of locations added or moved after their window was ingested', () => {
  let t: TestApp;
  let clientId: number;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp({ clock });
    clientId = (await buildOwnedClient(t.services)).client.id;
  });
  afterAll(() => t.close());

  async function addPlace(latitude: number) {
    const [row] = await t.services.locations.createMany([
      { clientId, name: `Site at ${latitude}`, latitude, longitude: -95 },
    ]);
    return row?.id as number;
  }

  function withScript(script: (key: IntervalKey, point: Point) => number | null) {
    const scripted = scriptedSource(script);
    const options = { source: scripted.source, clock, backfillDays: 2 };
    return {
      scripted,
      ingestion: createIngestionService(t.database.db, { ...options, locations: t.services.locations }),
      fill: createHistoryFillService(t.database.db, options),
    };
  }

  async function stored(ids: number[], table = 'rainfall_hourly') {
    const rows = await queryRows<StoredRow & { ends_at: Date | string }>(
      t.database.db,
      sql`select location_id, ends_at, amount, pass from ${sql.raw(table)}
           where location_id = any(${`{${ids.join(',')}}`}::int[]) order by ends_at, location_id`,
    );
    return rows.map((row) => ({ ...row, ends_at: new Date(row.ends_at).toISOString() }));
  }

  const without = (rows: StoredRow[]) => rows.map(({ location_id: _, ...rest }) => rest);

  async function queued() {
    const rows = await queryRows<{ location_id: number }>(
      t.database.db,
      sql`select location_id from rainfall_history_fills order by location_id`,
    );
    return rows.map((row) => row.location_id);
  }

  it('gives a location added later the values and passes it would have had, leaving the others as they were', async () => {
    const first = await addPlace(30);
    clock.set(at('2026-05-04T12:10:00Z'));
    const { ingestion, fill } = withScript((key, point) =>
      point.latitude === 30 && key.endsAt.getUTCHours() % 3 === 0 ? 0.2 * key.pass : 0,
    );
    await ingestion.catchUp();
    await fill.fillPending();
    const versions = () =>
      queryRows<{ v: string }>(
        t.database.db,
        sql`select xmin::text as v from rainfall_hourly where location_id = ${first} order by ends_at`,
      );
    const before = await versions();

    const added = await addPlace(30);
    expect(await stored([added])).toEqual([]);
    expect(await queued()).toContain(added);

    const report = await fill.fillPending();

    expect(report.locations).toBeGreaterThanOrEqual(1);
    const firstRows = await stored([first]);
    expect(firstRows.length).toBeGreaterThan(10);
    expect(without(await stored([added]))).toEqual(without(firstRows));
    expect(without(await stored([added], 'rainfall_15m'))).toEqual(
      without(await stored([first], 'rainfall_15m')),
    );
    expect(await versions()).toEqual(before);
    expect(await queued()).toEqual([]);
  });

  it('replaces the history of a moved location with that of its new position', async () => {
    const site = await addPlace(31);
    clock.set(at('2026-05-10T12:10:00Z'));
    const { ingestion, fill } = withScript((_, point) => (point.latitude === 31 ? 0.15 : 0));
    await ingestion.catchUp();
    await fill.fillPending();
    expect((await stored([site])).length).toBeGreaterThan(40);

    await t.database.db.execute(sql`update locations set latitude = 31.5 where id = ${site}`);
    expect(await queued()).toEqual([site]);
    await fill.fillPending();

    expect(await stored([site])).toEqual([]);
    expect(await stored([site], 'rainfall_15m')).toEqual([]);
  });

  it('lets Pass 2 replace a filled Pass 1 value, down to dry', async () => {
    const hour = at('2026-05-16T09:00:00Z');
    clock.set(new Date(hour.getTime() + HOUR + 5 * 60_000));
    const { ingestion, fill } = withScript((key) =>
      key.product === '1h' && key.endsAt.getTime() === hour.getTime() && key.pass === 1 ? 0.3 : 0,
    );
    await ingestion.catchUp();
    const site = await addPlace(32);
    await fill.fillPending();
    expect(await stored([site])).toMatchObject([{ ends_at: hour.toISOString(), amount: 0.3, pass: 1 }]);

    clock.set(new Date(hour.getTime() + 2 * HOUR + 5 * 60_000));
    await ingestion.ingestDue();

    expect(await stored([site])).toEqual([]);
  });

  it('keeps a location queued while an interval claimed before it was added is being stored', async () => {
    clock.set(at('2026-05-20T12:10:00Z'));
    const { scripted, ingestion, fill } = withScript(() => 0.05);
    await ingestion.catchUp();
    const newest = { product: '15m', endsAt: at('2026-05-20T12:15:00Z'), pass: 1 } as const;
    clock.set(at('2026-05-20T12:16:00Z'));
    const release = scripted.hold(newest);
    const running = ingestion.ingestDue();
    await new Promise((resolve) => setTimeout(resolve, 50));

    const site = await addPlace(33);
    await fill.fillPending();
    expect(await queued()).toEqual([site]);

    release();
    await running;
    await fill.fillPending();
    expect(await queued()).toEqual([]);
    expect(await stored([site], 'rainfall_15m')).toContainEqual(
      expect.objectContaining({ ends_at: newest.endsAt.toISOString(), amount: 0.05 }),
    );
  });

  it('includes a location added during a long run in every interval claimed after it was added', async () => {
    clock.set(at('2026-05-26T12:10:00Z'));
    const { scripted, ingestion } = withScript(() => 0.04);
    const oldest = at('2026-05-25T12:10:00Z');
    // One day is 96 quarters and 24 hours, in batches of at most 24 fields, newest first: the
    // first batch, with the held quarter, was claimed before the site was added; the rest after.
    const release = scripted.hold({ product: '15m', endsAt: at('2026-05-26T12:00:00Z'), pass: 1 });
    const running = ingestion.ingestRange(oldest, clock.now());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const site = await addPlace(34);
    release();
    await running;

    const rows = await stored([site], 'rainfall_15m');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(96);
    expect(rows.every((row) => row.ends_at < '2026-05-26T12:00:00.000Z')).toBe(true);
    expect(rows.some((row) => row.ends_at > '2026-05-26T00:00:00.000Z')).toBe(true);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { atlas14Table } from '../../test/atlas14';
import { buildOwnedClient, setClientColumns } from '../../test/factories';
import { scriptedIngestion } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import type { IntervalKey } from '../rainfall/intervals';
import type { Point } from '../sources/sources';
import { createAlertEvaluationService } from './alert-evaluation.service';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const ATLAS = atlas14Table([1, 1.2, 1.5, 1.8, 2.2, 2.6, 3, 3.4, 4, 4.5]);

interface AlertRow {
  kind: string;
  fired_at: string;
  recurrence_years: number;
  value: number;
  threshold: number;
  notified: boolean;
}

/** Each test has its own account, latitude and days; the rules see every location there is. */
describe('alert rules engine', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  async function site(latitude: number, tier: 'bronze' | 'silver' | 'gold' = 'gold', settings = {}) {
    const { client } = await buildOwnedClient(t.services, undefined, { tier });
    await t.database.db.execute(sql`update clients set atlas14_on = true, atlas14_24h_on = true, atlas14_1h_on = true,
      rapidrain_on = true where id = ${client.id}`);
    await setClientColumns(t.database.db, client.id, settings);
    const [row] = await t.services.locations.createMany([
      {
        clientId: client.id,
        name: `Site ${latitude}`,
        latitude,
        longitude: -90,
        h24Threshold: 0.5,
        atlas14Threshold: ATLAS,
      },
    ]);
    return row?.id as number;
  }

  /** Rain only at the latitudes given, in the hours the script gives. */
  function rainAt(
    latitudes: number | number[],
    hourly: (endsAt: Date, pass: number) => number,
    quarterly = () => 0,
  ) {
    const wet = new Set([latitudes].flat());
    const script = (key: IntervalKey, point: Point) => {
      if (!wet.has(point.latitude)) return 0;
      return key.product === '1h' ? hourly(key.endsAt, key.pass) : quarterly();
    };
    return scriptedIngestion(t, clock, script, 3);
  }

  const rules = () => createAlertEvaluationService(t.database.db, { clock, timeZone: 'America/New_York' });

  async function alertsOf(locationId: number): Promise<AlertRow[]> {
    const rows = await queryRows<AlertRow & { fired_at: Date | string }>(
      t.database.db,
      sql`select kind, fired_at, recurrence_years, value, threshold, notified from alerts
           where location_id = ${locationId} order by fired_at, kind, recurrence_years`,
    );
    return rows.map((row) => ({ ...row, fired_at: new Date(row.fired_at).toISOString() }));
  }

  /** Ingests hour by hour up to `until` and runs the rules after each hour, as the jobs do. */
  async function liveUntil(ingestion: ReturnType<typeof rainAt>, from: Date, until: Date) {
    for (let now = from.getTime(); now <= until.getTime(); now += HOUR) {
      clock.set(new Date(now));
      await ingestion.ingestDue();
      await rules().evaluateDue();
    }
  }

  it('alerts once when the 24-hour total reaches the threshold exactly, and not again while it stays above', async () => {
    const latitude = 31.01;
    const location = await site(latitude, 'bronze');
    // 0.25 in the hours ending 12:00 and 13:00 UTC: the total is 0.5 (the threshold) at 13:00.
    const wet = new Set(['2026-03-10T12:00:00.000Z', '2026-03-10T13:00:00.000Z', '2026-03-10T15:00:00.000Z']);
    const ingestion = rainAt(latitude, (endsAt) => (wet.has(endsAt.toISOString()) ? 0.25 : 0));
    await liveUntil(ingestion, at('2026-03-10T10:05:00Z'), at('2026-03-10T18:05:00Z'));

    expect(await alertsOf(location)).toEqual([
      {
        kind: 'exceed24h',
        fired_at: '2026-03-10T13:00:00.000Z',
        recurrence_years: 0,
        value: 0.5,
        threshold: 0.5,
        notified: true,
      },
    ]);
  });

  it('re-arms after the total falls back below the threshold, and a re-run ingestion does not re-alert', async () => {
    const latitude = 31.02;
    const location = await site(latitude, 'bronze');
    const storms = new Set(['2026-03-20T06:00:00.000Z', '2026-03-21T12:00:00.000Z']);
    const ingestion = rainAt(latitude, (endsAt) => (storms.has(endsAt.toISOString()) ? 0.6 : 0));
    await liveUntil(ingestion, at('2026-03-20T05:05:00Z'), at('2026-03-21T14:05:00Z'));

    const fired = (await alertsOf(location)).map((alert) => alert.fired_at);
    expect(fired).toEqual(['2026-03-20T06:00:00.000Z', '2026-03-21T12:00:00.000Z']);

    await ingestion.ingestRange(at('2026-03-20T00:00:00Z'), at('2026-03-21T14:00:00Z'), true);
    await rules().evaluateDue();
    expect((await alertsOf(location)).map((alert) => alert.fired_at)).toEqual(fired);
  });

  it('names each larger Atlas 14 recurrence interval reached in one event, or only the first when asked', async () => {
    const climbing = (endsAt: Date) =>
      ({
        '2026-04-02T10:00:00.000Z': 1.05,
        '2026-04-02T11:00:00.000Z': 0.6,
        '2026-04-02T12:00:00.000Z': 0.6,
      })[endsAt.toISOString()] ?? 0;
    const every = await site(31.03, 'silver');
    const firstOnly = await site(31.04, 'silver', { atlas14_first_on: true });
    await liveUntil(rainAt([31.03, 31.04], climbing), at('2026-04-02T09:05:00Z'), at('2026-04-02T13:05:00Z'));

    const atlas24 = async (id: number) =>
      (await alertsOf(id))
        .filter((alert) => alert.kind === 'atlas14_24h')
        .map((alert) => alert.recurrence_years);
    // 24-hour totals 1.05, 1.65, 2.25: the 1-, 5- and 25-year depths (1.0, 1.5, 2.2).
    expect(await atlas24(every)).toEqual([1, 5, 25]);
    expect(await atlas24(firstOnly)).toEqual([1]);
    const oneHour = (await alertsOf(every)).filter((alert) => alert.kind === 'atlas14_1h');
    expect(oneHour).toMatchObject([{ recurrence_years: 1, value: 1.05, threshold: 1 }]);
  });

  it('fires RapidRain on a quarter at the RapidRain threshold for silver, never for bronze', async () => {
    const silver = await site(31.05, 'silver');
    const bronze = await site(31.06, 'bronze');
    for (const latitude of [31.05, 31.06]) {
      const ingestion = rainAt(
        latitude,
        () => 0,
        () => 0.5,
      );
      clock.set(at('2026-04-10T12:16:00Z'));
      await ingestion.ingestRange(at('2026-04-10T11:50:00Z'), at('2026-04-10T12:15:00Z'));
      await rules().evaluateDue();
    }
    expect((await alertsOf(silver)).filter((alert) => alert.kind === 'rapidrain')).toMatchObject([
      { fired_at: '2026-04-10T12:00:00.000Z', value: 0.5, threshold: 0.5 },
    ]);
    expect(await alertsOf(bronze)).toEqual([]);
  });

  it('records what the start-up backfill finds in old rain as history, never sent', async () => {
    const latitude = 31.07;
    const location = await site(latitude, 'bronze');
    const ingestion = rainAt(latitude, (endsAt) =>
      endsAt.toISOString() === '2026-05-01T08:00:00.000Z' ? 0.8 : 0,
    );
    clock.set(at('2026-05-02T12:00:00Z'));
    await ingestion.catchUp();
    await rules().evaluateDue();
    expect(await alertsOf(location)).toMatchObject([
      { fired_at: '2026-05-01T08:00:00.000Z', notified: false },
    ]);
  });

  it('records each alert once when two workers run the rules at the same time', async () => {
    const latitude = 31.08;
    const location = await site(latitude, 'bronze');
    const ingestion = rainAt(latitude, (endsAt) => (endsAt.getUTCHours() % 5 === 0 ? 0.7 : 0));
    clock.set(at('2026-05-10T23:05:00Z'));
    await ingestion.ingestRange(at('2026-05-09T23:00:00Z'), at('2026-05-10T23:00:00Z'));
    await Promise.all([rules().evaluateDue(), rules().evaluateDue()]);
    const fired = await alertsOf(location);
    expect(fired.length).toBeGreaterThan(0);
    expect(new Set(fired.map((alert) => alert.fired_at)).size).toBe(fired.length);
  });
});

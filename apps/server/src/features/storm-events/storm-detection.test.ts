import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { stormEventRevisions, stormEvents } from '../../core/tables/storm-events';
import { buildOwnedClient } from '../../test/factories';
import { scriptedIngestion } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import type { IntervalKey } from '../rainfall/intervals';
import type { Point } from '../sources/sources';
import { createStormDetectionService } from './storm-detection.service';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

/** Each test has its own account, latitude and day; the detection searches every location there is. */
describe('storm event detection (issue 28 point 2)', () => {
  let t: TestApp;
  const clock = manualClock(at('2026-12-01T00:00:00Z'));
  const detection = () => createStormDetectionService(t.database.db, { clock, timeZone: 'America/New_York' });
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  /** A site whose history is already stored: the detection does not wait for its fill. */
  async function site(latitude: number, settings: { threshold?: number; rule?: string } = {}) {
    const { client } = await buildOwnedClient(t.services);
    const [row] = await t.services.locations.createMany([
      { clientId: client.id, name: `Site ${latitude}`, latitude, longitude: -90 },
    ]);
    const id = row?.id as number;
    await t.database.db.execute(sql`delete from rainfall_history_fills where location_id = ${id}`);
    await t.database.db.execute(
      sql`update locations set storm_threshold = ${settings.threshold ?? 0.25},
            inspection_rule = ${settings.rule ?? 'within_24h'} where id = ${id}`,
    );
    return id;
  }

  /** Rain at one latitude: the script's amount for each hour and pass; quarter hours stay dry. */
  function rainAt(latitude: number, hourly: (endsAt: Date, pass: number) => number) {
    const script = (key: IntervalKey, point: Point) =>
      point.latitude === latitude && key.product === '1h' ? hourly(key.endsAt, key.pass) : 0;
    return scriptedIngestion(t, clock, script, 1);
  }

  /** Ingests and detects hour by hour up to `until`, as the jobs do. */
  async function liveUntil(ingestion: ReturnType<typeof rainAt>, from: Date, until: Date) {
    for (let now = from.getTime(); now <= until.getTime(); now += HOUR) {
      clock.set(new Date(now));
      await ingestion.ingestDue();
      await detection().detectDue();
    }
  }

  const eventsOf = (locationId: number) =>
    t.database.db
      .select()
      .from(stormEvents)
      .where(eq(stormEvents.locationId, locationId))
      .orderBy(stormEvents.id);
  const historyOf = (eventId: number) =>
    t.database.db
      .select()
      .from(stormEventRevisions)
      .where(eq(stormEventRevisions.eventId, eventId))
      .orderBy(stormEventRevisions.id);

  /** Rain in the hours ending at the given UTC hours of `day`, the same in both passes unless told. */
  const hoursOf =
    (day: string, amounts: Record<number, number | [number, number]>) => (endsAt: Date, pass: number) => {
      if (!endsAt.toISOString().startsWith(day)) return 0;
      const amount = amounts[endsAt.getUTCHours()] ?? 0;
      return Array.isArray(amount) ? (amount[pass - 1] ?? 0) : amount;
    };

  it('opens an event when the trailing 24 hours reach the threshold and closes it after 6 dry hours', async () => {
    const latitude = 32.01;
    const location = await site(latitude);
    const ingestion = rainAt(latitude, hoursOf('2026-12-02', { 10: 0.1, 11: 0.1, 12: 0.05, 13: 0.1 }));
    await liveUntil(ingestion, at('2026-12-02T08:00:00Z'), at('2026-12-02T14:00:00Z'));

    const [open] = await eventsOf(location);
    expect(open).toMatchObject({
      startedAt: at('2026-12-02T09:00:00Z'),
      openedAt: at('2026-12-02T12:00:00Z'),
      endedAt: null,
      dueAt: null,
      threshold: 0.25,
      inspectionRule: 'within_24h',
      removedAt: null,
    });
    expect(open?.total).toBeCloseTo(0.35, 6);

    await liveUntil(ingestion, at('2026-12-02T15:00:00Z'), at('2026-12-02T22:00:00Z'));
    const events = await eventsOf(location);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: open?.id,
      startedAt: at('2026-12-02T09:00:00Z'),
      endedAt: at('2026-12-02T13:00:00Z'),
      dueAt: at('2026-12-03T13:00:00Z'),
      wettestHourEndsAt: at('2026-12-02T10:00:00Z'),
      passes: [2],
      sources: ['scripted'],
      revisedAt: null,
    });
    expect(events[0]?.total).toBeCloseTo(0.35, 6);
    expect(await historyOf(open?.id as number)).toEqual([]);
  });

  it('counts a total equal to the threshold, and is due by the end of the next business day under that rule', async () => {
    const latitude = 32.02;
    const location = await site(latitude, { threshold: 0.5, rule: 'next_business_day' });
    // Friday 4 December 2026: the next business day is Monday the 7th, due by its end in Eastern time.
    const ingestion = rainAt(latitude, hoursOf('2026-12-04', { 15: 0.2, 16: 0.3 }));
    await liveUntil(ingestion, at('2026-12-04T14:00:00Z'), at('2026-12-05T01:00:00Z'));
    const [event] = await eventsOf(location);
    expect(event).toMatchObject({
      openedAt: at('2026-12-04T16:00:00Z'),
      endedAt: at('2026-12-04T16:00:00Z'),
      threshold: 0.5,
      dueAt: at('2026-12-08T04:59:59.999Z'),
    });
  });

  it('opens an event Pass 2 reveals, and says so in its history', async () => {
    const latitude = 32.03;
    const location = await site(latitude);
    const ingestion = rainAt(latitude, hoursOf('2026-12-06', { 10: 0.1, 11: [0.1, 0.2] }));
    await liveUntil(ingestion, at('2026-12-06T09:00:00Z'), at('2026-12-06T12:00:00Z'));
    expect(await eventsOf(location)).toEqual([]);

    await liveUntil(ingestion, at('2026-12-06T13:00:00Z'), at('2026-12-06T20:00:00Z'));
    const [event] = await eventsOf(location);
    expect(event).toMatchObject({
      openedAt: at('2026-12-06T11:00:00Z'),
      endedAt: at('2026-12-06T11:00:00Z'),
    });
    expect(event?.revisedAt).not.toBeNull();
    const history = await historyOf(event?.id as number);
    expect(history.map((revision) => revision.change)).toEqual(['opened']);
    expect(history[0]?.after).toMatchObject({ start: '2026-12-06T09:00:00.000Z', passes: [2] });
    expect(history[0]?.after?.total).toBeCloseTo(0.3, 6);
  });

  it('keeps an event Pass 2 removes, marked removed, with what it was', async () => {
    const latitude = 32.04;
    const location = await site(latitude);
    const ingestion = rainAt(latitude, hoursOf('2026-12-08', { 10: 0.2, 11: [0.1, 0] }));
    await liveUntil(ingestion, at('2026-12-08T09:00:00Z'), at('2026-12-08T12:00:00Z'));
    const [opened] = await eventsOf(location);
    expect(opened).toMatchObject({ endedAt: null, removedAt: null, passes: [1, 2] });

    await liveUntil(ingestion, at('2026-12-08T13:00:00Z'), at('2026-12-08T20:00:00Z'));
    const [removed] = await eventsOf(location);
    expect(removed?.id).toBe(opened?.id);
    expect(removed?.removedAt).not.toBeNull();
    const history = await historyOf(opened?.id as number);
    expect(history.map((revision) => revision.change)).toEqual(['removed']);
    expect(history[0]?.before).toMatchObject({ start: '2026-12-08T09:00:00.000Z', passes: [1, 2] });
  });

  it('changes nothing when it runs again on the same rainfall', async () => {
    const before = await queryRows(t.database.db, sql`select * from storm_events order by id`);
    const report = await detection().detectDue();
    expect(report).toMatchObject({ opened: 0, updated: 0, revisions: 0 });
    expect(await queryRows(t.database.db, sql`select * from storm_events order by id`)).toEqual(before);
  });

  it('keeps an event ended under the old dry hours ended when the account changes them', async () => {
    const latitude = 32.07;
    const location = await site(latitude);
    const ingestion = rainAt(latitude, hoursOf('2026-12-12', { 6: 0.3, 16: 0.3 }));
    await liveUntil(ingestion, at('2026-12-12T05:00:00Z'), at('2026-12-12T14:00:00Z'));
    const [first] = await eventsOf(location);
    expect(first).toMatchObject({ endedAt: at('2026-12-12T06:00:00Z'), dryHours: 6 });

    await t.database.db.execute(
      sql`update clients set storm_dry_hours = 12 where id = (select client_id from locations where id = ${location})`,
    );
    await liveUntil(ingestion, at('2026-12-12T15:00:00Z'), at('2026-12-13T06:00:00Z'));
    const events = await eventsOf(location);
    expect(events.map((event) => [event.startedAt, event.endedAt, event.dryHours])).toEqual([
      [at('2026-12-12T05:00:00Z'), at('2026-12-12T06:00:00Z'), 6],
      [at('2026-12-12T15:00:00Z'), at('2026-12-12T16:00:00Z'), 12],
    ]);
    expect(await historyOf(first?.id as number)).toEqual([]);
  });

  it('searches a moved location again from the start of the stored rainfall', async () => {
    const latitude = 32.05;
    const location = await site(latitude);
    const ingestion = rainAt(32.06, hoursOf('2026-12-10', { 10: 0.3 }));
    await liveUntil(ingestion, at('2026-12-10T09:00:00Z'), at('2026-12-10T20:00:00Z'));
    expect(await eventsOf(location)).toEqual([]);

    // The move's history is stored for the new position (here, by ingesting the hours again).
    await t.database.db.execute(sql`update locations set latitude = 32.06 where id = ${location}`);
    await ingestion.ingestRange(at('2026-12-10T00:00:00Z'), at('2026-12-10T20:00:00Z'), true);
    await t.database.db.execute(sql`delete from rainfall_history_fills where location_id = ${location}`);
    await detection().detectDue();
    const [event] = await eventsOf(location);
    expect(event).toMatchObject({
      startedAt: at('2026-12-10T09:00:00Z'),
      endedAt: at('2026-12-10T10:00:00Z'),
      revisedAt: null,
    });
    expect(await historyOf(event?.id as number)).toEqual([]);
  });
});

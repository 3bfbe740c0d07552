import { DEFAULT_TIME_ZONE } from '@pluvio/shared/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDate, productDay } from '../../core/lib/time';
import { bearer, buildOwnedClient, login } from '../../test/factories';
import { scriptedSource } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import type { Point } from '../sources/sources';
import { createHistoryFillService } from './history-fill.service';
import { createIngestionService } from './ingestion.service';
import type { IntervalKey } from './intervals';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

/** Amounts that add up with float noise (0.1 + 0.2), some dry hours, and Pass 2 unlike Pass 1. */
function script(key: IntervalKey, point: Point): number {
  const hour = key.endsAt.getUTCHours();
  if (key.product === '15m' || hour % 4 === 1) return 0;
  return (hour % 3) * 0.1 + (point.latitude - 30) * 0.2 + (key.pass === 2 ? 0.07 : 0);
}

interface Figures {
  id: number;
  total24h: number;
  dayTotal: number;
}

/**
 * The figures the location rows show (24 Hr Accum, Daily Total; D5) are stored when hourly or
 * recent 15-minute values are written; each read must give what summing the hourly values at the
 * processed hour and the quarters stored after it gives.
 */
describe('rainfall figures stored at ingestion', () => {
  let t: TestApp;
  let clientId: number;
  let token: string;
  const sites: number[] = [];
  const clock = manualClock();
  const scripted = scriptedSource(script);
  const options = { source: scripted.source, clock, backfillDays: 2 };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const { user, client } = await buildOwnedClient(t.services);
    clientId = client.id;
    token = (await login(t.app, user.email)).token;
    for (const latitude of [30, 31, 32]) sites.push(await addSite(latitude));
  });
  afterAll(() => t.close());

  async function addSite(latitude: number) {
    const [row] = await t.services.locations.createMany([
      { clientId, name: `Site at ${latitude}`, latitude, longitude: -95, h24Threshold: 0.5 },
    ]);
    return row?.id as number;
  }

  const ingestion = () =>
    createIngestionService(t.database.db, { ...options, locations: t.services.locations });

  async function processedHour() {
    const { datetime } = await t.services.ingestion.processStatus();
    return new Date(datetime as string);
  }

  const todayStart = () => productDay(productDate(clock.now(), DEFAULT_TIME_ZONE), DEFAULT_TIME_ZONE).start;

  /**
   * The figures summed afresh: the hourly values to the processed hour and the quarters stored
   * after it, over the 24 hours ending with the newest pending hour and since local midnight.
   */
  async function summed(ids: number[]): Promise<Figures[]> {
    const upTo = await processedHour();
    const newest = (await t.services.ingestion.newestQuarterHour()) ?? upTo;
    const quartersTo = new Date(Math.max(newest.getTime(), upTo.getTime()));
    const pendingEnd = upTo.getTime() + Math.ceil((quartersTo.getTime() - upTo.getTime()) / HOUR) * HOUR;
    const midnight = todayStart();
    const { totalsBetween } = t.services.rainfall;
    const [hours24, quarters, hoursToday, quartersToday] = await Promise.all([
      totalsBetween('1h', ids, new Date(pendingEnd - 24 * HOUR), upTo),
      totalsBetween('15m', ids, upTo, quartersTo),
      totalsBetween('1h', ids, midnight, upTo),
      totalsBetween('15m', ids, new Date(Math.max(midnight.getTime(), upTo.getTime())), quartersTo),
    ]);
    const sum = (a: Map<number, number>, b: Map<number, number>, id: number) =>
      Math.round(((a.get(id) ?? 0) + (b.get(id) ?? 0)) * 1e6) / 1e6;
    return ids.map((id) => ({
      id,
      total24h: sum(hours24, quarters, id),
      dayTotal: sum(hoursToday, quartersToday, id),
    }));
  }

  /** The figures stored at ingestion; they must be of the processed hour and today's local day. */
  async function stored(ids: number[]): Promise<Figures[]> {
    const figures = await t.services.rainfall.storedFigures(clientId);
    expect(figures?.endsAt).toEqual(await processedHour());
    expect(figures?.dayStart).toEqual(todayStart());
    return ids.map((id) => ({
      id,
      total24h: figures?.totals.get(id)?.total24h ?? 0,
      dayTotal: figures?.totals.get(id)?.dayTotal ?? 0,
    }));
  }

  /** What the location list and 24h_data answer. */
  async function answered(ids: number[]): Promise<Figures[]> {
    const rainfallOf = await t.services.rainfallData.rainfallOf(
      1,
      ids.map((id) => ({ id, clientId, h24Threshold: 0.5 })),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/locations/24h_data',
      headers: bearer(token),
      payload: ids,
    });
    const totals = response.json().locations as Record<string, { total_rainfall: number }>;
    return ids.map((id) => {
      const { total_rainfall, total_hourly_rainfall } = rainfallOf({ id, clientId, h24Threshold: 0.5 });
      expect(totals[id]?.total_rainfall).toBe(total_rainfall);
      return { id, total24h: total_rainfall, dayTotal: total_hourly_rainfall };
    });
  }

  it('are those the hourly values sum to, and follow a Pass 2 revision', async () => {
    clock.set(at('2026-05-04T16:10:00Z'));
    await ingestion().catchUp();
    const first = await summed(sites);
    expect(first.every((site) => site.total24h > 0 && site.dayTotal > 0)).toBe(true);
    expect(await stored(sites)).toEqual(first);
    expect(await answered(sites)).toEqual(first);

    // An hour later Pass 2 of 14:00 replaces its Pass 1, and Pass 1 of 15:00 arrives.
    clock.advance(HOUR);
    await ingestion().ingestDue();
    const revised = await summed(sites);
    expect(revised).not.toEqual(first);
    expect(await stored(sites)).toEqual(revised);
    expect(await answered(sites)).toEqual(revised);
  });

  it('read as 0 for a location added after ingestion until its history is filled, then appear', async () => {
    clock.set(at('2026-05-10T18:10:00Z'));
    await ingestion().catchUp();
    const added = await addSite(33);
    const ids = [...sites, added];

    expect(await summed([added])).toEqual([{ id: added, total24h: 0, dayTotal: 0 }]);
    expect(await stored(ids)).toEqual(await summed(ids));
    expect(await answered(ids)).toEqual(await summed(ids));

    await createHistoryFillService(t.database.db, options).fillPending();
    const filled = await summed(ids);
    expect(filled.find((site) => site.id === added)?.total24h).toBeGreaterThan(0);
    expect(await stored(ids)).toEqual(filled);
    expect(await answered(ids)).toEqual(filled);
  });

  it('count no Daily Total once the processed hour is the one ending at local midnight', async () => {
    // 05:10 UTC is 01:10 EDT: the newest hour, ending 04:00 UTC, is the last of yesterday.
    clock.set(at('2026-05-16T05:10:00Z'));
    await ingestion().catchUp();
    expect(await processedHour()).toEqual(todayStart());
    const figures = await answered(sites);
    expect(figures).toEqual(await summed(sites));
    expect(figures.every((site) => site.total24h > 0 && site.dayTotal === 0)).toBe(true);
  });

  it('count the Daily Total from local midnight on the 25-hour day daylight saving ends', async () => {
    // 2026-11-01 ran from 04:00 UTC (midnight EDT) to 05:00 UTC the next day (midnight EST).
    clock.set(at('2026-11-02T04:10:00Z'));
    await ingestion().catchUp();
    expect(todayStart()).toEqual(at('2026-11-01T04:00:00Z'));
    const figures = await summed(sites);
    expect(await stored(sites)).toEqual(figures);
    expect(await answered(sites)).toEqual(figures);
  });
});

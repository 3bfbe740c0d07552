import { shiftDate } from '@pluvio/shared/calendar';
import type { Atlas14Threshold } from '@pluvio/shared/locations';
import {
  atlas14RedDepth,
  type DailyDataResponse,
  type LocationRainfall,
  locationColor,
  locationTotalSchema,
  type ProcessStatusResponse,
  RAINFALL_MESSAGES,
  type SeriesResponse,
  type SignInHours,
} from '@pluvio/shared/rainfall';
import type { TierNumber } from '@pluvio/shared/tiers';
import { type AccountAccess, type LocationVisibility, requireFeature } from '../../core/access';
import { noReadCache, type ReadCache } from '../../core/db/read-cache';
import type { Clock } from '../../core/lib/clock';
import { badRequest } from '../../core/lib/errors';
import { JsonText, jsonMember, jsonObjectOf } from '../../core/lib/json-text';
import {
  DAY_MS as DAY,
  productDate,
  productDay,
  productDays,
  productTimestamp,
  productToday,
} from '../../core/lib/time';
import type { PrecipitationProduct } from '../sources';
import { STEP_MS } from './intervals';
import { type RainfallService, sumOfRainfall } from './rainfall.service';
import type { SeriesPoint } from './rainfall-reads.repository';

export interface RainfallDataOptions {
  rainfall: RainfallService;
  ingestion: { processStatus(): Promise<ProcessStatusResponse>; newestQuarterHour(): Promise<Date | null> };
  locations: LocationVisibility;
  clock: Clock;
  /** Product time zone (D2): local days, "today" and the offsets of the series keys. */
  timeZone: string;
  /** Keeps the processed hour and each account's stored figures between requests. */
  readCache?: ReadCache;
}

/** What the colours of a location row are computed from. */
export interface RatedLocation {
  id: number;
  clientId: number;
  h24Threshold: number;
  atlas14Threshold?: Atlas14Threshold | null;
}

const HOUR = STEP_MS['1h'];
const QUARTER = STEP_MS['15m'];

/** The quarter hours after the processed hour that the figures include, provisional: (from, to]. */
export interface PendingQuarters {
  from: Date;
  to: Date;
}

/**
 * The processed hours followed by the pending hours after them, each the sum of its quarters so
 * far, with the 24-hour sums carried on (the processed hours must reach 24 hours back).
 */
export function withPendingHours(processed: SeriesPoint[], quarters: readonly SeriesPoint[]): SeriesPoint[] {
  const amounts = new Map(processed.map((point) => [point.endsAt.getTime(), point.amount]));
  const pending = new Map<number, number[]>();
  for (const quarter of quarters) {
    const hourEnd = Math.ceil(quarter.endsAt.getTime() / HOUR) * HOUR;
    pending.set(hourEnd, [...(pending.get(hourEnd) ?? []), quarter.amount]);
  }
  const points = [...processed];
  for (const [hourEnd, parts] of pending) {
    const amount = sumOfRainfall(parts);
    const previous = points[points.length - 1]?.total24h ?? 0;
    amounts.set(hourEnd, amount);
    const dropped = amounts.get(hourEnd - DAY) ?? 0;
    points.push({ endsAt: new Date(hourEnd), amount, total24h: sumOfRainfall([previous, amount, -dropped]) });
  }
  return points;
}

/** `"id":{"total_rainfall":x}`: a location's member of the totals answer. */
const totalMember = (id: number, total: number) =>
  jsonMember(String(id), locationTotalSchema, { total_rainfall: total });

/** The ids once each, ascending (ids are 32-bit: a typed array sorts them in place of a compare function). */
function uniqueAscending(ids: readonly number[]): number[] {
  const unique: number[] = [];
  for (const id of Int32Array.from(ids).sort()) if (id !== unique[unique.length - 1]) unique.push(id);
  return unique;
}

/** A location's 24 Hr Accum and Daily Total (D5). */
interface LocationFigures {
  total24h: number;
  dayTotal: number;
}

type FiguresOf = (locationId: number) => LocationFigures;

const DRY: LocationFigures = { total24h: 0, dayTotal: 0 };

/**
 * The rainfall data calls (spec part 1 §3, §7; D5): totals, colours and series of the
 * locations the caller may see (D10). Only readings at or before the newest processed hour
 * (`process_status` datetime) are shown.
 */
export function createRainfallDataService(options: RainfallDataOptions) {
  const { rainfall, ingestion, locations, clock, timeZone, readCache = noReadCache } = options;

  /** The newest processed hour (D3), kept until the ingestion's record changes; never change it. */
  function processedUpTo(): Promise<Date | null> {
    return readCache.read('rainfall-processed-hour', async () => {
      const { datetime } = await ingestion.processStatus();
      return datetime === null ? null : new Date(datetime);
    });
  }

  const today = productToday(clock, timeZone);
  let midnight = { date: '', start: new Date(0) };
  /** Local midnight starting today, worked out once a day (the time zone library is slow per call). */
  function todayStart(): Date {
    const date = today();
    if (date !== midnight.date) midnight = { date, start: productDay(date, timeZone).start };
    return midnight.start;
  }

  function presentSeries(points: SeriesPoint[]): SeriesResponse {
    return {
      hourly_data: Object.fromEntries(
        points.map((point) => [
          productTimestamp(point.endsAt, timeZone),
          { total: point.amount, '24h_total': point.total24h },
        ]),
      ),
    };
  }

  /** The location's intervals ending in [firstEnd, lastEnd], cut at the processed hour. */
  async function processedSeries(
    product: PrecipitationProduct,
    locationId: number,
    firstEnd: Date,
    lastEnd: Date,
  ): Promise<SeriesResponse> {
    const upTo = await processedUpTo();
    const last = upTo && upTo < lastEnd ? upTo : lastEnd;
    if (!upTo || last < firstEnd) return { hourly_data: {} };
    return presentSeries(await rainfall.series(product, locationId, firstEnd, last));
  }

  /** The account's stored figures (kept per account until they or the locations change). */
  function storedFiguresOf(clientId: number) {
    return readCache.read(`rainfall-figures:${clientId}`, () => rainfall.storedFigures(clientId));
  }

  /** The stored figures when they are of the processed hour `upTo` and today's local day, else null. */
  async function currentFigures(clientId: number, upTo: Date) {
    const stored = await storedFiguresOf(clientId);
    if (stored?.endsAt.getTime() !== upTo.getTime()) return null;
    const end = stored.quartersTo ?? stored.endsAt;
    const dayStart = todayStart();
    // Figures ending at or before today's midnight have no Daily Total yet.
    if (end <= dayStart) return { ...stored, newDay: true };
    return stored.dayStart.getTime() === dayStart.getTime() ? { ...stored, newDay: false } : null;
  }

  /** The 24 Hr Accum and Daily Total (D5) of `ids` at `upTo`, summed from the hourly values. */
  async function summedFigures(ids: readonly number[], upTo: Date): Promise<FiguresOf> {
    const [trailing, sinceMidnight] = await Promise.all([
      rainfall.trailing24h(ids, upTo),
      rainfall.totalsBetween('1h', ids, todayStart(), upTo),
    ]);
    return (id) => ({ total24h: trailing.get(id) ?? 0, dayTotal: sinceMidnight.get(id) ?? 0 });
  }

  /**
   * The 24 Hr Accum and Daily Total (D5) of the account's locations `ids` at the processed hour
   * `upTo` with its pending quarters: the figures stored at ingestion when they are of that hour
   * and today's local day, else summed from the hourly values alone (while a newer hour is being
   * stored, or when the hour is in a later day than today). The Daily Total counts the intervals
   * after today's local midnight.
   */
  async function figuresAt(clientId: number, ids: readonly number[], upTo: Date): Promise<FiguresOf> {
    const stored = await currentFigures(clientId, upTo);
    if (!stored) return summedFigures(ids, upTo);
    return (id) => {
      const figures = stored.totals.get(id) ?? DRY;
      return stored.newDay ? { total24h: figures.total24h, dayTotal: 0 } : figures;
    };
  }

  /**
   * The quarter hours after the processed hour that the account's figures include, provisional
   * until their hourly field arrives: (from, to], or null when there are none.
   */
  async function pendingQuarters(clientId: number): Promise<PendingQuarters | null> {
    const upTo = await processedUpTo();
    const stored = upTo && (await currentFigures(clientId, upTo));
    return stored?.quartersTo ? { from: stored.endsAt, to: stored.quartersTo } : null;
  }

  /** The location's 15-minute values of the pending quarters (none when there are none). */
  async function pendingPoints(clientId: number, id: number): Promise<SeriesPoint[]> {
    const pending = await pendingQuarters(clientId);
    if (!pending) return [];
    return rainfall.series('15m', id, new Date(pending.from.getTime() + QUARTER), pending.to);
  }

  /** Each stored figures' members of the totals answer, serialised once each (kept as long as the figures). */
  const storedMembers = new WeakMap<ReadonlyMap<number, LocationFigures>, Map<number, string>>();

  /** Each location's member of the stored figures' totals answer, serialised the first time it is asked for. */
  function storedMembersOf(totals: ReadonlyMap<number, LocationFigures>): (id: number) => string {
    const members = storedMembers.get(totals) ?? new Map<number, string>();
    storedMembers.set(totals, members);
    return (id) => {
      let member = members.get(id);
      if (member === undefined) {
        member = totalMember(id, (totals.get(id) ?? DRY).total24h);
        members.set(id, member);
      }
      return member;
    };
  }

  /**
   * Each id's member of the totals answer: its total of the local day `date`, or of the trailing
   * 24 hours without one (0 when dry or unknown).
   */
  async function totalMembersOf(
    clientId: number,
    ids: number[],
    date?: string,
  ): Promise<(id: number) => string> {
    if (date) {
      const days = await rainfall.dailyTotals(ids, date, date);
      return (id) => totalMember(id, days.get(id)?.[0]?.total ?? 0);
    }
    const upTo = await processedUpTo();
    if (!upTo) return (id) => totalMember(id, 0);
    const stored = await currentFigures(clientId, upTo);
    if (stored) return storedMembersOf(stored.totals);
    const figuresOf = await summedFigures(ids, upTo);
    return (id) => totalMember(id, figuresOf(id).total24h);
  }

  return {
    pendingQuarters,

    /**
     * The 24 Hr Accum and Daily Total (D5) of the rows, from the figures stored at ingestion, as a
     * function giving each row's figures and their colours as a caller of `tier` sees them.
     */
    async rainfallOf(
      tier: TierNumber,
      rows: readonly RatedLocation[],
    ): Promise<(row: RatedLocation) => LocationRainfall> {
      const upTo = await processedUpTo();
      const byClient = new Map<number, FiguresOf>();
      for (const clientId of upTo ? new Set(rows.map((row) => row.clientId)) : []) {
        const ids = rows.filter((row) => row.clientId === clientId).map((row) => row.id);
        byClient.set(clientId, await figuresAt(clientId, ids, upTo as Date));
      }
      return (row) => {
        const colorOf = (total: number) =>
          locationColor(total, row.h24Threshold, atlas14RedDepth(row.atlas14Threshold), tier);
        const { total24h, dayTotal } = byClient.get(row.clientId)?.(row.id) ?? DRY;
        return {
          total_rainfall: total24h,
          color_24: colorOf(total24h),
          total_hourly_rainfall: dayTotal,
          color_hourly: colorOf(dayTotal),
        };
      };
    },

    /**
     * POST /api/locations/24h_data: the trailing 24 hours, or the local day `date`; every id must
     * be visible. The answer is joined from each location's serialised member, ids in ascending
     * order as an object's integer keys are.
     */
    async totals(access: AccountAccess, ids: readonly number[], date?: string): Promise<JsonText> {
      const unique = uniqueAscending(ids);
      await locations.requireVisible(access, unique);
      const memberOf = await totalMembersOf(access.client.id, unique, date);
      const members = unique.map(memberOf);
      return new JsonText(`{"locations":${jsonObjectOf(members)}}`);
    },

    /**
     * GET /api/rainfall/hourly_today: each hour of the local day `date` (default today) up to the
     * processed hour, dry ones as 0, the heaviest at any location and orange where a location
     * reached its threshold (never red: no tier is known on the sign-in page). Public: it names
     * no location or account, is kept until the hourly values change, and covers today and the
     * days either side only (a browser's clock may be off), so no caller makes it read other days.
     */
    async signInHours(date: string = today()): Promise<SignInHours> {
      const around = [-1, 0, 1].map((days) => shiftDate(today(), days));
      if (!around.includes(date)) throw badRequest(RAINFALL_MESSAGES.signInDays);
      const upTo = await processedUpTo();
      return readCache.read(`sign-in-hours:${date}:${upTo?.getTime()}`, async () => {
        const day = productDay(date, timeZone);
        const last = upTo && upTo < day.end ? upTo : day.end;
        if (!upTo || last <= day.start) return { date, hours: [] };
        const wet = new Map(
          (await rainfall.wettestHours(day.start, last)).map((hour) => [hour.endsAt.getTime(), hour]),
        );
        const hours = [];
        for (let end = day.start.getTime() + HOUR; end <= last.getTime(); end += HOUR) {
          const hour = wet.get(end);
          hours.push({
            ends_at: productTimestamp(new Date(end), timeZone),
            amount: hour?.largest ?? 0,
            color: hour?.thresholdReached ? ('orange' as const) : ('green' as const),
          });
        }
        return { date, hours };
      });
    },

    /**
     * GET .../hourly_data: every hour of the `days` local days ending with `date` (default today),
     * with the pending hours after the processed one summed from their quarters so far.
     */
    async hourly(access: AccountAccess, id: number, query: { days: number; date?: string }) {
      await locations.findVisible(access, id);
      const lastDate = query.date ?? today();
      const days = productDays(shiftDate(lastDate, 1 - query.days), lastDate, timeZone);
      const [first, last] = [days[0], days[days.length - 1]];
      if (!first || !last) return { hourly_data: {} };
      const firstEnd = new Date(first.start.getTime() + HOUR);
      const [upTo, quarters] = await Promise.all([processedUpTo(), pendingPoints(access.client.id, id)]);
      if (!upTo || quarters.length === 0) return processedSeries('1h', id, firstEnd, last.end);
      // The hours a pending hour's 24-hour sum drops are read with the series.
      const from = new Date(Math.min(firstEnd.getTime(), upTo.getTime() - DAY + HOUR));
      const hours = withPendingHours(await rainfall.series('1h', id, from, upTo), quarters);
      return presentSeries(hours.filter((hour) => hour.endsAt >= firstEnd && hour.endsAt <= last.end));
    },

    /**
     * GET .../15m_data: the quarter hours of the last `hours` hours up to the newest stored
     * quarter hour (silver and up). They run ahead of the processed hour, as the RapidRain alerts
     * they cause do, so every alert's quarter hour can be seen.
     */
    async quarterHours(access: AccountAccess, id: number, hours: number) {
      requireFeature(access, 'quarterHourData');
      await locations.findVisible(access, id);
      const upTo = await ingestion.newestQuarterHour();
      if (!upTo) return { hourly_data: {} };
      const firstEnd = new Date(upTo.getTime() - hours * HOUR + STEP_MS['15m']);
      return presentSeries(await rainfall.series('15m', id, firstEnd, upTo));
    },

    /**
     * GET .../24h_data/{startDate}/{endDate}: each local day's rainfall and the sum of them; a
     * day with pending quarters after the processed hour counts them.
     */
    async daily(
      access: AccountAccess,
      id: number,
      startDate: string,
      endDate: string,
    ): Promise<DailyDataResponse> {
      await locations.findVisible(access, id);
      const [totals, quarters] = await Promise.all([
        rainfall.dailyTotals([id], startDate, endDate),
        pendingPoints(access.client.id, id),
      ]);
      const pendingByDay = new Map<string, number[]>();
      for (const quarter of quarters) {
        const date = productDate(new Date(quarter.endsAt.getTime() - 1), timeZone);
        pendingByDay.set(date, [...(pendingByDay.get(date) ?? []), quarter.amount]);
      }
      const days = (totals.get(id) ?? []).map((day) => ({
        date: day.date,
        rainfall: sumOfRainfall([day.total, ...(pendingByDay.get(day.date) ?? [])]),
      }));
      return { total_rainfall: sumOfRainfall(days.map((day) => day.rainfall)), items: days };
    },
  };
}

export type RainfallDataService = ReturnType<typeof createRainfallDataService>;

import { shiftDate } from '@pluvio/shared/calendar';
import type { Atlas14Threshold } from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import {
  atlas14RedDepth,
  type DailyDataResponse,
  type ForecastResponse,
  type LocationRainfall,
  type LocationTotalsResponse,
  locationColor,
  type ProcessStatusResponse,
  type SeriesResponse,
} from '@pluvio/shared/rainfall';
import type { TierNumber } from '@pluvio/shared/tiers';
import { tablesIn } from '../../db/read-cache';
import type { Clock } from '../../lib/clock';
import { serviceUnavailable } from '../../lib/errors';
import { productDate, productDay, productDays, productTimestamp } from '../../lib/time';
import { type AccountAccess, requireFeature } from '../accounts/accounts.access';
import * as accountsSchema from '../accounts/accounts.schema';
import * as assignmentsSchema from '../assignments/assignments.schema';
import * as contactsSchema from '../contacts/contacts.schema';
import * as locationsSchema from '../locations/locations.schema';
import type { LocationsService } from '../locations/locations.service';
import { SourceError } from '../sources/fetch-with-retry';
import type { ForecastSource, PrecipitationProduct } from '../sources/sources';
import * as sourcesSchema from '../sources/sources.schema';
import * as usersSchema from '../users/users.schema';
import { STEP_MS } from './intervals';
import type { SeriesPoint } from './rainfall.repository';
import * as rainfallSchema from './rainfall.schema';
import { type RainfallService, sumOfRainfall } from './rainfall.service';

export interface RainfallDataOptions {
  rainfall: RainfallService;
  ingestion: { processStatus(): Promise<ProcessStatusResponse>; newestQuarterHour(): Promise<Date | null> };
  locations: Pick<LocationsService, 'findVisible' | 'requireVisible'>;
  forecast: ForecastSource;
  clock: Clock;
  /** Product time zone (D2): local days, "today" and the offsets of the series keys. */
  timeZone: string;
}

/** What the colours of a location row are computed from. */
export interface RatedLocation {
  id: number;
  h24Threshold: number;
  atlas14Threshold?: Atlas14Threshold | null;
}

const HOUR = STEP_MS['1h'];

/** Each location's trailing 24 hours and total since local midnight; a dry one is absent (0). */
interface Figures {
  trailing: Map<number, number>;
  sinceMidnight: Map<number, number>;
}

const NO_FIGURES: Figures = { trailing: new Map(), sinceMidnight: new Map() };

/** What the stored-rainfall answers read: the caller's access, the locations and the rainfall. */
export const RAINFALL_ANSWER_READS = tablesIn(
  accountsSchema,
  usersSchema,
  contactsSchema,
  assignmentsSchema,
  locationsSchema,
  rainfallSchema,
  sourcesSchema,
);

/**
 * The rainfall data calls (spec part 1 §3, §7; D5): totals, colours, series and forecasts of the
 * locations the caller may see (D10). Only readings at or before the newest processed hour
 * (`process_status` datetime) are shown.
 */
export function createRainfallDataService(options: RainfallDataOptions) {
  const { rainfall, ingestion, locations, forecast, clock, timeZone } = options;

  async function processedUpTo(): Promise<Date | null> {
    const { datetime } = await ingestion.processStatus();
    return datetime === null ? null : new Date(datetime);
  }

  const today = () => productDate(clock.now(), timeZone);
  const todayStart = () => productDay(today(), timeZone).start;

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

  /**
   * Each location's 24 Hr Accum and Daily Total (D5) at the processed hour `upTo`, absent when
   * dry: the figures stored at ingestion when they are of that hour and today's local day, else
   * summed from the hourly values (while a newer hour is being stored, or the hour is in a later
   * day than today). The Daily Total counts the hours after today's local midnight.
   */
  async function figuresAt(ids: readonly number[], upTo: Date): Promise<Figures> {
    const dayStart = todayStart();
    const stored = await rainfall.storedFigures(ids);
    const afterMidnight = upTo > dayStart;
    if (stored && stored.endsAt.getTime() === upTo.getTime()) {
      if (!afterMidnight || stored.dayStart.getTime() === dayStart.getTime()) {
        const wet = [...stored.totals];
        return {
          trailing: new Map(wet.map(([id, figures]) => [id, figures.total24h])),
          sinceMidnight: afterMidnight
            ? new Map(wet.map(([id, figures]) => [id, figures.dayTotal]))
            : new Map(),
        };
      }
    }
    const [trailing, sinceMidnight] = await Promise.all([
      rainfall.trailing24h(ids, upTo),
      rainfall.totalsBetween('1h', ids, dayStart, upTo),
    ]);
    return { trailing, sinceMidnight };
  }

  return {
    /**
     * The 24 Hr Accum and Daily Total (D5) of the rows, read in one set-based query, as a
     * function giving each row's figures and their colours as a caller of `tier` sees them.
     */
    async rainfallOf(
      tier: TierNumber,
      rows: readonly RatedLocation[],
    ): Promise<(row: RatedLocation) => LocationRainfall> {
      const upTo = await processedUpTo();
      const { trailing, sinceMidnight } =
        upTo && rows.length > 0
          ? await figuresAt(
              rows.map((row) => row.id),
              upTo,
            )
          : NO_FIGURES;
      return (row) => {
        const colorOf = (total: number) =>
          locationColor(total, row.h24Threshold, atlas14RedDepth(row.atlas14Threshold), tier);
        const total24 = trailing.get(row.id) ?? 0;
        const totalToday = sinceMidnight.get(row.id) ?? 0;
        return {
          total_rainfall: total24,
          color_24: colorOf(total24),
          total_hourly_rainfall: totalToday,
          color_hourly: colorOf(totalToday),
        };
      };
    },

    /** POST /api/locations/24h_data: the trailing 24 hours, or the local day `date`; every id must be visible. */
    async totals(
      access: AccountAccess,
      ids: readonly number[],
      date?: string,
    ): Promise<LocationTotalsResponse> {
      const unique = [...new Set(ids)];
      await locations.requireVisible(access, unique);
      let totals = new Map<number, number>();
      if (date) {
        const days = await rainfall.dailyTotals(unique, date, date);
        totals = new Map([...days].map(([id, [day]]) => [id, day?.total ?? 0]));
      } else {
        const upTo = await processedUpTo();
        if (upTo) totals = (await figuresAt(unique, upTo)).trailing;
      }
      return {
        locations: Object.fromEntries(unique.map((id) => [id, { total_rainfall: totals.get(id) ?? 0 }])),
      };
    },

    /** GET .../hourly_data: every hour of the `days` local days ending with `date` (default today). */
    async hourly(access: AccountAccess, id: number, query: { days: number; date?: string }) {
      await locations.findVisible(access, id);
      const lastDate = query.date ?? today();
      const days = productDays(shiftDate(lastDate, 1 - query.days), lastDate, timeZone);
      const [first, last] = [days[0], days[days.length - 1]];
      if (!first || !last) return { hourly_data: {} };
      return processedSeries('1h', id, new Date(first.start.getTime() + HOUR), last.end);
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

    /** GET .../24h_data/{startDate}/{endDate}: each local day's rainfall and the sum of them. */
    async daily(
      access: AccountAccess,
      id: number,
      startDate: string,
      endDate: string,
    ): Promise<DailyDataResponse> {
      await locations.findVisible(access, id);
      const days = (await rainfall.dailyTotals([id], startDate, endDate)).get(id) ?? [];
      return {
        total_rainfall: sumOfRainfall(days.map((day) => day.total)),
        items: days.map((day) => ({ date: day.date, rainfall: day.total })),
      };
    },

    /** GET .../forecast: today and the next two days at the location (gold and up). */
    async forecasts(access: AccountAccess, id: number): Promise<ForecastResponse> {
      requireFeature(access, 'siteForecast');
      const location = await locations.findVisible(access, id);
      try {
        return { forecasts: await forecast.dailyAt(location, clock.now()) };
      } catch (error) {
        if (error instanceof SourceError) throw serviceUnavailable(MESSAGES.forecastUnavailable, error, 300);
        throw error;
      }
    },
  };
}

export type RainfallDataService = ReturnType<typeof createRainfallDataService>;

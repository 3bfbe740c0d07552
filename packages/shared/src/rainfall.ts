import { z } from 'zod';
import { calendarDateSchema, DATE_MESSAGES, daysBetween, RAINFALL_DATA_START } from './calendar';
import { levelAllows } from './gates';
import { countParamSchema } from './inputs';
import { clientIdQuerySchema, idParamsSchema } from './lists';
import type { Atlas14Threshold } from './locations';
import type { TierNumber } from './tiers';

/** The colours of the sign-in page's hourly figure: it never shows red (part 1 §4). */
export const SIGN_IN_HOUR_COLORS = ['green', 'orange'] as const;
export type SignInHourColor = (typeof SIGN_IN_HOUR_COLORS)[number];

/** `processing` while a pass is being ingested; `done` once it is stored (D3). */
export const PROCESS_STATUSES = ['processing', 'done'] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

/**
 * GET /api/services/process_status (spec part 1 §3, §4, D3): the newest hourly pass and the
 * hour it covers (the hour's end, ISO 8601); `datetime` is null before the first pass arrives.
 */
export const processStatusSchema = z.object({
  status: z.enum(PROCESS_STATUSES),
  datetime: z.string().nullable(),
});
export type ProcessStatusResponse = z.infer<typeof processStatusSchema>;

/**
 * The quarter hours after the processed hour that the figures, the 1 Hour and 24 Hour charts
 * include, provisional until their hourly field arrives (issue 26): those ending in (from, to].
 */
export const pendingQuartersSchema = z.object({ from: z.string(), to: z.string() });
export type PendingQuarters = z.infer<typeof pendingQuartersSchema>;

const HOUR_MS = 3_600_000;
const QUARTER_MS = 900_000;

/** Each pending hour, by its end, with how many of its four quarter hours are stored, oldest first. */
export function pendingHours(pending: PendingQuarters): { endsAt: Date; quarters: number }[] {
  const from = Date.parse(pending.from);
  const to = Date.parse(pending.to);
  const hours: { endsAt: Date; quarters: number }[] = [];
  for (let end = from + HOUR_MS; end - HOUR_MS < to; end += HOUR_MS) {
    hours.push({
      endsAt: new Date(end),
      quarters: Math.round((Math.min(end, to) - (end - HOUR_MS)) / QUARTER_MS),
    });
  }
  return hours;
}

/** Whether the interval ending at `endsAt` (ISO) is after the processed hour, so provisional. */
export function isPending(pending: PendingQuarters | null | undefined, endsAt: string): boolean {
  return pending ? Date.parse(endsAt) > Date.parse(pending.from) : false;
}

export const RAINFALL_PRODUCTS = ['15m', '1h'] as const;
export type RainfallProduct = (typeof RAINFALL_PRODUCTS)[number];

export const INGEST_STATUSES = ['pending', 'processing', 'done', 'failed', 'superseded'] as const;
export type IngestStatus = (typeof INGEST_STATUSES)[number];

const ingestedIntervalSchema = z.object({
  product: z.enum(RAINFALL_PRODUCTS),
  pass: z.number().int(),
  ends_at: z.string(),
  status: z.enum(INGEST_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
});

/**
 * GET /api/services/ingest_status (superusers, the system health page): the newest stored
 * interval of each product and pass, how many wait or failed, and the newest failures.
 */
export const ingestStatusSchema = z.object({
  newest: z.array(
    z.object({ product: z.enum(RAINFALL_PRODUCTS), pass: z.number().int(), ends_at: z.string() }),
  ),
  pending: z.number().int(),
  failed: z.number().int(),
  failures: z.array(ingestedIntervalSchema),
  /** Locations added or moved whose history a worker has yet to fill. */
  history_fills_pending: z.number().int(),
});
export type IngestStatusResponse = z.infer<typeof ingestStatusSchema>;

/** The colour of a location's rainfall on the dashboard and map (spec part 1 §4, D7). */
export const LOCATION_COLORS = ['green', 'orange', 'red'] as const;
export type LocationColor = (typeof LOCATION_COLORS)[number];

/**
 * Green below the location's 24-hour threshold, orange at or above it, red at or above the
 * 1-year 24-hour Atlas 14 depth, for a level its gate allows (tier 1 and unknown never see red).
 */
export function locationColor(
  total: number,
  h24Threshold: number,
  atlas14Depth: number | null,
  tier: TierNumber,
): LocationColor {
  if (atlas14Depth !== null && levelAllows(tier, 'atlas14Colour') && total >= atlas14Depth) return 'red';
  return total >= h24Threshold ? 'orange' : 'green';
}

/** Whether rainfall reached a threshold: equal counts (the daily report, the rainfall reports). */
export function reachesThreshold(total: number, threshold: number): boolean {
  return total >= threshold;
}

/** Average recurrence intervals of the ten Atlas 14 depths, in years, in the order they are stored (D7). */
export const ATLAS14_RECURRENCE_YEARS = [1, 2, 5, 10, 25, 50, 100, 200, 500, 1000] as const;

/** Years of the largest recurrence interval whose depth (in the order above) the value reaches; 0 when none. */
export function recurrenceReached(value: number, depths: readonly number[]): number {
  let years = 0;
  depths.forEach((depth, index) => {
    if (value >= depth) years = ATLAS14_RECURRENCE_YEARS[index] ?? years;
  });
  return years;
}

/** The depth red compares with: the 1-year 24-hour Atlas 14 value (D7). */
export function atlas14RedDepth(threshold: Atlas14Threshold | null | undefined): number | null {
  return threshold?.['24h'][0] ?? null;
}

/** The rainfall every location row carries (spec part 1 §3; D5: 24 Hr Accum and Daily Total). */
export const locationRainfallSchema = z.object({
  /** The 24 hours ending at the newest processed hour. */
  total_rainfall: z.number(),
  color_24: z.enum(LOCATION_COLORS),
  /** Since local midnight today (product time zone). */
  total_hourly_rainfall: z.number(),
  color_hourly: z.enum(LOCATION_COLORS),
});
export type LocationRainfall = z.infer<typeof locationRainfallSchema>;

/** Limits of the data calls: hourly days and 15-minute hours asked for, days of daily totals. */
export const HOURLY_DAYS = { default: 1, max: 31 } as const;
export const QUARTER_HOURS = { default: 12, max: 72 } as const;
export const MAX_DAILY_RANGE_DAYS = 366;

export const RAINFALL_MESSAGES = {
  date: DATE_MESSAGES.format,
  dateOrder: DATE_MESSAGES.order,
  dateRange: DATE_MESSAGES.range(MAX_DAILY_RANGE_DAYS),
  signInDays: "The sign-in page's figure covers only yesterday, today and tomorrow (Eastern time).",
};

/** Rainfall data calls reach from the start of the MRMS archive to tomorrow. */
const dateSchema = calendarDateSchema(RAINFALL_DATA_START);

/** POST /api/locations/24h_data: the trailing 24 hours, or the local day `date`. */
export const totalsQuerySchema = clientIdQuerySchema.extend({ date: dateSchema.optional() });

/** GET /api/locations/{id}/hourly_data: the `days` local days ending with `date` (default today). */
export const hourlyDataQuerySchema = clientIdQuerySchema.extend({
  days: countParamSchema(1, HOURLY_DAYS.max).default(HOURLY_DAYS.default),
  date: dateSchema.optional(),
});

/** GET /api/locations/{id}/15m_data: the last `hours` hours. */
export const quarterHourDataQuerySchema = clientIdQuerySchema.extend({
  hours: countParamSchema(1, QUARTER_HOURS.max).default(QUARTER_HOURS.default),
});

/** GET /api/locations/{id}/24h_data/{startDate}/{endDate}. */
export const dailyDataParamsSchema = idParamsSchema
  .extend({ startDate: dateSchema, endDate: dateSchema })
  .refine((params) => daysBetween(params.startDate, params.endDate) >= 0, {
    message: RAINFALL_MESSAGES.dateOrder,
    path: ['endDate'],
  })
  .refine((params) => daysBetween(params.startDate, params.endDate) < MAX_DAILY_RANGE_DAYS, {
    message: RAINFALL_MESSAGES.dateRange,
    path: ['endDate'],
  });

/** `hourly_data` and `15m_data`: each interval, by its end (ISO 8601 with the product zone's offset). */
export const seriesResponseSchema = z.object({
  hourly_data: z.record(z.string(), z.object({ total: z.number(), '24h_total': z.number() })),
});
export type SeriesResponse = z.infer<typeof seriesResponseSchema>;

/** One location's figure in POST /api/locations/24h_data. */
export const locationTotalSchema = z.object({ total_rainfall: z.number() });

/** POST /api/locations/24h_data, keyed by location id. */
export const locationTotalsResponseSchema = z.object({
  locations: z.record(z.string(), locationTotalSchema),
});
export type LocationTotalsResponse = z.infer<typeof locationTotalsResponseSchema>;

/** GET /api/locations/{id}/24h_data/...: each local day's rainfall and their sum. */
export const dailyDataResponseSchema = z.object({
  total_rainfall: z.number(),
  items: z.array(z.object({ date: z.string(), rainfall: z.number() })),
});
export type DailyDataResponse = z.infer<typeof dailyDataResponseSchema>;

/** GET /api/locations/{id}/forecast: today and the next two days (inches). */
export const forecastResponseSchema = z.object({
  forecasts: z.array(z.object({ date: z.string(), value: z.number() })),
});
export type ForecastResponse = z.infer<typeof forecastResponseSchema>;

/** GET /api/rainfall/hourly_today: the local day `date` (the sign-in page sends today's). */
export const signInHoursQuerySchema = z.object({ date: dateSchema.optional() });

/**
 * The sign-in page's hourly figure (part 1 §7): each processed hour of the day, the heaviest
 * hourly rain at any monitored location, orange when some location reached its 24-hour
 * threshold in that hour, else green. It names no location or account.
 */
export const signInHoursResponseSchema = z.object({
  date: z.string(),
  hours: z.array(z.object({ ends_at: z.string(), amount: z.number(), color: z.enum(SIGN_IN_HOUR_COLORS) })),
});
export type SignInHours = z.infer<typeof signInHoursResponseSchema>;

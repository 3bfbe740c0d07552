import {
  type DailyDataResponse,
  dailyDataResponseSchema,
  QUARTER_HOURS,
  type SeriesResponse,
  seriesResponseSchema,
} from '@pluvio/shared/rainfall';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dailyDateRange, HOURLY_CHART_DAYS } from './rainfall-rules';

/** Every key starts with 'rainfall': the dashboard invalidates ['rainfall'] every 15 minutes. */
export const rainfallKeys = {
  daily: (id: number, clientId: number | undefined, timeZone: string) =>
    ['rainfall', 'daily', id, clientId, timeZone] as const,
  hourly: (id: number, clientId: number | undefined) => ['rainfall', 'hourly', id, clientId] as const,
  rapidRain: (id: number, clientId: number | undefined) => ['rainfall', 'rapidrain', id, clientId] as const,
};

/**
 * GET /api/locations/{id}/24h_data/{startDate}/{endDate}: the dates are taken when the call is
 * made, so a refresh after midnight asks for the new day.
 */
export function dailyRainfallQuery(id: number, clientId: number | undefined, timeZone: string) {
  return queryOptions({
    queryKey: rainfallKeys.daily(id, clientId, timeZone),
    queryFn: async ({ signal }): Promise<DailyDataResponse> => {
      const { startDate, endDate } = dailyDateRange(new Date(), timeZone);
      const body = await apiRequest(`/api/locations/${id}/24h_data/${startDate}/${endDate}`, {
        query: { client_id: clientId },
        signal,
      });
      return dailyDataResponseSchema.parse(body);
    },
    placeholderData: keepPreviousData,
  });
}

function seriesQuery(queryKey: readonly unknown[], path: string, query: Record<string, number | undefined>) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<SeriesResponse> =>
      seriesResponseSchema.parse(await apiRequest(path, { query, signal })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/locations/{id}/hourly_data?days=2: the '1 Hour' chart and the hourly table. */
export function hourlyRainfallQuery(id: number, clientId: number | undefined) {
  return seriesQuery(rainfallKeys.hourly(id, clientId), `/api/locations/${id}/hourly_data`, {
    days: HOURLY_CHART_DAYS,
    client_id: clientId,
  });
}

/** GET /api/locations/{id}/15m_data?hours=12: the RapidRain chart (tier 2). */
export function rapidRainQuery(id: number, clientId: number | undefined) {
  return seriesQuery(rainfallKeys.rapidRain(id, clientId), `/api/locations/${id}/15m_data`, {
    hours: QUARTER_HOURS.default,
    client_id: clientId,
  });
}

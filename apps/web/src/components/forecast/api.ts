import { type ForecastResponse, forecastResponseSchema } from '@pluvio/shared/rainfall';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** The forecast panel covers today and the next two days (spec part 1 §9). */
export const FORECAST_DAYS = [1, 2, 3] as const;
export type ForecastDay = (typeof FORECAST_DAYS)[number];

/** GET /api/forecast/national/{day}: a public SVG map, shown as an image. */
export function nationalForecastImageUrl(day: ForecastDay): string {
  return `/api/forecast/national/${day}`;
}

/**
 * GET /api/locations/{id}/forecast?client_id (tier 3). The key starts with 'rainfall' so the
 * dashboard's periodic refresh of rainfall data reads it again.
 */
export function locationForecastQuery(locationId: number, clientId: number | undefined) {
  return queryOptions({
    queryKey: ['rainfall', 'forecast', locationId, clientId],
    queryFn: async (): Promise<ForecastResponse> =>
      forecastResponseSchema.parse(
        await apiRequest(`/api/locations/${locationId}/forecast`, { query: { client_id: clientId } }),
      ),
  });
}

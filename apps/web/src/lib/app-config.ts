import { type PublicConfig, publicConfigSchema } from '@pluvio/shared/app-config.schemas';
import { DEFAULT_TIME_ZONE } from '@pluvio/shared/calendar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export const CONFIG_PATH = '/api/config';

export async function fetchAppConfig(): Promise<PublicConfig> {
  return publicConfigSchema.parse(await apiRequest(CONFIG_PATH, { refreshOn401: false }));
}

export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: fetchAppConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

/** Runtime feature settings (D22); undefined while loading or when the call failed. */
export function useAppConfig(): PublicConfig | undefined {
  return useQuery(appConfigQuery).data;
}

/** The product time zone (D2) every date and time on screen is shown in, the same on every page. */
export function useTimeZone(): string {
  return useAppConfig()?.time_zone ?? DEFAULT_TIME_ZONE;
}

import { type GeocodeAnswer, geocodeAnswerSchema } from '@pluvio/shared/geocode';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** GET /api/geocode?q=: addresses matching a typed one, with their coordinates (no session needed). */
export async function fetchGeocode(q: string): Promise<GeocodeAnswer> {
  return geocodeAnswerSchema.parse(await apiRequest('/api/geocode', { query: { q }, refreshOn401: false }));
}

export const geocodeQuery = (q: string) =>
  queryOptions({
    queryKey: ['geocode', q],
    queryFn: () => fetchGeocode(q),
    // Addresses do not move; a failed search is tried again only when asked.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The matches of the address last asked for; idle while `q` is null. */
export function useGeocode(q: string | null) {
  return useQuery({ ...geocodeQuery(q ?? ''), enabled: q !== null });
}

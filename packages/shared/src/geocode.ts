import { z } from 'zod';
import { TEXT_LIMITS, textSchema } from './inputs';
import { inRange, LATITUDE_RANGE, LONGITUDE_RANGE } from './locations';

/** Address search (issue 26 §3): an address typed once, turned into coordinates by the geocoder. */

/** The geocoders an installation can use; `none` (the default) leaves latitude and longitude typed by hand. */
export const GEOCODERS = ['none', 'census'] as const;
export type GeocoderName = (typeof GEOCODERS)[number];

export const GEOCODE_QUERY_LENGTH = { min: 3, max: TEXT_LIMITS.name } as const;
/** Matches one search answers at most. */
export const GEOCODE_MAX_MATCHES = 5;

/**
 * The points any location screen accepts: the form's latitudes and the wizard's longitudes, the
 * widest of the product's contiguous-US ranges; the location form still checks its own range.
 */
export const GEOCODE_BOUNDS = { latitude: LATITUDE_RANGE.form, longitude: LONGITUDE_RANGE.wizard } as const;

export function withinGeocodeBounds(point: { latitude: number; longitude: number }): boolean {
  return (
    inRange(point.latitude, GEOCODE_BOUNDS.latitude) && inRange(point.longitude, GEOCODE_BOUNDS.longitude)
  );
}

export const GEOCODE_MESSAGES = {
  queryTooShort: `Type at least ${GEOCODE_QUERY_LENGTH.min} characters of the address`,
  notConfigured: 'Address search is not configured on this server. Enter the latitude and longitude instead.',
  unavailable:
    'Address search is not answering right now. Try again in a minute, or enter the latitude and longitude instead.',
  noMatch: 'No address in the contiguous United States matched. Check the street, city and state.',
  label: 'Find by address',
  placeholder: '901 Bagby St, Houston, TX',
  hint: 'Type a street address with city and state, then pick a match to fill latitude and longitude.',
} as const;

/** GET /api/geocode?q=: one line of text, trimmed, 3 to 200 characters. */
export const geocodeQuerySchema = z.object({
  q: textSchema(GEOCODE_QUERY_LENGTH.max, GEOCODE_MESSAGES.queryTooShort).min(
    GEOCODE_QUERY_LENGTH.min,
    GEOCODE_MESSAGES.queryTooShort,
  ),
});
export type GeocodeQuery = z.infer<typeof geocodeQuerySchema>;

export const geocodeMatchSchema = z.object({
  /** The address as the geocoder matched it. */
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type GeocodeMatch = z.infer<typeof geocodeMatchSchema>;

export const geocodeAnswerSchema = z.object({ matches: z.array(geocodeMatchSchema) });
export type GeocodeAnswer = z.infer<typeof geocodeAnswerSchema>;

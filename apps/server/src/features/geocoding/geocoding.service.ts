import { GEOCODE_MESSAGES, type GeocodeAnswer } from '@pluvio/shared/geocode';
import type { Config } from '../../config';
import { notFound, serviceUnavailable } from '../../core/lib/errors';
import { createCensusGeocoder } from './census-geocoder';
import { type Geocoder, GeocoderError } from './geocoder';

export type GeocodingConfig = Pick<Config, 'GEOCODER' | 'GEOCODER_URL' | 'GEOCODER_TIMEOUT_SECONDS'>;

/** A failing geocoder is asked again after this long, at the soonest. */
const RETRY_AFTER_SECONDS = 60;

/** The geocoder GEOCODER names; none for `none`. */
function geocoderOf(config: GeocodingConfig): Geocoder | null {
  if (config.GEOCODER === 'none') return null;
  return createCensusGeocoder({
    baseUrl: config.GEOCODER_URL,
    timeoutMs: config.GEOCODER_TIMEOUT_SECONDS * 1000,
  });
}

/** Address search of the location screens, through the configured geocoder. */
export function createGeocodingService(config: GeocodingConfig) {
  const geocoder = geocoderOf(config);
  return {
    /** The matches of a typed address; 404 without a geocoder, 503 when it fails (the cause is logged). */
    async search(address: string): Promise<GeocodeAnswer> {
      if (!geocoder) throw notFound(GEOCODE_MESSAGES.notConfigured);
      try {
        return { matches: await geocoder.search(address) };
      } catch (error) {
        if (!(error instanceof GeocoderError)) throw error;
        throw serviceUnavailable(GEOCODE_MESSAGES.unavailable, error, RETRY_AFTER_SECONDS);
      }
    },
  };
}

export type GeocodingService = ReturnType<typeof createGeocodingService>;

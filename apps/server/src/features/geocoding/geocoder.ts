import type { GeocodeMatch } from '@pluvio/shared/geocode';

/** Turns a typed address into matching points; each adapter speaks to one geocoding service. */
export interface Geocoder {
  /** The matches of `address` inside the product's bounds, best first, at most GEOCODE_MAX_MATCHES. */
  search(address: string): Promise<GeocodeMatch[]>;
}

/** The geocoding service failed (an error status, an unreadable answer, no answer in time). */
export class GeocoderError extends Error {}

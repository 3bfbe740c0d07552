import { GEOCODE_MAX_MATCHES, type GeocodeMatch, withinGeocodeBounds } from '@pluvio/shared/geocode';
import { z } from 'zod';
import { type Geocoder, GeocoderError } from './geocoder';

/** The Census Bureau's current address ranges, the benchmark its one-line search is documented with. */
const BENCHMARK = 'Public_AR_Current';

/**
 * The part of the Census geocoder's `locations/onelineaddress` JSON answer we read:
 * `result.addressMatches[]` with `matchedAddress` and `coordinates` (x the longitude, y the latitude).
 */
const censusAnswerSchema = z.object({
  result: z.object({
    addressMatches: z.array(
      z.object({
        matchedAddress: z.string(),
        coordinates: z.object({ x: z.number(), y: z.number() }),
      }),
    ),
  }),
});

export interface CensusGeocoderOptions {
  /** https://geocoding.geo.census.gov/geocoder, or a local stand-in in tests. */
  baseUrl: string;
  timeoutMs: number;
}

/** Six decimals, about 10 cm: the Census answer carries up to fourteen. */
const rounded = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

function matchesOf(body: unknown): GeocodeMatch[] {
  const parsed = censusAnswerSchema.safeParse(body);
  if (!parsed.success) throw new GeocoderError('The Census geocoder answered in an unknown shape');
  return parsed.data.result.addressMatches
    .map((match) => ({
      label: match.matchedAddress,
      latitude: rounded(match.coordinates.y),
      longitude: rounded(match.coordinates.x),
    }))
    .filter(withinGeocodeBounds)
    .slice(0, GEOCODE_MAX_MATCHES);
}

/** The US Census Bureau's free geocoder (GEOCODER=census): street addresses in the United States. */
export function createCensusGeocoder(options: CensusGeocoderOptions): Geocoder {
  return {
    async search(address) {
      const url = new URL(`${options.baseUrl.replace(/\/$/, '')}/locations/onelineaddress`);
      url.search = new URLSearchParams({ address, benchmark: BENCHMARK, format: 'json' }).toString();
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
        if (!response.ok) {
          await response.body?.cancel();
          throw new GeocoderError(`The Census geocoder answered ${response.status}`);
        }
        return matchesOf(await response.json());
      } catch (error) {
        if (error instanceof GeocoderError) throw error;
        const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw new GeocoderError(`The Census geocoder could not be read (${cause})`);
      }
    },
  };
}

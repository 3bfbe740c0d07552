import type { Location } from '@pluvio/shared/locations';
import type { LocationRow } from '../../core/tables/locations';
import type { RainfallDataService } from '../rainfall';
import { presentLocation, type Viewing } from './locations.presenter';

/**
 * Locations as the API returns them, with totals and colours for the caller's tier (spec part 1
 * §3, §4), for every feature that answers locations. Apart from the locations service because
 * the rainfall data it reads is built on that service.
 */
export function createLocationViews(rainfallData: Pick<RainfallDataService, 'rainfallOf'>) {
  async function present(access: Viewing, rows: readonly LocationRow[]): Promise<Location[]> {
    const rainfallOf = await rainfallData.rainfallOf(access.tier, rows);
    return rows.map((row) => presentLocation(row, rainfallOf(row), access));
  }
  return {
    present,
    async presentOne(access: Viewing, row: LocationRow): Promise<Location> {
      const [location] = await present(access, [row]);
      return location as Location;
    },
  };
}

export type LocationViews = ReturnType<typeof createLocationViews>;

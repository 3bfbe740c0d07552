import type { Config } from '../config';
import type { AppDb } from '../core/db/client';
import type { ReadCache } from '../core/db/read-cache';
import type { Clock } from '../core/lib/clock';
import type { LocationsService } from '../features/locations';
import { createLocationViews } from '../features/locations';
import {
  createHistoryFillService,
  createIngestionService,
  createPastRainfallService,
  createRainfallDataService,
  createRainfallService,
} from '../features/rainfall';
import type { Sources } from '../features/sources';

export interface RainfallServicesDeps {
  config: Config;
  clock: Clock;
  sources: Sources;
  locations: LocationsService;
  readCache: ReadCache;
}

/** The rainfall area of the composition root: stored values, ingestion, history and past rainfall, and the screens' reads. */
export function buildRainfallServices(
  db: AppDb,
  { config, clock, sources, locations, readCache }: RainfallServicesDeps,
) {
  const rainfall = createRainfallService(db, { timeZone: config.TIME_ZONE });
  const ingestion = createIngestionService(db, {
    source: sources.precipitation,
    locations,
    clock,
    backfillDays: config.BACKFILL_DAYS,
    timeZone: config.TIME_ZONE,
  });
  const historyFill = createHistoryFillService(db, {
    source: sources.precipitation,
    clock,
    backfillDays: config.BACKFILL_DAYS,
    timeZone: config.TIME_ZONE,
  });
  const pastRainfall = createPastRainfallService(db, {
    source: sources.precipitation,
    clock,
    timeZone: config.TIME_ZONE,
  });
  const rainfallData = createRainfallDataService({
    rainfall,
    ingestion,
    locations,
    clock,
    timeZone: config.TIME_ZONE,
    readCache,
  });
  const locationViews = createLocationViews(rainfallData);
  return { rainfall, ingestion, historyFill, pastRainfall, rainfallData, locationViews };
}

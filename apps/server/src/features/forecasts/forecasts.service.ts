import { MESSAGES } from '@pluvio/shared/messages';
import type { ForecastResponse } from '@pluvio/shared/rainfall';
import { type AccountAccess, type LocationVisibility, requireFeature } from '../../core/access';
import type { Clock } from '../../core/lib/clock';
import { serviceUnavailable } from '../../core/lib/errors';
import { SourceError } from '../../core/lib/fetch-with-retry';
import type { ForecastSource } from '../sources';

export interface ForecastsDeps {
  forecast: ForecastSource;
  locations: LocationVisibility;
  clock: Clock;
}

/** Forecast rainfall: the national maps anyone may see, and a location's next days (gold and up). */
export function createForecastsService({ forecast, locations, clock }: ForecastsDeps) {
  return {
    nationalMap: (day: 1 | 2 | 3) => forecast.nationalImage(day, clock.now()),

    /** Today and the next two days at the location; 503 with a retry time while NWS is failing. */
    async atLocation(access: AccountAccess, id: number): Promise<ForecastResponse> {
      requireFeature(access, 'siteForecast');
      const location = await locations.findVisible(access, id);
      try {
        return { forecasts: await forecast.dailyAt(location, clock.now()) };
      } catch (error) {
        if (error instanceof SourceError) throw serviceUnavailable(MESSAGES.forecastUnavailable, error, 300);
        throw error;
      }
    },
  };
}

export type ForecastsService = ReturnType<typeof createForecastsService>;

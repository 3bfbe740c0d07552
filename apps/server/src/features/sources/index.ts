import type { Config } from '../../config';
import { createMrmsSource } from './mrms/mrms-source';
import { createNwsForecastSource } from './nws/nws-forecast';
import { createPfdsFrequencySource } from './pfds/pfds';
import { createSimulator } from './simulator/simulator';
import type { ScheduledStorm } from './simulator/storms';

import type { ForecastSource, FrequencySource, PrecipitationSource } from './sources';

export interface Sources {
  precipitation: PrecipitationSource;
  frequency: FrequencySource;
  forecast: ForecastSource;
  /** The simulator's only: adds a storm to its weather before the first field is read (the demo). */
  scheduleStorm?: (storm: ScheduledStorm) => void;
}

export type SourcesConfig = Pick<
  Config,
  | 'PRECIPITATION_SOURCE'
  | 'FREQUENCY_SOURCE'
  | 'FORECAST_SOURCE'
  | 'SIMULATOR_SEED'
  | 'TIME_ZONE'
  | 'MRMS_BASE_URL'
  | 'MRMS_CACHE_DIR'
  | 'MRMS_CACHE_MB'
  | 'MRMS_TIMEOUT_SECONDS'
  | 'MRMS_RETRIES'
  | 'PFDS_URL'
  | 'NWS_API_URL'
  | 'WPC_QPF_URL'
  | 'NWS_USER_AGENT'
  | 'SUPPORT_EMAIL'
>;

type Simulator = ReturnType<typeof createSimulator>;
type Adapter<Source> = (simulator: Simulator, config: SourcesConfig) => Source;

/** NOAA's services ask every client to name itself and a contact. */
const userAgentOf = (config: SourcesConfig) => config.NWS_USER_AGENT ?? `Pluvio (${config.SUPPORT_EMAIL})`;

/** Each further MRMS download attempt waits this much longer than the one before (2 s, 4 s, ...). */
const MRMS_RETRY_DELAY_MS = 2000;

/** Each kind of source by the name its setting gives; an adapter plugs in here under its name. */
const ADAPTERS: {
  precipitation: Record<Config['PRECIPITATION_SOURCE'], Adapter<PrecipitationSource>>;
  frequency: Record<Config['FREQUENCY_SOURCE'], Adapter<FrequencySource>>;
  forecast: Record<Config['FORECAST_SOURCE'], Adapter<ForecastSource>>;
} = {
  precipitation: {
    simulator: (simulator) => simulator.precipitation,
    mrms: (_, config) =>
      createMrmsSource({
        baseUrl: config.MRMS_BASE_URL,
        cacheDir: config.MRMS_CACHE_DIR,
        cacheBytes: config.MRMS_CACHE_MB * 1_000_000,
        timeoutMs: config.MRMS_TIMEOUT_SECONDS * 1000,
        retries: config.MRMS_RETRIES,
        retryDelayMs: MRMS_RETRY_DELAY_MS,
      }),
  },
  frequency: {
    simulator: (simulator) => simulator.frequency,
    pfds: (_, config) =>
      createPfdsFrequencySource({ baseUrl: config.PFDS_URL, userAgent: userAgentOf(config) }),
  },
  forecast: {
    simulator: (simulator) => simulator.forecast,
    nws: (simulator, config) =>
      createNwsForecastSource({
        apiUrl: config.NWS_API_URL,
        wpcUrl: config.WPC_QPF_URL,
        userAgent: userAgentOf(config),
        timeZone: config.TIME_ZONE,
        // The drawing of the simulator's forecast, when WPC's images cannot be had.
        fallbackImage: (day, issuedAt) => simulator.forecast.nationalImage(day, issuedAt),
      }),
  },
};

/** The data sources of this installation, each as configured: the simulator by default (D4). */
export function createSources(config: SourcesConfig): Sources {
  const simulator = createSimulator({ seed: config.SIMULATOR_SEED, timeZone: config.TIME_ZONE });
  return {
    precipitation: ADAPTERS.precipitation[config.PRECIPITATION_SOURCE](simulator, config),
    frequency: ADAPTERS.frequency[config.FREQUENCY_SOURCE](simulator, config),
    forecast: ADAPTERS.forecast[config.FORECAST_SOURCE](simulator, config),
    ...(config.PRECIPITATION_SOURCE === 'simulator' && { scheduleStorm: simulator.scheduleStorm }),
  };
}
export type { ScheduledStorm } from './simulator/storms';
export { kmPerDegreeLongitude } from './simulator/storms';
export type {
  ForecastSource,
  FrequencySource,
  Pass,
  Point,
  PrecipitationProduct,
  PrecipitationSource,
} from './sources';

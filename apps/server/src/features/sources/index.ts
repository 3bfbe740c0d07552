import type { Config } from '../../config';
import { createMrmsSource } from './mrms/mrms-source';
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
>;

type Simulator = ReturnType<typeof createSimulator>;

/** Each further MRMS download attempt waits this much longer than the one before (2 s, 4 s, ...). */
const MRMS_RETRY_DELAY_MS = 2000;

/** Each kind of source by the name its setting gives; an adapter plugs in here under its name. */
const ADAPTERS: {
  precipitation: Record<
    Config['PRECIPITATION_SOURCE'],
    (simulator: Simulator, config: SourcesConfig) => PrecipitationSource
  >;
  frequency: Record<Config['FREQUENCY_SOURCE'], (simulator: Simulator) => FrequencySource>;
  forecast: Record<Config['FORECAST_SOURCE'], (simulator: Simulator) => ForecastSource>;
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
  frequency: { simulator: (simulator) => simulator.frequency },
  forecast: { simulator: (simulator) => simulator.forecast },
};

/** The data sources of this installation, each as configured: the simulator by default (D4). */
export function createSources(config: SourcesConfig): Sources {
  const simulator = createSimulator({ seed: config.SIMULATOR_SEED, timeZone: config.TIME_ZONE });
  return {
    precipitation: ADAPTERS.precipitation[config.PRECIPITATION_SOURCE](simulator, config),
    frequency: ADAPTERS.frequency[config.FREQUENCY_SOURCE](simulator),
    forecast: ADAPTERS.forecast[config.FORECAST_SOURCE](simulator),
    ...(config.PRECIPITATION_SOURCE === 'simulator' && { scheduleStorm: simulator.scheduleStorm }),
  };
}

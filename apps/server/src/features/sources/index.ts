import type { Config } from '../../config';
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
  'PRECIPITATION_SOURCE' | 'FREQUENCY_SOURCE' | 'FORECAST_SOURCE' | 'SIMULATOR_SEED' | 'TIME_ZONE'
>;

type Simulator = ReturnType<typeof createSimulator>;

/** Each kind of source by the name its setting gives; an adapter plugs in here under its name. */
const ADAPTERS: {
  precipitation: Record<Config['PRECIPITATION_SOURCE'], (simulator: Simulator) => PrecipitationSource>;
  frequency: Record<Config['FREQUENCY_SOURCE'], (simulator: Simulator) => FrequencySource>;
  forecast: Record<Config['FORECAST_SOURCE'], (simulator: Simulator) => ForecastSource>;
} = {
  precipitation: { simulator: (simulator) => simulator.precipitation },
  frequency: { simulator: (simulator) => simulator.frequency },
  forecast: { simulator: (simulator) => simulator.forecast },
};

/** The data sources of this installation, each as configured: the simulator by default (D4). */
export function createSources(config: SourcesConfig): Sources {
  const simulator = createSimulator({ seed: config.SIMULATOR_SEED, timeZone: config.TIME_ZONE });
  return {
    precipitation: ADAPTERS.precipitation[config.PRECIPITATION_SOURCE](simulator),
    frequency: ADAPTERS.frequency[config.FREQUENCY_SOURCE](simulator),
    forecast: ADAPTERS.forecast[config.FORECAST_SOURCE](simulator),
    ...(config.PRECIPITATION_SOURCE === 'simulator' && { scheduleStorm: simulator.scheduleStorm }),
  };
}

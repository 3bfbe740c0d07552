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

/** The data sources of this installation: the simulator unless configured otherwise (D4). */
export function createSources(config: Pick<Config, 'SIMULATOR_SEED' | 'TIME_ZONE'>): Sources {
  return createSimulator({ seed: config.SIMULATOR_SEED, timeZone: config.TIME_ZONE });
}

import { SimulatedForecast } from './forecast';
import { createSimulatedFrequencySource } from './frequency';
import { SimulatedPrecipitation } from './precipitation';
import { seedFromText } from './random';
import { type ScheduledStorm, StormModel } from './storms';

export interface SimulatorOptions {
  /** Same seed, same weather (SIMULATOR_SEED). */
  seed: string;
  /** The product time zone: forecast days are its calendar days. */
  timeZone: string;
}

/** The built-in data sources (D4): rainfall, Atlas 14 depths and forecasts of one simulated climate. */
export function createSimulator(options: SimulatorOptions) {
  const seed = seedFromText(options.seed);
  const model = new StormModel(seed);
  return {
    precipitation: new SimulatedPrecipitation(model, seed),
    frequency: createSimulatedFrequencySource(),
    forecast: new SimulatedForecast(model, seed, options.timeZone),
    scheduleStorm: (storm: ScheduledStorm) => model.schedule(storm),
  };
}

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createSources } from '.';

describe('createSources', () => {
  it('gives the simulator for rainfall, Atlas 14 depths and forecasts when nothing is configured', () => {
    const sources = createSources(loadConfig({}));
    expect([sources.precipitation.name, sources.frequency.name, sources.forecast.name]).toEqual([
      'simulator',
      'simulator',
      'simulator',
    ]);
    expect(sources.scheduleStorm).toBeTypeOf('function');
  });

  it('gives NOAA MRMS for rainfall when PRECIPITATION_SOURCE=mrms, with no simulated storms', () => {
    const sources = createSources(
      loadConfig({ PRECIPITATION_SOURCE: 'mrms', MRMS_BASE_URL: 'file:///srv/mrms' }),
    );
    expect(sources.precipitation.name).toBe('mrms');
    expect(sources.frequency.name).toBe('simulator');
    expect(sources.scheduleStorm).toBeUndefined();
  });

  it('gives the NOAA adapters their settings names', () => {
    const sources = createSources(loadConfig({ FREQUENCY_SOURCE: 'pfds', FORECAST_SOURCE: 'nws' }));
    expect([sources.precipitation.name, sources.frequency.name, sources.forecast.name]).toEqual([
      'simulator',
      'pfds',
      'nws',
    ]);
    expect(sources.frequency.remote).toBe(true);
  });

  it('refuses a source it does not know, naming the choices', () => {
    expect(() => loadConfig({ FORECAST_SOURCE: 'noaa' })).toThrow(
      /FORECAST_SOURCE must be one of: simulator, nws/,
    );
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.ACCESS_TOKEN_MINUTES).toBe(15);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads a relative data folder from where npm was started', () => {
    expect(loadConfig({ INIT_CWD: '/srv/pluvio' }).DATA_DIR).toBe(path.resolve('/srv/pluvio/data'));
    expect(loadConfig({ INIT_CWD: '/srv/pluvio', DATA_DIR: '/var/lib/pluvio' }).DATA_DIR).toBe(
      '/var/lib/pluvio',
    );
  });

  it('lists every bad setting at once', () => {
    expect(() => loadConfig({ PORT: 'abc', ACCESS_TOKEN_MINUTES: '60', JWT_SECRET: 'short' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', ACCESS_TOKEN_MINUTES: '60', JWT_SECRET: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('ACCESS_TOKEN_MINUTES');
      expect(message).toContain('JWT_SECRET must be at least 32 characters');
    }
  });

  it('refuses an unknown data source, naming the setting and the sources there are', () => {
    for (const setting of ['PRECIPITATION_SOURCE', 'FREQUENCY_SOURCE', 'FORECAST_SOURCE']) {
      expect(() => loadConfig({ [setting]: 'mrms' })).toThrow(ConfigError);
      expect(() => loadConfig({ [setting]: 'mrms' })).toThrow(`${setting} must be one of: simulator`);
    }
  });
});

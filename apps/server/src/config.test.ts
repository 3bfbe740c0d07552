import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.ACCESS_TOKEN_MINUTES).toBe(15);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('links to the port it listens on unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://rain.example.com' }).PUBLIC_URL).toBe(
      'https://rain.example.com',
    );
  });

  it('bounds what one account may multiply by default, and takes no import larger than the API carries', () => {
    expect(loadConfig({})).toMatchObject({
      LOCATIONS_PER_ACCOUNT: 10_000,
      CONTACTS_PER_ACCOUNT: 5_000,
      ROWS_PER_IMPORT: 5_000,
      REPORT_TASKS_PER_HOUR: 60,
      REPORT_EMAILS_PER_HOUR: 500,
    });
    expect(() => loadConfig({ ROWS_PER_IMPORT: '20001' })).toThrow(/ROWS_PER_IMPORT/);
    expect(() => loadConfig({ LOCATIONS_PER_ACCOUNT: '0' })).toThrow(/LOCATIONS_PER_ACCOUNT/);
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
    for (const [setting, names] of [
      ['PRECIPITATION_SOURCE', 'simulator, mrms'],
      ['FREQUENCY_SOURCE', 'simulator'],
      ['FORECAST_SOURCE', 'simulator'],
    ]) {
      expect(() => loadConfig({ [setting as string]: 'radar' })).toThrow(ConfigError);
      expect(() => loadConfig({ [setting as string]: 'radar' })).toThrow(
        `${setting} must be one of: ${names}`,
      );
    }
  });

  it('reads MRMS from the NOAA bucket by default, and a relative folder from where npm was started', () => {
    const defaults = loadConfig({ INIT_CWD: '/srv/pluvio', DATA_DIR: 'data' });
    expect(defaults.MRMS_BASE_URL).toBe('https://noaa-mrms-pds.s3.amazonaws.com');
    expect(defaults.MRMS_CACHE_DIR).toBe(path.resolve('/srv/pluvio/data/mrms'));
    const local = loadConfig({
      INIT_CWD: '/srv/pluvio',
      MRMS_BASE_URL: 'noaa/mrms',
      MRMS_CACHE_DIR: 'cache',
    });
    expect([local.MRMS_BASE_URL, local.MRMS_CACHE_DIR]).toEqual([
      path.resolve('/srv/pluvio/noaa/mrms'),
      path.resolve('/srv/pluvio/cache'),
    ]);
    expect(loadConfig({ MRMS_BASE_URL: 'file:///srv/mrms' }).MRMS_BASE_URL).toBe('file:///srv/mrms');
    expect(() => loadConfig({ MRMS_RETRIES: '50' })).toThrow(ConfigError);
  });
});

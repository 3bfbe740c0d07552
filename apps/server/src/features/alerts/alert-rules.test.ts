import { TIER } from '@pluvio/shared/tiers';
import { describe, expect, it } from 'vitest';
import { decide, type LocationReading, watchesFor } from './alert-rules';

const ATLAS = {
  '1h': [1.5, 1.8, 2.2, 2.6, 3.1, 3.5, 4, 4.4, 5, 5.5],
  '24h': [4, 4.8, 6, 7.2, 9, 10.5, 12, 13.8, 16.5, 18.7],
};

function reading(overrides: Partial<LocationReading> = {}): LocationReading {
  return {
    locationId: 1,
    clientId: 1,
    h24Threshold: 0.5,
    rapidrainThreshold: null,
    atlas14: ATLAS,
    level: TIER.gold,
    monitored: true,
    settings: {
      exceed24hOn: true,
      atlas14On: true,
      atlas14H24On: true,
      atlas14H1On: true,
      atlas14FirstOn: false,
      rapidrainOn: true,
    },
    trailing24h: 0,
    amount: 0,
    ...overrides,
  };
}

describe('alert rules', () => {
  it('watches the 24-hour threshold and both Atlas 14 durations at silver and up, RapidRain on quarters', () => {
    const hourly = watchesFor(reading({ trailing24h: 0.7, amount: 0.3 }), '1h');
    expect(hourly.map((watch) => [watch.kind, watch.value, watch.threshold])).toEqual([
      ['exceed24h', 0.7, 0.5],
      ['atlas14_24h', 0.7, 4],
      ['atlas14_1h', 0.3, 1.5],
    ]);
    const quarter = watchesFor(reading({ amount: 0.2, rapidrainThreshold: 0.25 }), '15m');
    expect(quarter.map((watch) => [watch.kind, watch.value, watch.threshold])).toEqual([
      ['rapidrain', 0.2, 0.25],
    ]);
    // D6: no RapidRain threshold of its own means the 24-hour threshold.
    expect(watchesFor(reading({ amount: 0.2 }), '15m')[0]?.threshold).toBe(0.5);
  });

  it('gives bronze the 24-hour threshold only, and honours each setting', () => {
    expect(watchesFor(reading({ level: TIER.bronze }), '1h').map((watch) => watch.kind)).toEqual([
      'exceed24h',
    ]);
    expect(watchesFor(reading({ level: TIER.bronze }), '15m')).toEqual([]);
    const off = reading({
      settings: { ...reading().settings, exceed24hOn: false, atlas14H1On: false, rapidrainOn: false },
    });
    expect(watchesFor(off, '1h').map((watch) => watch.kind)).toEqual(['atlas14_24h']);
    expect(watchesFor(off, '15m')).toEqual([]);
    expect(watchesFor(reading({ atlas14: null }), '1h').map((watch) => watch.kind)).toEqual(['exceed24h']);
    // D9: an ended trial (or an account no longer active) is not watched.
    expect(watchesFor(reading({ monitored: false, trailing24h: 3 }), '1h')).toEqual([]);
  });

  it('opens an event at the threshold itself, holds it, and closes it when the total falls back', () => {
    const watch = (value: number) => ({
      kind: 'exceed24h' as const,
      value,
      threshold: 0.5,
      depths: [],
      escalates: false,
    });
    expect(decide(watch(0.49), undefined)).toEqual({ action: 'none' });
    expect(decide(watch(0.5), undefined)).toEqual({ action: 'open', recurrenceYears: 0, alert: true });
    const open = { startedAt: new Date(), recurrenceYears: 0 };
    expect(decide(watch(0.9), open)).toEqual({ action: 'none' });
    expect(decide(watch(0.49), open)).toEqual({ action: 'close' });
    // A setting switched off closes the event too, so it re-arms when switched on again.
    expect(decide(undefined, open)).toEqual({ action: 'close' });
  });

  it('alerts again for a larger recurrence interval in the same event, unless first crossing only', () => {
    const open = { startedAt: new Date(), recurrenceYears: 1 };
    const watch = {
      kind: 'atlas14_24h' as const,
      value: 6.1,
      threshold: 4,
      depths: ATLAS['24h'],
      escalates: true,
    };
    expect(decide(watch, open)).toEqual({ action: 'raise', recurrenceYears: 5, alert: true });
    expect(decide({ ...watch, escalates: false }, open)).toEqual({
      action: 'raise',
      recurrenceYears: 5,
      alert: false,
    });
    expect(decide({ ...watch, value: 4.5 }, open)).toEqual({ action: 'none' });
  });
});

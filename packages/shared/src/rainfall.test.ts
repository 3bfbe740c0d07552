import { describe, expect, it } from 'vitest';
import { atlas14RedDepth, dailyDataParamsSchema, locationColor } from './rainfall';
import { TIER } from './tiers';

describe('locationColor', () => {
  const threshold = 0.5;
  const atlas14 = 2.8;

  it('is green below the 24-hour threshold and orange from it', () => {
    expect(locationColor(0.49, threshold, atlas14, TIER.gold)).toBe('green');
    expect(locationColor(0.5, threshold, atlas14, TIER.gold)).toBe('orange');
    expect(locationColor(2.79, threshold, atlas14, TIER.gold)).toBe('orange');
  });

  it('is red from the 1-year 24-hour Atlas 14 depth for silver and up', () => {
    expect(locationColor(2.8, threshold, atlas14, TIER.silver)).toBe('red');
    expect(locationColor(5, threshold, atlas14, TIER.gold)).toBe('red');
    expect(locationColor(5, threshold, atlas14, TIER.superuser)).toBe('red');
  });

  it('is never red for bronze or an unknown tier', () => {
    expect(locationColor(5, threshold, atlas14, TIER.bronze)).toBe('orange');
    expect(locationColor(5, threshold, atlas14, TIER.unknown)).toBe('orange');
  });

  it('is never red without Atlas 14 depths', () => {
    expect(locationColor(5, threshold, null, TIER.gold)).toBe('orange');
  });
});

describe('atlas14RedDepth', () => {
  it('is the first 24-hour depth (1-year recurrence)', () => {
    expect(atlas14RedDepth({ '1h': [1.2, 1.5], '24h': [2.8, 3.4] })).toBe(2.8);
    expect(atlas14RedDepth(null)).toBeNull();
  });
});

describe('dailyDataParamsSchema', () => {
  it('takes a range of real dates in order', () => {
    expect(
      dailyDataParamsSchema.safeParse({ id: '1', startDate: '2026-11-01', endDate: '2026-11-03' }).success,
    ).toBe(true);
    expect(
      dailyDataParamsSchema.safeParse({ id: '1', startDate: '2026-11-03', endDate: '2026-11-01' }).success,
    ).toBe(false);
    expect(
      dailyDataParamsSchema.safeParse({ id: '1', startDate: '2026-02-30', endDate: '2026-03-01' }).success,
    ).toBe(false);
  });
});

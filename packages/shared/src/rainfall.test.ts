import { describe, expect, it } from 'vitest';
import { atlas14RedDepth, dailyDataParamsSchema, locationColor, recurrenceReached } from './rainfall';
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

describe('recurrenceReached', () => {
  const depths = [4, 4.8, 6, 7, 8.5, 9.5, 11, 12, 14, 15.5];
  it('names the largest recurrence interval reached, counting a value equal to a depth', () => {
    expect(recurrenceReached(3.9, depths)).toBe(0);
    expect(recurrenceReached(4, depths)).toBe(1);
    expect(recurrenceReached(9.5, depths)).toBe(50);
    expect(recurrenceReached(30, depths)).toBe(1000);
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

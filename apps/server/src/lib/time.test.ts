import { describe, expect, it } from 'vitest';
import { productDate } from './time';

describe('productDate', () => {
  it('reads the date in the product time zone, not UTC', () => {
    // 03:30 UTC on 22 November is still 21 November in New York.
    expect(productDate(new Date('2026-11-22T03:30:00Z'), 'America/New_York')).toBe('2026-11-21');
    expect(productDate(new Date('2026-11-22T03:30:00Z'), 'America/New_York', 30)).toBe('2026-12-21');
  });

  it('counts calendar days across a daylight-saving change', () => {
    expect(productDate(new Date('2026-10-31T12:00:00Z'), 'America/New_York', 2)).toBe('2026-11-02');
    expect(productDate(new Date('2026-03-07T12:00:00Z'), 'America/New_York', 2)).toBe('2026-03-09');
  });
});

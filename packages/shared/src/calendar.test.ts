import { describe, expect, it } from 'vitest';
import { daysBetween, shiftDate } from './calendar';

describe('calendar dates', () => {
  it('adds calendar days across month, year and daylight-saving boundaries', () => {
    expect(shiftDate('2026-10-31', 1)).toBe('2026-11-01');
    expect(shiftDate('2026-11-01', 1)).toBe('2026-11-02');
    expect(shiftDate('2026-12-31', 2)).toBe('2027-01-02');
    expect(shiftDate('2026-03-08', 1)).toBe('2026-03-09');
  });

  it('counts whole days between two dates, negative when the second is earlier', () => {
    expect(daysBetween('2026-11-20', '2026-11-21')).toBe(1);
    expect(daysBetween('2026-11-21', '2026-11-20')).toBe(-1);
    expect(daysBetween('2026-12-31', '2027-03-01')).toBe(60);
  });
});

import { shiftDate, todayIn } from '@pluvio/shared/calendar';
import { afterEach, describe, expect, it } from 'vitest';
import { dayCaption, formatInches, longDate, shortWeekday } from './forecast-days';

describe('forecast days', () => {
  const browserZone = process.env.TZ;
  afterEach(() => {
    if (browserZone === undefined) Reflect.deleteProperty(process.env, 'TZ');
    else process.env.TZ = browserZone;
  });

  it('takes today from the product time zone, not from UTC', () => {
    const lateSaturdayInNewYork = new Date('2026-11-15T03:30:00Z');
    expect(todayIn('America/New_York', lateSaturdayInNewYork)).toBe('2026-11-14');
    expect(todayIn('Europe/Berlin', lateSaturdayInNewYork)).toBe('2026-11-15');
  });

  it('names the weekday of the calendar date in any browser time zone', () => {
    for (const zone of ['Pacific/Honolulu', 'UTC', 'Pacific/Kiritimati']) {
      process.env.TZ = zone;
      expect(shortWeekday('2026-11-14')).toBe('Sat');
      expect(longDate('2026-11-16')).toBe('Monday, November 16');
    }
  });

  it('captions the national days Today, Tomorrow, then the weekday', () => {
    const today = '2026-11-14';
    expect([0, 1, 2].map((offset) => dayCaption(shiftDate(today, offset), today))).toEqual([
      'Today',
      'Tomorrow',
      'Monday',
    ]);
  });

  it('writes amounts in inches with two decimals', () => {
    expect(formatInches(0.5)).toBe('0.50 in');
    expect(formatInches(1.236)).toBe('1.24 in');
    expect(formatInches(0)).toBe('0.00 in');
  });
});

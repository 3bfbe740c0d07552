import { describe, expect, it } from 'vitest';
import { productDate, productDays, productTimestamp, timeZoneAbbreviation } from './time';

const at = (iso: string) => new Date(iso);

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

describe('productDays', () => {
  it('gives product-time-zone days of 23 and 25 hours on daylight-saving changes', () => {
    const hours = (from: string, to: string) =>
      productDays(from, to, 'America/New_York').map((day) => [
        day.date,
        (day.end.getTime() - day.start.getTime()) / 3_600_000,
      ]);
    expect(hours('2026-03-07', '2026-03-09')).toEqual([
      ['2026-03-07', 24],
      ['2026-03-08', 23],
      ['2026-03-09', 24],
    ]);
    expect(hours('2026-10-31', '2026-11-02')).toEqual([
      ['2026-10-31', 24],
      ['2026-11-01', 25],
      ['2026-11-02', 24],
    ]);
    expect(productDays('2026-11-21', '2026-11-21', 'America/New_York')[0]?.start).toEqual(
      at('2026-11-21T05:00:00Z'),
    );
  });

  it('counts days by the calendar, not the text, so the last day of year 9999 ends the list', () => {
    expect(productDays('9999-12-31', '9999-12-31', 'America/New_York').map((day) => day.date)).toEqual([
      '9999-12-31',
    ]);
    expect(productDays('2026-11-21', '2026-11-20', 'America/New_York')).toEqual([]);
    expect(() => productDays('2026-01-01', '9999-12-31', 'America/New_York')).toThrow(RangeError);
  });

  it('writes instants with the offset of the day, summer or winter, and names zones as reports label them', () => {
    expect(productTimestamp(at('2026-07-01T16:00:00Z'), 'America/New_York')).toBe(
      '2026-07-01T12:00:00-04:00',
    );
    expect(productTimestamp(at('2026-11-21T14:05:00Z'), 'America/New_York')).toBe(
      '2026-11-21T09:05:00-05:00',
    );
    expect(timeZoneAbbreviation('America/New_York')).toBe('ET');
    expect(timeZoneAbbreviation('America/Chicago')).toBe('CT');
    expect(timeZoneAbbreviation('UTC')).toBe('UTC');
  });
});

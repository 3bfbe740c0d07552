import { describe, expect, it } from 'vitest';
import { BAR_COLORS, suggestedMax } from '../../../lib/rainfall-chart';
import {
  atlas14Rows,
  barColor,
  barColors,
  DAY_BAND_SHADES,
  dailyBars,
  dailyChartWidth,
  dailyDateRange,
  dayBands,
  intervalDay,
  intervalLabel,
  pendingDates,
  seriesBars,
  slottedChartWidth,
  tableRows,
} from './rainfall-rules';

const NEW_YORK = 'America/New_York';

describe('dailyDateRange', () => {
  it('runs from two days back to today in the product time zone', () => {
    // 03:30 UTC on the 21st is still the 20th in New York.
    expect(dailyDateRange(new Date('2026-11-21T03:30:00Z'), NEW_YORK)).toEqual({
      startDate: '2026-11-18',
      endDate: '2026-11-20',
    });
    expect(dailyDateRange(new Date('2026-11-21T05:30:00Z'), NEW_YORK)).toEqual({
      startDate: '2026-11-19',
      endDate: '2026-11-21',
    });
  });

  it('crosses a month and a daylight saving change by calendar days', () => {
    expect(dailyDateRange(new Date('2026-11-02T12:00:00Z'), NEW_YORK)).toEqual({
      startDate: '2026-10-31',
      endDate: '2026-11-02',
    });
  });
});

describe('labels', () => {
  it('reads MM-DD HH:mm from the local part of an interval key, whatever its offset', () => {
    expect(intervalLabel('2026-11-20T14:00:00-05:00')).toBe('11-20 14:00');
    expect(intervalLabel('2026-11-01T01:45:00-04:00')).toBe('11-01 01:45');
  });

  it('labels each day of the 24-hour chart MM-DD with its rainfall', () => {
    expect(
      dailyBars({
        total_rainfall: 1.5,
        items: [
          { date: '2026-11-19', rainfall: 0.5 },
          { date: '2026-11-20', rainfall: 1 },
        ],
      }),
    ).toEqual([
      { key: '2026-11-19', label: '11-19', amount: 0.5, provisional: false },
      { key: '2026-11-20', label: '11-20', amount: 1, provisional: false },
    ]);
  });

  it('marks the day holding quarter hours after the processed hour as provisional', () => {
    // Processed to 5 PM EST on Nov 20; quarters stored to 6:30 PM.
    const pending = { from: '2026-11-20T22:00:00.000Z', to: '2026-11-20T23:30:00.000Z' };
    const days = pendingDates(pending, 'America/New_York');
    expect([...days]).toEqual(['2026-11-20']);
    const bars = dailyBars(
      {
        total_rainfall: 1.5,
        items: [
          { date: '2026-11-19', rainfall: 0.5 },
          { date: '2026-11-20', rainfall: 1 },
        ],
      },
      days,
    );
    expect(bars.map((bar) => bar.provisional)).toEqual([false, true]);
  });

  it('marks the hours after the processed one as provisional', () => {
    const bars = seriesBars(
      {
        hourly_data: {
          '2026-11-20T17:00:00-05:00': { total: 0.1, '24h_total': 1 },
          '2026-11-20T18:00:00-05:00': { total: 1.26, '24h_total': 2.26 },
          '2026-11-20T19:00:00-05:00': { total: 0.1, '24h_total': 2.36 },
        },
      },
      { from: '2026-11-20T22:00:00.000Z', to: '2026-11-21T00:30:00.000Z' },
    );
    expect(bars.map((bar) => [bar.label, bar.provisional])).toEqual([
      ['11-20 17:00', false],
      ['11-20 18:00', true],
      ['11-20 19:00', true],
    ]);
  });

  it('keeps the order of the series', () => {
    const bars = seriesBars({
      hourly_data: {
        '2026-11-20T23:00:00-05:00': { total: 0.1, '24h_total': 1 },
        '2026-11-21T00:00:00-05:00': { total: 0.2, '24h_total': 1.1 },
      },
    });
    expect(bars.map((bar) => [bar.label, bar.amount])).toEqual([
      ['11-20 23:00', 0.1],
      ['11-21 00:00', 0.2],
    ]);
  });
});

describe('barColor', () => {
  const limits = { threshold: 0.5, redDepth: 2 };

  it('is orange at or above the threshold and red at or above the Atlas 14 depth', () => {
    expect(barColor(0.49, limits)).toBe('blue');
    expect(barColor(0.5, limits)).toBe('orange');
    expect(barColor(1.99, limits)).toBe('orange');
    expect(barColor(2, limits)).toBe('red');
  });

  it('never gives red when red does not apply', () => {
    expect(barColor(5, { threshold: 0.5, redDepth: null })).toBe('orange');
  });

  it('maps amounts to the chart colours', () => {
    expect(
      barColors(
        [
          { label: 'a', amount: 0, provisional: false },
          { label: 'b', amount: 3, provisional: false },
          { label: 'c', amount: 0.6, provisional: true },
        ],
        limits,
      ),
    ).toEqual([BAR_COLORS.blue, BAR_COLORS.red, `${BAR_COLORS.orange}66`]);
  });
});

describe('suggestedMax', () => {
  it('reaches past the threshold so its line is drawn inside the chart', () => {
    expect(suggestedMax(0.1)).toBe(0.25);
    expect(suggestedMax(2)).toBeCloseTo(2.3);
  });
});

describe('tableRows', () => {
  it('lists newest first, each with the running total up to it in time, marking amounts at or over the threshold', () => {
    const rows = tableRows(
      [
        { key: 'a', label: '11-20 01:00', amount: 0.1, provisional: false },
        { key: 'b', label: '11-20 02:00', amount: 0.5, provisional: false },
        { key: 'c', label: '11-20 03:00', amount: 0.25, provisional: true },
      ],
      0.5,
    );
    expect(rows.map((row) => [row.label, row.runningTotal, row.atOrOverThreshold, row.provisional])).toEqual([
      ['11-20 03:00', 0.85, false, true],
      ['11-20 02:00', 0.6, true, false],
      ['11-20 01:00', 0.1, false, false],
    ]);
  });
});

describe('dayBands', () => {
  it('gives each local day one band, the hour ending at midnight closing the day before', () => {
    expect(intervalDay('2026-11-21T00:00:00-05:00')).toBe('2026-11-20');
    expect(intervalDay('2026-12-01T00:00:00-05:00')).toBe('2026-11-30');
    expect(intervalDay('2026-11-21T00:15:00-05:00')).toBe('2026-11-21');
    const keys = [
      '2026-11-19T23:00:00-05:00',
      '2026-11-20T00:00:00-05:00',
      '2026-11-20T01:00:00-05:00',
      '2026-11-21T00:00:00-05:00',
      '2026-11-21T01:00:00-05:00',
      '2026-11-22T01:00:00-05:00',
    ];
    expect(dayBands(keys)).toEqual([
      { first: 0, last: 1, color: DAY_BAND_SHADES[0] },
      { first: 2, last: 3, color: DAY_BAND_SHADES[1] },
      { first: 4, last: 4, color: DAY_BAND_SHADES[2] },
      { first: 5, last: 5, color: DAY_BAND_SHADES[0] },
    ]);
  });

  it('has no band without bars', () => {
    expect(dayBands([])).toEqual([]);
  });
});

describe('chart widths', () => {
  it('gives each label 50 px', () => {
    expect(slottedChartWidth(48)).toBe('2400px');
  });

  it('makes the 24-hour chart 75% of the window, 90% on narrow screens', () => {
    expect(dailyChartWidth(false)).toBe('min(75vw, 100%)');
    expect(dailyChartWidth(true)).toBe('min(90vw, 100%)');
  });
});

describe('atlas14Rows', () => {
  const depths = (start: number) => Array.from({ length: 10 }, (_, index) => start + index * 0.5);

  it('lists the ten recurrence intervals with two decimals and marks the depths the total reaches', () => {
    const rows = atlas14Rows({ '1h': depths(1), '24h': depths(2.5) }, 3);
    expect(rows.map((row) => row.years)).toEqual([1, 2, 5, 10, 25, 50, 100, 200, 500, 1000]);
    expect(rows[0]).toEqual({ years: 1, h24: '2.50', h1: '1.00', reached: true });
    expect(rows[1]).toEqual({ years: 2, h24: '3.00', h1: '1.50', reached: true });
    expect(rows.filter((row) => row.reached)).toHaveLength(2);
  });

  it("says 'No Data' when the location has no Atlas 14 depths", () => {
    const rows = atlas14Rows(null, 10);
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row).toMatchObject({ h24: 'No Data', h1: 'No Data', reached: false });
  });
});

import { describe, expect, it } from 'vitest';
import { dailyTotals, durationMs, intervalOf, type QpfValue } from './qpf-days';

const HOUR = 3_600_000;
const NEW_YORK = 'America/New_York';

const daily = (values: QpfValue[], issuedAt: string, days = 3) =>
  dailyTotals(
    values.map(intervalOf).filter((interval) => interval !== null),
    new Date(issuedAt),
    NEW_YORK,
    days,
  );

describe('NWS quantitative precipitation by local day', () => {
  it('reads the durations NWS writes', () => {
    expect(durationMs('PT1H')).toBe(HOUR);
    expect(durationMs('PT12H')).toBe(12 * HOUR);
    expect(durationMs('P1D')).toBe(24 * HOUR);
    expect(durationMs('P1DT6H')).toBe(30 * HOUR);
    expect(durationMs('PT30M')).toBe(HOUR / 2);
    for (const unreadable of ['P', 'PT', '6H', 'P1W', 'PT1.5H', '']) expect(durationMs(unreadable)).toBeNaN();
  });

  it('leaves out values it cannot read rather than guessing', () => {
    expect(intervalOf({ validTime: '2026-06-02T12:00:00+00:00/PT6H', value: null })).toBeNull();
    expect(intervalOf({ validTime: '2026-06-02T12:00:00+00:00', value: 1 })).toBeNull();
    expect(intervalOf({ validTime: 'soon/PT6H', value: 1 })).toBeNull();
    expect(intervalOf({ validTime: '2026-06-02T12:00:00+00:00/PT6H', value: -1 })).toBeNull();
  });

  it('splits an interval across local midnight in proportion to its hours, in inches', () => {
    // 22:00 to 04:00 EDT: two hours on the 1st, four on the 2nd; 12.7 mm is half an inch.
    const values = [
      { validTime: '2026-06-02T02:00:00+00:00/PT6H', value: 12.7 },
      { validTime: '2026-06-02T12:00:00+00:00/PT12H', value: 25.4 },
      { validTime: '2026-06-04T04:00:00+00:00/PT6H', value: 50.8 },
    ];
    expect(daily(values, '2026-06-01T16:00:00Z')).toEqual([
      { date: '2026-06-01', value: 0.17 },
      { date: '2026-06-02', value: 1.33 },
      { date: '2026-06-03', value: 0 },
    ]);
  });

  it('counts 23 hours on the spring-forward day and 25 on the fall-back day', () => {
    // Local midnight to midnight on 8 March is 23 hours: 23 of the 24 mm of a UTC-offset day.
    expect(
      daily([{ validTime: '2026-03-08T05:00:00+00:00/P1D', value: 24 }], '2026-03-08T12:00:00Z', 2),
    ).toEqual([
      { date: '2026-03-08', value: 0.91 },
      { date: '2026-03-09', value: 0.04 },
    ]);
    // 1 November is 25 hours long: an inch over those 25 hours falls on it entirely.
    expect(
      daily([{ validTime: '2026-11-01T04:00:00+00:00/PT25H', value: 25.4 }], '2026-11-01T12:00:00Z', 2),
    ).toEqual([
      { date: '2026-11-01', value: 1 },
      { date: '2026-11-02', value: 0 },
    ]);
  });

  it('starts at the local day of the issue time, not the UTC day', () => {
    // 01:00 UTC on the 11th is 20:00 on the 10th in New York.
    const values = [{ validTime: '2026-01-11T04:00:00+00:00/PT2H', value: 0.508 }];
    expect(daily(values, '2026-01-11T01:00:00Z').map((day) => day.date)).toEqual([
      '2026-01-10',
      '2026-01-11',
      '2026-01-12',
    ]);
  });
});

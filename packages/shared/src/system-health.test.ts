import { describe, expect, it } from 'vitest';
import {
  deliveryState,
  deliveryTally,
  latenessLabel,
  minutesLate,
  nextHourDueAt,
  passState,
} from './system-health';

describe('system health rules', () => {
  it('expects the next hour one hour later, after its publication delay and one ingestion run', () => {
    const hour = new Date('2026-11-21T13:00:00Z');
    expect(nextHourDueAt(hour, 1).toISOString()).toBe('2026-11-21T15:15:00.000Z');
    expect(nextHourDueAt(hour, 2).toISOString()).toBe('2026-11-21T16:15:00.000Z');
    expect(minutesLate(new Date('2026-11-21T15:15:00Z'), new Date('2026-11-21T15:14:00Z'))).toBe(0);
    expect(minutesLate(new Date('2026-11-21T15:15:00Z'), new Date('2026-11-21T16:00:59Z'))).toBe(45);
  });

  it('says how late for people', () => {
    expect(latenessLabel(0)).toBe('on time');
    expect(latenessLabel(45)).toBe('45 min late');
    expect(latenessLabel(120)).toBe('2 h late');
    expect(latenessLabel(125)).toBe('2 h 5 min late');
  });

  it('turns a pass amber past 30 minutes late, red past 2 hours or when fields fail, with the reasons', () => {
    const hour = '2026-11-21T13:00:00Z';
    expect(passState({ newest_hour: hour, minutes_late: 30, failed: 0 })).toEqual({
      level: 'ok',
      reasons: [],
    });
    expect(passState({ newest_hour: hour, minutes_late: 31, failed: 0 })).toEqual({
      level: 'amber',
      reasons: ['Next hour 31 min late'],
    });
    expect(passState({ newest_hour: hour, minutes_late: 121, failed: 0 }).level).toBe('red');
    expect(passState({ newest_hour: hour, minutes_late: 40, failed: 2 })).toEqual({
      level: 'red',
      reasons: ['Next hour 40 min late', '2 fields failed today'],
    });
    expect(passState({ newest_hour: null, minutes_late: 0, failed: 0 })).toEqual({
      level: 'amber',
      reasons: ['No hour stored yet'],
    });
  });

  it('tallies a channel and turns it amber while messages fail', () => {
    const tally = deliveryTally({ queued: 1, sending: 1, sent: 5, delivered: 3, failed: 2, held: 4 });
    expect(tally).toEqual({ total: 16, sent: 8, errors: 2, held: 4, waiting: 2 });
    expect(deliveryState(tally)).toEqual({ level: 'amber', reasons: ['2 messages failed today'] });
    expect(deliveryState({ ...tally, errors: 0 })).toEqual({ level: 'ok', reasons: [] });
  });
});

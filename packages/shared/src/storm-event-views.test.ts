import { describe, expect, it } from 'vitest';
import {
  actionDueLabel,
  earlierBmps,
  instantOfWallClock,
  permitInspectionWords,
  stormDueLabel,
  stormPeriodLabel,
  stormRevisionLabel,
  wallClockAt,
  zoneNameAt,
} from './storm-event-views';
import { STORM_EVENT_MESSAGES } from './storm-events-api';

const TZ = 'America/New_York';
const figures = (total: number, passes = [1]) => ({
  start: '2026-11-20T13:00:00.000Z',
  end: '2026-11-20T18:00:00.000Z',
  total,
  passes,
});

describe('storm event labels', () => {
  it('gives the period in Eastern time, the end day and zone only when they change, or says it is still raining', () => {
    const started_at = '2026-11-20T13:00:00.000Z';
    expect(stormPeriodLabel({ started_at, ended_at: '2026-11-20T18:00:00.000Z' }, TZ)).toBe(
      'Nov 20, 8:00 AM – 1:00 PM EST',
    );
    expect(stormPeriodLabel({ started_at, ended_at: '2026-11-21T06:00:00.000Z' }, TZ)).toBe(
      'Nov 20, 8:00 AM – Nov 21, 1:00 AM EST',
    );
    expect(
      stormPeriodLabel({ started_at: '2026-10-31T23:00:00.000Z', ended_at: '2026-11-01T13:00:00.000Z' }, TZ),
    ).toBe('Oct 31, 7:00 PM EDT – Nov 1, 8:00 AM EST');
    expect(stormPeriodLabel({ started_at, ended_at: null }, TZ)).toBe('Nov 20, 8:00 AM EST – Not ended yet');
  });

  it('gives a due time only while an inspection waits', () => {
    const due_at = '2026-11-21T18:00:00.000Z';
    expect(stormDueLabel({ status: 'overdue', due_at }, TZ)).toBe('Due by Nov 21, 1:00 PM EST');
    expect(stormDueLabel({ status: 'due', due_at }, TZ)).toBe('Due by Nov 21, 1:00 PM EST');
    expect(stormDueLabel({ status: 'inspected', due_at }, TZ)).toBeNull();
    expect(stormDueLabel({ status: 'open', due_at: null }, TZ)).toBeNull();
  });

  it('tells what each revision did to the event', () => {
    const revised_at = '2026-11-21T15:00:00.000Z';
    expect(
      stormRevisionLabel({ revised_at, change: 'changed', before: figures(0.3), after: figures(0.42, [2]) }),
    ).toBe('Pass 2 revision: total 0.30 → 0.42 in');
    expect(
      stormRevisionLabel({ revised_at, change: 'opened', before: null, after: figures(0.5, [1, 2]) }),
    ).toBe('Pass 2 revision opened the event: total 0.50 in');
    expect(stormRevisionLabel({ revised_at, change: 'removed', before: figures(0.3), after: null })).toBe(
      `Removed: ${STORM_EVENT_MESSAGES.removed} (was 0.30 in)`,
    );
  });
});

describe('inspection times and lists', () => {
  it('reads an instant on the Eastern wall clock, across a change of clocks', () => {
    expect(wallClockAt('2026-11-21T19:30:00.000Z', TZ)).toEqual({ date: '2026-11-21', time: '14:30' });
    expect(wallClockAt('2026-07-01T03:05:00.000Z', TZ)).toEqual({ date: '2026-06-30', time: '23:05' });
  });

  it('gives the instant of an Eastern date and time with the offset of that day', () => {
    expect(instantOfWallClock({ date: '2026-11-21', time: '14:30' }, TZ)).toBe('2026-11-21T14:30:00-05:00');
    expect(instantOfWallClock({ date: '2026-07-01', time: '09:05' }, TZ)).toBe('2026-07-01T09:05:00-04:00');
    expect(instantOfWallClock({ date: '2026-11-01', time: '08:00' }, TZ)).toBe('2026-11-01T08:00:00-05:00');
  });

  it('names the Eastern clock of the day', () => {
    expect(zoneNameAt('2026-11-21T19:30:00.000Z', TZ)).toBe('EST');
    expect(zoneNameAt('2026-07-01T13:00:00.000Z', TZ)).toBe('EDT');
  });

  it('gives no instant for a missing or impossible date or time', () => {
    expect(instantOfWallClock({ date: '', time: '14:30' }, TZ)).toBe('');
    expect(instantOfWallClock({ date: '2026-11-21', time: '' }, TZ)).toBe('');
    expect(instantOfWallClock({ date: '2026-02-30', time: '10:00' }, TZ)).toBe('');
  });

  it('suggests each BMP of the earlier inspections once', () => {
    expect(
      earlierBmps([{ bmps: ['Silt fence', 'Inlet protection'] }, { bmps: ['Silt fence', 'Wattles'] }]),
    ).toEqual(['Silt fence', 'Inlet protection', 'Wattles']);
  });

  it('labels a corrective action’s due date as a calendar date', () => {
    expect(actionDueLabel('2026-11-28')).toBe('Due Nov 28, 2026');
    expect(actionDueLabel(null)).toBeNull();
  });
});

describe("the permit report's inspection words", () => {
  const due = '2026-11-11T13:00:00.000Z';
  it('says plainly whether the event was inspected, late, or not', () => {
    expect(permitInspectionWords({ status: 'inspected', due_at: due }, '2026-11-10T16:30:00.000Z')).toBe(
      'Inspected',
    );
    expect(permitInspectionWords({ status: 'inspected', due_at: due }, '2026-11-11T14:00:00.000Z')).toBe(
      'Inspected late',
    );
    expect(permitInspectionWords({ status: 'overdue', due_at: due }, null)).toBe('Not inspected (overdue)');
    expect(permitInspectionWords({ status: 'due', due_at: due }, null)).toBe('Not inspected yet');
    expect(permitInspectionWords({ status: 'past', due_at: due }, null)).toBe(
      'Not inspected (found after its deadline)',
    );
    expect(permitInspectionWords({ status: 'open', due_at: null }, null)).toBe('Storm open');
    expect(permitInspectionWords({ status: 'removed', due_at: due }, null)).toBe('Removed by NOAA revision');
  });
});

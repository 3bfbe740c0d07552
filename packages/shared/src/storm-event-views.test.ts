import { describe, expect, it } from 'vitest';
import { stormDueLabel, stormPeriodLabel, stormRevisionLabel } from './storm-event-views';
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
    expect(stormPeriodLabel({ started_at, ended_at: null }, TZ)).toBe('Nov 20, 8:00 AM EST – Still raining');
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

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shiftDate, todayIn } from './calendar';
import {
  endOfDay,
  federalHolidays,
  inspectionDueBy,
  inspectionStatus,
  isBusinessDay,
  nextBusinessDay,
  reminderAt,
} from './inspection-clock';

const iso = (date: Date) => date.toISOString();

describe('federal holidays', () => {
  it('are the eleven of 2026, Independence Day on a Saturday observed on Friday 3 July', () => {
    expect(federalHolidays(2026).map((holiday) => holiday.date)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('move a Sunday holiday to Monday and a Saturday New Year to the year before', () => {
    const dates = (year: number) => federalHolidays(year).map((holiday) => holiday.date);
    expect(dates(2022)).toEqual(expect.arrayContaining(['2022-06-20', '2022-12-26']));
    expect(dates(2022)).not.toContain('2022-01-01');
    expect(dates(2021)).toContain('2021-12-31');
    expect(federalHolidays(2020).map((holiday) => holiday.name)).not.toContain(
      'Juneteenth National Independence Day',
    );
  });

  it('find Thanksgiving on the fourth Thursday of November', () => {
    const thanksgiving = (year: number) =>
      federalHolidays(year).find((holiday) => holiday.name === 'Thanksgiving Day')?.date;
    expect([2024, 2025, 2026, 2027, 2028].map(thanksgiving)).toEqual([
      '2024-11-28',
      '2025-11-27',
      '2026-11-26',
      '2027-11-25',
      '2028-11-23',
    ]);
  });

  it('are not business days, nor are weekends', () => {
    expect(isBusinessDay('2026-11-26')).toBe(false);
    expect(isBusinessDay('2026-11-27')).toBe(true);
    expect(isBusinessDay('2026-11-28')).toBe(false);
    expect(isBusinessDay('2026-07-03')).toBe(false);
    expect(nextBusinessDay('2026-12-24')).toBe('2026-12-28');
  });
});

describe('inspection due by', () => {
  it('is 24 absolute hours after the end, across daylight saving', () => {
    expect(iso(inspectionDueBy('2026-03-07T20:00:00Z', 'within_24h'))).toBe('2026-03-08T20:00:00.000Z');
    expect(iso(inspectionDueBy('2026-10-31T20:00:00Z', 'within_24h'))).toBe('2026-11-01T20:00:00.000Z');
  });

  it.each([
    ['a Friday, to the end of Monday', '2026-11-20T20:00:00Z', '2026-11-24T04:59:59.999Z'],
    ['a Saturday, to the end of Monday', '2026-11-21T15:00:00Z', '2026-11-24T04:59:59.999Z'],
    ['a Sunday, to the end of Monday', '2026-11-22T15:00:00Z', '2026-11-24T04:59:59.999Z'],
    ['a Tuesday, to the end of Wednesday', '2026-11-24T15:00:00Z', '2026-11-26T04:59:59.999Z'],
    ['the eve of Thanksgiving, to the end of Friday', '2026-11-25T15:00:00Z', '2026-11-28T04:59:59.999Z'],
    [
      'Thursday 2 July 2026, past the observed Independence Day',
      '2026-07-02T15:00:00Z',
      '2026-07-07T03:59:59.999Z',
    ],
    [
      'the hour ending Friday midnight, to the end of Monday',
      '2026-11-21T05:00:00Z',
      '2026-11-24T04:59:59.999Z',
    ],
    ['Friday 6 March 2026, to the end of Monday in EDT', '2026-03-06T20:00:00Z', '2026-03-10T03:59:59.999Z'],
    [
      'Friday 30 October 2026, to the end of Monday in EST',
      '2026-10-30T20:00:00Z',
      '2026-11-03T04:59:59.999Z',
    ],
  ])('next business day: an event ending %s', (_, end, due) => {
    expect(iso(inspectionDueBy(end, 'next_business_day'))).toBe(due);
  });

  it('follows the time zone it is given', () => {
    expect(iso(inspectionDueBy('2026-11-20T20:00:00Z', 'next_business_day', 'America/Chicago'))).toBe(
      '2026-11-24T05:59:59.999Z',
    );
  });

  it('ends a business day after the event, with no business day between', () => {
    const endArb = fc
      .date({
        min: new Date('2021-01-01T00:00:00Z'),
        max: new Date('2030-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => new Date(Math.ceil(date.getTime() / 3_600_000) * 3_600_000));
    fc.assert(
      fc.property(endArb, (end) => {
        const due = inspectionDueBy(end, 'next_business_day');
        const dueDate = todayIn('America/New_York', due);
        expect(isBusinessDay(dueDate)).toBe(true);
        expect(due.getTime()).toBe(endOfDay(dueDate).getTime());
        expect(todayIn('America/New_York', new Date(due.getTime() + 1))).toBe(shiftDate(dueDate, 1));
        const ended = todayIn('America/New_York', new Date(end.getTime() - 1));
        for (let date = shiftDate(ended, 1); date < dueDate; date = shiftDate(date, 1)) {
          expect(isBusinessDay(date)).toBe(false);
        }
        expect(dueDate > ended).toBe(true);
      }),
    );
  });
});

describe('reminders', () => {
  it('remind 4 hours before the deadline', () => {
    expect(iso(reminderAt('2026-11-24T04:59:59.999Z'))).toBe('2026-11-24T00:59:59.999Z');
  });
});

describe('inspection status', () => {
  const event = { end: '2026-11-20T20:00:00Z' };
  const rule = 'within_24h';

  it('is open while the event is', () => {
    expect(inspectionStatus({ end: null }, null, '2026-11-20T21:00:00Z', rule)).toBe('open');
  });

  it('is due until the deadline, overdue after it', () => {
    expect(inspectionStatus(event, null, '2026-11-21T20:00:00Z', rule)).toBe('due');
    expect(inspectionStatus(event, null, '2026-11-21T20:00:00.001Z', rule)).toBe('overdue');
    expect(inspectionStatus(event, null, '2026-11-22T12:00:00Z', 'next_business_day')).toBe('due');
  });

  it('is inspected by an inspection at or after the end, even a late one', () => {
    expect(inspectionStatus(event, '2026-11-20T20:00:00Z', '2026-11-21T00:00:00Z', rule)).toBe('inspected');
    expect(inspectionStatus(event, '2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z', rule)).toBe('inspected');
    expect(inspectionStatus(event, '2026-11-20T19:00:00Z', '2026-11-22T00:00:00Z', rule)).toBe('overdue');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { locationCreateSchema, locationPatchSchema } from './locations';
import {
  accountStormThresholdSchema,
  detectStormEvents,
  reviseStormEvents,
  STORM_MESSAGES,
  STORM_SETTINGS_DEFAULTS,
  type StormEvent,
  storedThreshold,
  stormSettingsSchema,
  type WetHour,
} from './storm-events';

const HOUR_MS = 3_600_000;

/** Hourly amounts from the hour ending one hour after `from`; zeros are not stored. */
function series(from: string, amounts: readonly number[], pass = 1): WetHour[] {
  return amounts.flatMap((amount, index) =>
    amount > 0
      ? [{ endsAt: new Date(Date.parse(from) + (index + 1) * HOUR_MS), amount, pass, source: 'mrms' }]
      : [],
  );
}

const after = (from: string, hours: number) => new Date(Date.parse(from) + hours * HOUR_MS).toISOString();
const dry = (hours: number) => Array<number>(hours).fill(0);

function detect(from: string, amounts: readonly number[], threshold = 0.25, dryHours = 6) {
  const to = after(from, amounts.length);
  return detectStormEvents(series(from, amounts), { from, to, threshold, dryHours }).events;
}

describe('storm settings', () => {
  it('default to 0.25 in, within 24 hours, no routine cadence and 6 dry hours', () => {
    expect(stormSettingsSchema.parse({})).toEqual(STORM_SETTINGS_DEFAULTS);
    expect(STORM_SETTINGS_DEFAULTS).toEqual({
      storm_threshold: 0.25,
      inspection_rule: 'within_24h',
      routine_cadence_days: null,
      storm_dry_hours: 6,
    });
  });

  it('take text from forms and CSV, blank cells taking the default', () => {
    const settings = {
      storm_threshold: '0.5',
      inspection_rule: 'next_business_day',
      routine_cadence_days: '14',
    };
    expect(stormSettingsSchema.parse({ ...settings, storm_dry_hours: '12' })).toEqual({
      storm_threshold: 0.5,
      inspection_rule: 'next_business_day',
      routine_cadence_days: 14,
      storm_dry_hours: 12,
    });
    expect(stormSettingsSchema.parse({ storm_threshold: '', routine_cadence_days: 'none' })).toEqual(
      STORM_SETTINGS_DEFAULTS,
    );
  });

  it.each([
    [{ storm_threshold: 0 }, STORM_MESSAGES.threshold],
    [{ storm_threshold: 20.01 }, STORM_MESSAGES.threshold],
    [{ storm_threshold: 0.255 }, STORM_MESSAGES.threshold],
    [{ storm_threshold: 'lots' }, STORM_MESSAGES.threshold],
    [{ inspection_rule: 'weekly' }, STORM_MESSAGES.inspectionRule],
    [{ routine_cadence_days: 10 }, STORM_MESSAGES.routineCadence],
    [{ storm_dry_hours: 0 }, STORM_MESSAGES.dryHours],
    [{ storm_dry_hours: 1.5 }, STORM_MESSAGES.dryHours],
    [{ storm_dry_hours: 73 }, STORM_MESSAGES.dryHours],
  ])('refuse %j with its message', (input, message) => {
    const result = stormSettingsSchema.safeParse(input);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('accept thresholds in hundredths from 0.01 to 20 in', () => {
    for (const storm_threshold of [0.01, 0.29, 0.5, 1.15, 20]) {
      expect(stormSettingsSchema.parse({ storm_threshold }).storm_threshold).toBe(storm_threshold);
    }
  });
});

describe('storm events', () => {
  const from = '2026-06-10T04:00:00.000Z';

  it('open when the trailing 24 hours reach the threshold, starting with their first wet hour', () => {
    const [event] = detect(from, [0.1, ...dry(20), 0.1, 0.05, ...dry(6)]);
    expect(event).toEqual({
      start: from,
      end: after(from, 23),
      opened: after(from, 23),
      total: 0.25,
      wettestHour: { endsAt: after(from, 1), amount: 0.1 },
      passes: [1],
      sources: ['mrms'],
    });
  });

  it('start with the first wet hour of the 24 hours that reached the threshold, even before a dry spell', () => {
    expect(detect(from, [0.1, ...dry(10), 0.2, ...dry(6)])).toMatchObject([
      { start: from, end: after(from, 12), total: 0.3 },
    ]);
  });

  it('count an equal total, whatever floating point makes of the sum', () => {
    expect(0.02 + 0.21 + 0.02).toBeLessThan(0.25);
    expect(detect(from, [0.02, 0.21, 0.02, ...dry(6)])).toHaveLength(1);
    expect(detect(from, [0.01, 0.09, ...dry(6)], 0.1)).toHaveLength(1);
    expect(detect(from, [0.02, 0.21, 0.019, ...dry(6)])).toEqual([]);
  });

  it('do not open on 24 hours that only reach the threshold across more than 24 hours', () => {
    expect(detect(from, [0.15, ...dry(23), 0.1, ...dry(6)])).toEqual([]);
  });

  it('end after 6 dry hours, not 5, at the end of the last wet hour', () => {
    const fiveDry = detect(from, [0.3, ...dry(5), 0.1, ...dry(6)]);
    expect(fiveDry).toMatchObject([{ start: from, end: after(from, 7), total: 0.4 }]);
    const sixDry = detect(from, [0.3, ...dry(6), 0.3, ...dry(6)]);
    expect(sixDry).toMatchObject([
      { start: from, end: after(from, 1), total: 0.3 },
      { start: after(from, 7), end: after(from, 8), total: 0.3 },
    ]);
  });

  it('stay open (end null) until the dry hours are known', () => {
    expect(detect(from, [0.3, ...dry(5)])).toMatchObject([{ start: from, end: null, total: 0.3 }]);
    expect(detect(from, [0.3, ...dry(6)])).toMatchObject([{ end: after(from, 1) }]);
  });

  it('let a new event count only rain after the previous one ended', () => {
    expect(detect(from, [0.3, ...dry(6), 0.2, ...dry(6)])).toHaveLength(1);
    expect(detect(from, [0.3, ...dry(6), 0.2, 0.05, ...dry(6)])).toMatchObject([
      { total: 0.3 },
      { start: after(from, 7), total: 0.25 },
    ]);
  });

  it('treat missing hours as dry, hours outside the range as unknown', () => {
    const hours = series(from, [0.2, ...dry(3), 0.1]);
    const outside = { endsAt: from, amount: 5, pass: 1, source: 'mrms' };
    const [event] = detectStormEvents([outside, ...hours], {
      from,
      to: after(from, 11),
      threshold: 0.25,
      dryHours: 6,
    }).events;
    expect(event).toMatchObject({ start: from, end: after(from, 5), total: 0.3 });
  });

  it('record the wettest hour (the earliest of equals), the passes and the sources', () => {
    const hours: WetHour[] = [
      { endsAt: after(from, 1), amount: 0.2, pass: 2, source: 'mrms' },
      { endsAt: after(from, 2), amount: 0.3, pass: 1, source: 'simulator' },
      { endsAt: after(from, 3), amount: 0.3, pass: 2, source: 'mrms' },
    ];
    const [event] = detectStormEvents(hours, {
      from,
      to: after(from, 9),
      threshold: 0.25,
      dryHours: 6,
    }).events;
    expect(event).toMatchObject({
      wettestHour: { endsAt: after(from, 2), amount: 0.3 },
      passes: [1, 2],
      sources: ['mrms', 'simulator'],
    });
  });

  it('span midnight and a month boundary in Eastern time', () => {
    // 2026-10-31 22:00 EDT to 2026-11-01 03:00 EDT.
    const start = '2026-11-01T02:00:00.000Z';
    expect(detect(start, [0.1, 0.1, 0.1, 0.1, 0.1, ...dry(6)])).toMatchObject([
      { start, end: '2026-11-01T07:00:00.000Z', total: 0.5 },
    ]);
  });

  it('count absolute hours when clocks spring forward (2026-03-08, 02:00 EST is 03:00 EDT)', () => {
    // The hours ending 03:00 EST on 7 March and 03:00 EDT on 8 March: a wall-clock day, 23 hours.
    const start = '2026-03-07T07:00:00.000Z';
    expect(detect(start, [0.15, ...dry(22), 0.1, ...dry(6)])).toMatchObject([
      { start, end: '2026-03-08T07:00:00.000Z', total: 0.25 },
    ]);
    expect(detect(start, [0.15, ...dry(23), 0.1, ...dry(6)])).toEqual([]);
  });

  it('count both 01:00 hours when clocks fall back (2026-11-01)', () => {
    // The hours ending 01:00 EDT (05:00Z), 01:00 EST (06:00Z) and 02:00 EST (07:00Z).
    const start = '2026-11-01T04:00:00.000Z';
    expect(detect(start, [0.1, 0.1, 0.1, ...dry(6)])).toMatchObject([
      { start, end: '2026-11-01T07:00:00.000Z', total: 0.3 },
    ]);
  });

  it('refuse a carried state that does not end where the range starts', () => {
    const { state } = detectStormEvents([], { from, to: after(from, 5), threshold: 0.25, dryHours: 6 });
    expect(() =>
      detectStormEvents([], {
        from: after(from, 6),
        to: after(from, 9),
        threshold: 0.25,
        dryHours: 6,
        carried: state,
      }),
    ).toThrow(RangeError);
  });
});

describe('storm revisions', () => {
  const from = '2026-07-01T04:00:00.000Z';
  const stored = [
    { id: 1, ...detect(from, [0.3, ...dry(6)])[0] },
    { id: 2, ...detect(after(from, 20), [0.2, 0.2, ...dry(6)])[0] },
  ] as (StormEvent & { id: number })[];

  it('say nothing when the revised rainfall makes the same events', () => {
    expect(
      reviseStormEvents(
        stored,
        stored.map(({ id: _, ...event }) => event),
      ),
    ).toMatchObject({
      opened: [],
      removed: [],
      changed: [],
    });
  });

  it('open, remove and change events, keeping the stored ones as they were', () => {
    const revised = [...detect(from, [0.35, ...dry(6)]), ...detect(after(from, 50), [0.5, ...dry(6)])];
    const revision = reviseStormEvents(stored, revised);
    expect(revision.changed).toEqual([{ before: stored[0], after: revised[0] }]);
    expect(revision.removed).toEqual([stored[1]]);
    expect(revision.opened).toEqual([revised[1]]);
  });

  it('change the first and remove the second when a revision merges two events', () => {
    const two = detect(from, [0.3, ...dry(6), 0.3, ...dry(6)]);
    const merged = detect(from, [0.3, ...dry(5), 0.05, 0.3, ...dry(6)]);
    expect(reviseStormEvents(two, merged)).toMatchObject({
      opened: [],
      removed: [two[1]],
      changed: [{ before: two[0], after: merged[0] }],
    });
  });

  it('match an event with the revised one it overlaps most when a revision splits it', () => {
    const long = detect(from, [0.3, ...dry(5), 0.1, 0.2, 0.3, ...dry(6)]);
    const split = detect(from, [0.3, ...dry(6), 0.2, 0.3, ...dry(6)]);
    const revision = reviseStormEvents(long, split);
    expect(revision.changed).toEqual([{ before: long[0], after: split[1] }]);
    expect(revision.opened).toEqual([split[0]]);
    expect(revision.removed).toEqual([]);
  });
});

describe('storm event properties', () => {
  const micro = (inches: number) => Math.round(inches * 1_000_000);
  const amountArb = fc.oneof(
    { weight: 3, arbitrary: fc.constant(0) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 300 }).map((thousandths) => thousandths / 1000) },
  );
  const caseArb = fc.record({
    // Spring forward, fall back and a year's end.
    from: fc.constantFrom('2026-03-07T12:00:00.000Z', '2026-10-31T12:00:00.000Z', '2026-12-31T00:00:00.000Z'),
    amounts: fc.array(amountArb, { maxLength: 150 }),
    threshold: fc.constantFrom(0.01, 0.1, 0.25, 0.5),
    dryHours: fc.integer({ min: 1, max: 8 }),
  });
  type Case = { from: string; amounts: number[]; threshold: number; dryHours: number };

  const eventsOf = ({ from, amounts, threshold }: Case, dryHours: number) =>
    detect(from, amounts, threshold, dryHours);
  /** The index in `amounts` of the hour ending at `time`. */
  const indexAt = (from: string, time: string) => (Date.parse(time) - Date.parse(from)) / HOUR_MS - 1;
  /** The end of the hour at `index` in `amounts`. */
  const hourEnd = ({ from }: Case, index: number) =>
    new Date(Date.parse(from) + (index + 1) * HOUR_MS).toISOString();
  /** The indexes of the hours an event holds: from its first to its last wet hour, or to the range's end. */
  const indexesOf = ({ from, amounts }: Case, event: StormEvent) => {
    const first = indexAt(from, event.start) + 1;
    const last = event.end === null ? amounts.length - 1 : indexAt(from, event.end);
    return Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
  };
  const sumMicro = (amounts: number[], indexes: number[]) =>
    indexes.reduce((sum, index) => sum + micro(amounts[index] ?? 0), 0);
  const trailingMicro = (amounts: number[], index: number, after = -1) =>
    sumMicro(
      amounts,
      Array.from({ length: 24 }, (_, back) => index - back).filter((held) => held > after),
    );

  it('total the wet hours inside each event, which reach the threshold', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        for (const event of eventsOf(input, input.dryHours)) {
          expect(micro(event.total)).toBe(sumMicro(input.amounts, indexesOf(input, event)));
          expect(micro(event.total)).toBeGreaterThanOrEqual(micro(input.threshold));
        }
      }),
    );
  });

  it('never overlap: each event ends with the dry hours before the next one starts', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        const events = eventsOf(input, input.dryHours);
        events.slice(1).forEach((event, index) => {
          const previousEnd = events[index]?.end;
          expect(previousEnd).not.toBeNull();
          expect(Date.parse(event.start) - Date.parse(previousEnd as string)).toBeGreaterThanOrEqual(
            input.dryHours * HOUR_MS,
          );
        });
      }),
    );
  });

  /** The hour an event opened: the first whose 24 hours, from the event's first hour, reach the threshold. */
  const openingOf = (input: Case, event: StormEvent) => {
    const indexes = indexesOf(input, event);
    const first = (indexes[0] as number) - 1;
    return indexes.find((index) => trailingMicro(input.amounts, index, first) >= micro(input.threshold));
  };

  it('open at an hour whose trailing 24 hours reach the threshold', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        for (const event of eventsOf(input, input.dryHours)) {
          const opening = openingOf(input, event);
          expect(opening).toBeDefined();
          expect(trailingMicro(input.amounts, opening as number)).toBeGreaterThanOrEqual(
            micro(input.threshold),
          );
          expect(event.opened).toBe(hourEnd(input, opening as number));
        }
      }),
    );
  });

  it('hold no run of dry hours long enough to end them once open, and are followed by one when closed', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        for (const event of eventsOf(input, input.dryHours)) {
          const opening = openingOf(input, event) as number;
          const wet = indexesOf(input, event).filter(
            (index) => index >= opening && (input.amounts[index] ?? 0) > 0,
          );
          wet.slice(1).forEach((index, position) => {
            expect(index - (wet[position] as number) - 1).toBeLessThan(input.dryHours);
          });
          if (event.end === null) continue;
          const last = indexAt(input.from, event.end);
          const following = input.amounts.slice(last + 1, last + 1 + input.dryHours);
          expect(following).toEqual(dry(input.dryHours));
        }
      }),
    );
  });

  it('miss no hour whose 24 hours since the last event reach the threshold', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        const events = eventsOf(input, input.dryHours);
        const held = new Set(events.flatMap((event) => indexesOf(input, event)));
        let lastEnd = -1;
        input.amounts.forEach((amount, index) => {
          const ended = events.filter((event) => event.end && indexAt(input.from, event.end) < index).at(-1);
          lastEnd = ended?.end ? indexAt(input.from, ended.end) : lastEnd;
          if (amount === 0 || held.has(index)) return;
          expect(trailingMicro(input.amounts, index, lastEnd)).toBeLessThan(micro(input.threshold));
        });
      }),
    );
  });

  it('come out the same when the range is detected in two pieces, carrying the state', () => {
    fc.assert(
      fc.property(caseArb, fc.nat(), (input, cut) => {
        const { from, amounts, threshold, dryHours } = input;
        const split = after(from, cut % (amounts.length + 1));
        const to = after(from, amounts.length);
        const hours = series(from, amounts);
        const whole = detectStormEvents(hours, { from, to, threshold, dryHours });
        const first = detectStormEvents(hours, { from, to: split, threshold, dryHours });
        const second = detectStormEvents(hours, {
          from: split,
          to,
          threshold,
          dryHours,
          carried: first.state,
        });
        const closed = first.events.filter((event) => event.end !== null);
        expect([...closed, ...second.events]).toEqual(whole.events);
        expect(second.state).toEqual(whole.state);
      }),
    );
  });

  it('are unchanged by a revision that makes the same events', () => {
    fc.assert(
      fc.property(caseArb, (input) => {
        const events = eventsOf(input, input.dryHours);
        const revision = reviseStormEvents(events, structuredClone(events));
        expect(revision).toMatchObject({ opened: [], removed: [], changed: [] });
        expect(revision.kept.map((pair) => pair.before)).toEqual(events);
      }),
    );
  });

  it('account for every stored and every revised event once after a revision', () => {
    const revisionArb = fc.array(fc.integer({ min: -100, max: 100 }), { maxLength: 150 });
    fc.assert(
      fc.property(caseArb, revisionArb, (input, deltas) => {
        const revised = input.amounts.map((amount, index) =>
          Math.max(0, Math.round(amount * 1000 + (deltas[index] ?? 0)) / 1000),
        );
        const before = eventsOf(input, input.dryHours);
        const after = eventsOf({ ...input, amounts: revised }, input.dryHours);
        const { opened, removed, changed, kept } = reviseStormEvents(before, after);
        expect(before.length - removed.length).toBe(after.length - opened.length);
        expect(changed.length + kept.length).toBe(before.length - removed.length);
        expect(new Set([...removed, ...changed.map((change) => change.before)]).size).toBe(
          removed.length + changed.length,
        );
        for (const { before: stored, after: revision } of changed) {
          expect(Date.parse(stored.start)).toBeLessThan(Date.parse(revision.end ?? '9999-12-31'));
          expect(Date.parse(revision.start)).toBeLessThan(Date.parse(stored.end ?? '9999-12-31'));
        }
      }),
    );
  });
});

describe('the storm settings of the location API (issue 28 point 1)', () => {
  const YARD = { name: 'Yard', latitude: 30.1, longitude: -95.2 };

  it('leaves out what is not given, so a patch keeps it and a new location takes the defaults', () => {
    const created = locationCreateSchema.parse({ ...YARD, storm_threshold: '', inspection_rule: '' });
    expect(created.storm_threshold).toBeUndefined();
    expect(created.inspection_rule).toBeUndefined();
    expect(created.routine_cadence_days).toBeUndefined();
    expect(locationPatchSchema.parse({ name: 'Gate' })).toEqual({ name: 'Gate' });
    expect(accountStormThresholdSchema.parse(undefined)).toBeUndefined();
  });

  it('reads text as the form sends it; null or none is no routine cadence', () => {
    expect(
      locationPatchSchema.parse({
        storm_threshold: '0.5',
        inspection_rule: 'next_business_day',
        routine_cadence_days: '14',
      }),
    ).toEqual({ storm_threshold: 0.5, inspection_rule: 'next_business_day', routine_cadence_days: 14 });
    expect(locationPatchSchema.parse({ routine_cadence_days: null }).routine_cadence_days).toBeNull();
    expect(locationPatchSchema.parse({ routine_cadence_days: 'none' }).routine_cadence_days).toBeNull();
  });

  it('refuses bad values with the shared messages', () => {
    const messages = (payload: unknown) => [
      ...new Set((locationPatchSchema.safeParse(payload).error?.issues ?? []).map((issue) => issue.message)),
    ];
    expect(messages({ storm_threshold: 0.005 })).toEqual([STORM_MESSAGES.threshold]);
    expect(messages({ storm_threshold: 0.333 })).toEqual([STORM_MESSAGES.threshold]);
    expect(messages({ inspection_rule: 'weekly' })).toEqual([STORM_MESSAGES.inspectionRule]);
    expect(messages({ routine_cadence_days: 30 })).toEqual([STORM_MESSAGES.routineCadence]);
    expect(z.safeParse(accountStormThresholdSchema, 25).error?.issues[0]?.message).toBe(
      STORM_MESSAGES.threshold,
    );
  });

  it('gives back the hundredths a 4-byte real stored', () => {
    expect(storedThreshold(Math.fround(0.01))).toBe(0.01);
    expect(storedThreshold(Math.fround(1.37))).toBe(1.37);
  });
});

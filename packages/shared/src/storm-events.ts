import { z } from 'zod';

/**
 * Storm events (issue 28): a location's permit threshold, its inspection rule and cadence, and
 * the events its stored hourly rainfall makes. The EPA Construction General Permit counts a
 * storm of 0.25 in or more within 24 hours; many state permits use 0.5 in.
 */

export const STORM_THRESHOLD = { default: 0.25, min: 0.01, max: 20 } as const;
export const STORM_DRY_HOURS = { default: 6, min: 1, max: 72 } as const;

/** Within 24 hours of the event's end, or by the end of the next business day (Eastern). */
export const INSPECTION_RULES = ['within_24h', 'next_business_day'] as const;
export type InspectionRule = (typeof INSPECTION_RULES)[number];
export const INSPECTION_RULE_LABELS: Record<InspectionRule, string> = {
  within_24h: 'Within 24 hours',
  next_business_day: 'By end of next business day',
};

/** Days between routine inspections; null is none. */
export const ROUTINE_CADENCES = [7, 14] as const;
export type RoutineCadence = (typeof ROUTINE_CADENCES)[number];

export const STORM_SETTINGS_DEFAULTS = {
  storm_threshold: STORM_THRESHOLD.default,
  inspection_rule: 'within_24h' as InspectionRule,
  routine_cadence_days: null as RoutineCadence | null,
  storm_dry_hours: STORM_DRY_HOURS.default,
};

export const STORM_MESSAGES = {
  threshold: `Storm threshold must be from ${STORM_THRESHOLD.min} to ${STORM_THRESHOLD.max} inches, in hundredths`,
  inspectionRule: 'Inspection rule must be within 24 hours or by the end of the next business day',
  routineCadence: `Routine inspections must be every ${ROUTINE_CADENCES.join(' or ')} days, or none`,
  dryHours: `Dry hours must be a whole number from ${STORM_DRY_HOURS.min} to ${STORM_DRY_HOURS.max}`,
};

function inHundredths(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;
}

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const noneToNull = (value: unknown) =>
  value === '' || value === 'none' || value === undefined ? null : value;

/** Forms and CSV send text: numbers are coerced, a blank cell takes the default, 'none' no cadence. */
export const stormSettingsSchema = z.object({
  storm_threshold: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: STORM_MESSAGES.threshold })
      .min(STORM_THRESHOLD.min, STORM_MESSAGES.threshold)
      .max(STORM_THRESHOLD.max, STORM_MESSAGES.threshold)
      .refine(inHundredths, STORM_MESSAGES.threshold)
      .default(STORM_SETTINGS_DEFAULTS.storm_threshold),
  ),
  inspection_rule: z.preprocess(
    blankToUndefined,
    z
      .enum(INSPECTION_RULES, { error: STORM_MESSAGES.inspectionRule })
      .default(STORM_SETTINGS_DEFAULTS.inspection_rule),
  ),
  routine_cadence_days: z.preprocess(
    noneToNull,
    z.coerce
      .number({ error: STORM_MESSAGES.routineCadence })
      .pipe(z.literal(ROUTINE_CADENCES, { error: STORM_MESSAGES.routineCadence }))
      .nullable(),
  ),
  storm_dry_hours: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: STORM_MESSAGES.dryHours })
      .int(STORM_MESSAGES.dryHours)
      .min(STORM_DRY_HOURS.min, STORM_MESSAGES.dryHours)
      .max(STORM_DRY_HOURS.max, STORM_MESSAGES.dryHours)
      .default(STORM_SETTINGS_DEFAULTS.storm_dry_hours),
  ),
});
export type StormSettings = z.output<typeof stormSettingsSchema>;
export type StormSettingsInput = z.input<typeof stormSettingsSchema>;

/** One stored wet hour at a location (rainfall_hourly): the hour ending at `endsAt`, in inches. */
export interface WetHour {
  endsAt: Date | string;
  amount: number;
  pass: number;
  /** The source's name in rainfall_sources ('mrms', 'simulator'). */
  source: string;
}

export interface StormEvent {
  /** The start of the event's first wet hour (ISO 8601, UTC). */
  start: string;
  /** The end of its last wet hour; null while fewer than the dry hours have followed it. */
  end: string | null;
  /** The end of the hour its total reached the threshold: when the event opened. */
  opened: string;
  /** Inches, the sum of its wet hours. */
  total: number;
  wettestHour: { endsAt: string; amount: number };
  /** The passes and sources of its hours, each once, sorted. */
  passes: number[];
  sources: string[];
}

/** Where a detection stopped, to carry into the next one; plain JSON, so it can be stored. */
export interface StormDetectionState {
  /** The end of the range it covered: the next detection starts here. */
  at: string;
  /** Wet hours of the trailing 24 hours that no event holds, oldest first. */
  recent: WetHour[];
  /** The wet hours of the event still open at `at`; empty when none is. */
  open: WetHour[];
}

export interface StormDetectionOptions {
  /** The hours known: those ending after `from` and at or before `to`. A missing hour is dry. */
  from: Date | string;
  to: Date | string;
  /** Inches in 24 hours. */
  threshold: number;
  dryHours: number;
  /** The state of the detection that ended at `from`. */
  carried?: StormDetectionState;
}

export interface StormDetection {
  /** Oldest first; the last one may be open (end null). */
  events: StormEvent[];
  state: StormDetectionState;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Amounts are added as whole millionths of an inch: a sliding 24-hour sum then neither drifts
 * nor misses an equal threshold (0.1 + 0.15 reaches 0.25). Stored amounts are 4-byte reals,
 * about 7 significant digits, so nothing measurable is lost.
 */
const MICRO = 1_000_000;
const toMicro = (inches: number) => Math.round(inches * MICRO);
const toInches = (micro: number) => micro / MICRO;

const instant = (time: Date | string) => (typeof time === 'string' ? Date.parse(time) : time.getTime());
const iso = (ms: number) => new Date(ms).toISOString();

interface Hour {
  endsAt: number;
  micro: number;
  pass: number;
  source: string;
}

function hourOf(wet: WetHour): Hour {
  return { endsAt: instant(wet.endsAt), micro: toMicro(wet.amount), pass: wet.pass, source: wet.source };
}

function wetHourOf(hour: Hour): WetHour {
  return { endsAt: iso(hour.endsAt), amount: toInches(hour.micro), pass: hour.pass, source: hour.source };
}

const sumOf = (hours: Hour[]) => hours.reduce((sum, hour) => sum + hour.micro, 0);

/** The first hour whose running total reaches the threshold: all of an event's hours up to its opening lie within 24 hours. */
function openingHour(hours: Hour[], threshold: number): Hour {
  let sum = 0;
  for (const hour of hours) {
    sum += hour.micro;
    if (sum >= threshold) return hour;
  }
  return hours[hours.length - 1] as Hour;
}

function eventOf(hours: Hour[], closed: boolean, threshold: number): StormEvent {
  const first = hours[0] as Hour;
  const last = hours[hours.length - 1] as Hour;
  // Of equally wet hours, the earliest is the wettest.
  const wettest = hours.reduce((best, hour) => (hour.micro > best.micro ? hour : best), first);
  return {
    start: iso(first.endsAt - HOUR_MS),
    end: closed ? iso(last.endsAt) : null,
    opened: iso(openingHour(hours, threshold).endsAt),
    total: toInches(sumOf(hours)),
    wettestHour: { endsAt: iso(wettest.endsAt), amount: toInches(wettest.micro) },
    passes: [...new Set(hours.map((hour) => hour.pass))].sort((a, b) => a - b),
    sources: [...new Set(hours.map((hour) => hour.source))].sort(),
  };
}

/**
 * The storm events of one location's hourly rainfall (issue 28). An event opens at the hour
 * the trailing 24 hours reach the threshold (equal counts) and starts with the first wet hour
 * of those 24 hours, so every event holds at least the threshold. It ends with its last wet
 * hour once `dryHours` dry hours follow. Hours are absolute (UTC instants): midnight and
 * daylight saving change nothing. The next event counts only rain after the previous one's
 * end, so events never overlap. Detecting a range in pieces, each with the state the one
 * before returned, gives the events of the whole range.
 */
export function detectStormEvents(
  intervals: readonly WetHour[],
  options: StormDetectionOptions,
): StormDetection {
  const from = instant(options.from);
  const to = instant(options.to);
  if (options.carried && instant(options.carried.at) !== from) {
    throw new RangeError('The carried state must end where the range starts');
  }
  const threshold = toMicro(options.threshold);
  const dryGap = options.dryHours * HOUR_MS;
  const events: StormEvent[] = [];
  let recent = (options.carried?.recent ?? []).map(hourOf);
  let open = (options.carried?.open ?? []).map(hourOf);

  const known = intervals
    .map(hourOf)
    .filter((hour) => hour.micro > 0 && hour.endsAt > from && hour.endsAt <= to)
    .sort((a, b) => a.endsAt - b.endsAt);
  for (const hour of known) {
    const lastWet = open[open.length - 1];
    // Dry hours between two wet hours: one fewer than the hours from one end to the other.
    if (lastWet && hour.endsAt - lastWet.endsAt - HOUR_MS >= dryGap) {
      events.push(eventOf(open, true, threshold));
      open = [];
    }
    if (open.length > 0) {
      open.push(hour);
      continue;
    }
    recent = [...recent.filter((held) => held.endsAt > hour.endsAt - DAY_MS), hour];
    if (sumOf(recent) >= threshold) {
      open = recent;
      recent = [];
    }
  }

  const lastWet = open[open.length - 1];
  if (lastWet && to - lastWet.endsAt >= dryGap) {
    events.push(eventOf(open, true, threshold));
    open = [];
  }
  if (open.length > 0) events.push(eventOf(open, false, threshold));
  recent = recent.filter((held) => held.endsAt > to - DAY_MS);
  return { events, state: { at: iso(to), recent: recent.map(wetHourOf), open: open.map(wetHourOf) } };
}

export interface StormRevision<T extends StormEvent> {
  /** Events the revised rainfall makes that no stored one overlaps. */
  opened: StormEvent[];
  /** Stored events the revised rainfall no longer makes: no revised event overlaps them. */
  removed: T[];
  /** Stored events whose start, end or total the revised rainfall changes (an open one closing too). */
  changed: { before: T; after: StormEvent }[];
  /** Stored events whose figures stay: their passes, sources or wettest hour may still differ. */
  kept: { before: T; after: StormEvent }[];
}

/** An open event reaches to the end of time. */
function overlapMs(a: StormEvent, b: StormEvent): number {
  const end = (event: StormEvent) => (event.end === null ? Number.POSITIVE_INFINITY : Date.parse(event.end));
  return Math.min(end(a), end(b)) - Math.max(Date.parse(a.start), Date.parse(b.start));
}

function sameFigures(a: StormEvent, b: StormEvent): boolean {
  return a.start === b.start && a.end === b.end && toMicro(a.total) === toMicro(b.total);
}

/**
 * What a revision (Pass 2 replacing Pass 1) does to the stored events, given the events
 * detected again on the revised rainfall over the same range: pass only the stored events of
 * that range. Each stored event is matched with the unmatched revised event it overlaps most
 * (the earliest of equals), oldest stored event first; when a revision merges two events, the
 * first changes and the second is removed.
 */
export function reviseStormEvents<T extends StormEvent>(
  previous: readonly T[],
  next: readonly StormEvent[],
): StormRevision<T> {
  const byStart = (a: StormEvent, b: StormEvent) => Date.parse(a.start) - Date.parse(b.start);
  const unmatched = new Set([...next].sort(byStart));
  const removed: T[] = [];
  const changed: { before: T; after: StormEvent }[] = [];
  const kept: { before: T; after: StormEvent }[] = [];
  for (const before of [...previous].sort(byStart)) {
    let after: StormEvent | undefined;
    for (const candidate of unmatched) {
      const overlap = overlapMs(before, candidate);
      if (overlap > 0 && (!after || overlap > overlapMs(before, after))) after = candidate;
    }
    if (!after) {
      removed.push(before);
      continue;
    }
    unmatched.delete(after);
    (sameFigures(before, after) ? kept : changed).push({ before, after });
  }
  return { opened: [...unmatched], removed, changed, kept };
}

const blankToAbsent = (value: unknown) => (value === '' ? undefined : value);

/**
 * A location's storm settings in the API (issue 28), each optional: a field left out (or a
 * blank threshold or rule) keeps the saved value, or on a new location takes the default (the
 * account's threshold); `routine_cadence_days` null or 'none' is no routine inspections.
 */
export const locationStormFields = {
  storm_threshold: z.preprocess(blankToAbsent, stormSettingsSchema.shape.storm_threshold.optional()),
  inspection_rule: z.preprocess(blankToAbsent, stormSettingsSchema.shape.inspection_rule.optional()),
  routine_cadence_days: stormSettingsSchema.shape.routine_cadence_days.optional(),
};

/** The account's default permit threshold (the client settings' `storm_threshold`). */
export const accountStormThresholdSchema = locationStormFields.storm_threshold;

/** The dry hours that end a storm event at the account's locations (the client settings' `storm_dry_hours`). */
export const accountStormDryHoursSchema = z.preprocess(
  blankToAbsent,
  stormSettingsSchema.shape.storm_dry_hours.optional(),
);

/** The account's storm settings, as its settings page sends them. */
export const accountStormSettingsSchema = z.object({
  storm_threshold: accountStormThresholdSchema,
  storm_dry_hours: accountStormDryHoursSchema,
});
export type AccountStormSettings = z.output<typeof accountStormSettingsSchema>;

/** A threshold read back from a 4-byte real column, in the hundredths it was saved in. */
export function storedThreshold(value: number): number {
  return Math.round(value * 100) / 100;
}

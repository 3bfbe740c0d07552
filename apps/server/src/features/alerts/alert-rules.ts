import { levelAllows } from '@pluvio/shared/gates';
import { type Atlas14Threshold, effectiveRapidrainThreshold } from '@pluvio/shared/locations';
import { ATLAS14_RECURRENCE_YEARS, recurrenceReached } from '@pluvio/shared/rainfall';
import type { TierNumber } from '@pluvio/shared/tiers';
import type { AlertKind } from '../../core/tables/alerts';

/** What the rules read about one location at one interval end. */
export interface LocationReading {
  locationId: number;
  clientId: number;
  h24Threshold: number;
  rapidrainThreshold: number | null;
  atlas14: Atlas14Threshold | null;
  /** The account's level (a trial is Gold, D9) and notification settings. */
  level: TierNumber;
  /** False for an account that is not active, or whose trial has ended (D9): nothing is watched. */
  monitored: boolean;
  settings: {
    exceed24hOn: boolean;
    atlas14On: boolean;
    atlas14H24On: boolean;
    atlas14H1On: boolean;
    atlas14FirstOn: boolean;
    rapidrainOn: boolean;
  };
  /** Hourly intervals: the trailing 24 hours and the hour itself; 15-minute ones: the quarter. */
  trailing24h: number;
  amount: number;
}

/** The condition a kind watches at one interval: the value, the level that starts an event, and the levels above it. */
export interface Watch {
  kind: AlertKind;
  value: number;
  threshold: number;
  /** Depths per recurrence interval (Atlas 14 kinds); empty for the others. */
  depths: readonly number[];
  /** Alert again for each larger recurrence interval within one event. */
  escalates: boolean;
}

/** The open event of a location and kind. */
export interface OpenEvent {
  startedAt: Date;
  recurrenceYears: number;
}

export type Decision =
  | { action: 'open'; recurrenceYears: number; alert: true }
  | { action: 'raise'; recurrenceYears: number; alert: boolean }
  | { action: 'close' }
  | { action: 'none' };

export const HOURLY_KINDS: readonly AlertKind[] = ['exceed24h', 'atlas14_24h', 'atlas14_1h'];
export const QUARTER_KINDS: readonly AlertKind[] = ['rapidrain'];

/** The watches that apply to a location at an hourly or a 15-minute interval, given its account's level and settings. */
export function watchesFor(reading: LocationReading, product: '1h' | '15m'): Watch[] {
  const { settings } = reading;
  if (!reading.monitored) return [];
  const { level } = reading;
  const atlas =
    levelAllows(level, 'atlas14Notices') && settings.atlas14On && reading.atlas14 ? reading.atlas14 : null;
  const watches: Watch[] = [];
  if (product === '15m') {
    if (levelAllows(level, 'rapidrainNotices') && settings.rapidrainOn) {
      const threshold = effectiveRapidrainThreshold({
        h24_threshold: reading.h24Threshold,
        rapidrain_threshold: reading.rapidrainThreshold,
      });
      watches.push({ kind: 'rapidrain', value: reading.amount, threshold, depths: [], escalates: false });
    }
    return watches;
  }
  if (settings.exceed24hOn) {
    watches.push({
      kind: 'exceed24h',
      value: reading.trailing24h,
      threshold: reading.h24Threshold,
      depths: [],
      escalates: false,
    });
  }
  const escalates = !settings.atlas14FirstOn;
  if (atlas && settings.atlas14H24On && atlas['24h'].length > 0) {
    watches.push(atlasWatch('atlas14_24h', reading.trailing24h, atlas['24h'], escalates));
  }
  if (atlas && settings.atlas14H1On && atlas['1h'].length > 0) {
    watches.push(atlasWatch('atlas14_1h', reading.amount, atlas['1h'], escalates));
  }
  return watches;
}

/** The threshold an alert names: the depth of the recurrence interval reached, or the plain threshold. */
export function thresholdReached(watch: Watch, recurrenceYears: number): number {
  if (watch.depths.length === 0) return watch.threshold;
  const index = ATLAS14_RECURRENCE_YEARS.indexOf(
    recurrenceYears as (typeof ATLAS14_RECURRENCE_YEARS)[number],
  );
  return watch.depths[index] ?? watch.threshold;
}

function atlasWatch(kind: AlertKind, value: number, depths: readonly number[], escalates: boolean): Watch {
  return { kind, value, threshold: depths[0] ?? Number.POSITIVE_INFINITY, depths, escalates };
}

/**
 * D17: an event opens when the value reaches the threshold (an alert), stays open while it is
 * at or above it, and closes when it falls back below. Within an event each larger recurrence
 * interval alerts again unless the account asked for the first crossing only.
 */
export function decide(watch: Watch | undefined, open: OpenEvent | undefined): Decision {
  if (!watch || watch.value < watch.threshold) return open ? { action: 'close' } : { action: 'none' };
  const years = recurrenceReached(watch.value, watch.depths);
  if (!open) return { action: 'open', recurrenceYears: years, alert: true };
  if (years > open.recurrenceYears)
    return { action: 'raise', recurrenceYears: years, alert: watch.escalates };
  return { action: 'none' };
}

/** Forecast notices are a gold feature (spec part 2 §6); a trial account is gold (D9). */
export function receivesForecastNotices(level: TierNumber): boolean {
  return levelAllows(level, 'forecastNotices');
}

import { passesTierGate, type Viewer } from './roles';
import { meetsTier, TIER, type TierNumber } from './tiers';

/**
 * Every feature a service tier unlocks, and the lowest level that unlocks it (spec part 1 §5-6,
 * part 2 §6, D7, D9). The server refuses and the web app shows, hides or dims by this one table.
 */
export const FEATURE_GATES = {
  /** The Settings link for account managers and the Assignments link. */
  settings: TIER.bronze,
  assignments: TIER.bronze,
  /** Notification settings of the daily report e-mail and the 24-hour threshold notices. */
  dailyReportNotices: TIER.bronze,
  thresholdNotices: TIER.bronze,

  /** The RapidRain chart. */
  rapidrain: TIER.silver,
  rapidrainNotices: TIER.silver,
  /** A location's own RapidRain threshold; below it the 24-hour one applies. */
  rapidrainThreshold: TIER.silver,
  /** The NOAA Atlas 14 depths of a location, its chart tab and the daily report's Atlas 14 column. */
  atlas14: TIER.silver,
  atlas14Notices: TIER.silver,
  /** The dashboard's 'Above NOAA 14' filter. */
  aboveAtlas14Filter: TIER.silver,
  /** Red (at or above the 1-year 24-hour Atlas 14 depth) in colours and legends. */
  atlas14Colour: TIER.silver,
  quarterHourData: TIER.silver,
  locationBulkUpload: TIER.silver,
  locationDelete: TIER.silver,
  /** The hidden Switch User link (/double). */
  switchUser: TIER.silver,
  weeklyReport: TIER.silver,
  dailyReport: TIER.silver,
  rapidrainReport: TIER.silver,
  /** The permit report: storm events and their inspections (issue 28). */
  permitReport: TIER.silver,
  /** Outgoing webhooks of the account's events (issue 29), managed by its owner. */
  webhooks: TIER.silver,

  /** The selected location's 3-day forecast. */
  siteForecast: TIER.gold,
  forecastNotices: TIER.gold,
  /** The monthly report of the month not yet over. */
  currentMonthReport: TIER.gold,
} as const satisfies Record<string, TierNumber>;

export type Feature = keyof typeof FEATURE_GATES;

/**
 * What a viewer may use on screen and through the API: the Owner role passes every gate
 * (spec part 1 §5, §6).
 */
export function canUse(viewer: Viewer, feature: Feature): boolean {
  return passesTierGate(viewer, FEATURE_GATES[feature]);
}

/**
 * What an account's level allows whoever asks: account settings, location management, the
 * header's links, colours and what background jobs send.
 */
export function levelAllows(level: TierNumber, feature: Feature): boolean {
  return meetsTier(level, FEATURE_GATES[feature]);
}

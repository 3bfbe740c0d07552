import { describe, expect, it } from 'vitest';
import { canUse, FEATURE_GATES, type Feature, levelAllows } from './gates';
import type { Viewer } from './roles';
import { TIER, type TierNumber } from './tiers';

const client = (tier: TierNumber): Viewer => ({ role: 'client', coOwner: false, isSuperuser: false, tier });

/** The lowest level each feature needs, as the specification states it (part 1 §5-6, part 2 §6). */
const SPEC_LEVELS: Record<Feature, TierNumber> = {
  settings: 1,
  assignments: 1,
  dailyReportNotices: 1,
  thresholdNotices: 1,
  rapidrain: 2,
  rapidrainNotices: 2,
  rapidrainThreshold: 2,
  atlas14: 2,
  atlas14Notices: 2,
  aboveAtlas14Filter: 2,
  atlas14Colour: 2,
  quarterHourData: 2,
  locationBulkUpload: 2,
  locationDelete: 2,
  switchUser: 2,
  weeklyReport: 2,
  dailyReport: 2,
  rapidrainReport: 2,
  permitReport: 2,
  webhooks: 2,
  siteForecast: 3,
  forecastNotices: 3,
  currentMonthReport: 3,
};

const features = Object.keys(FEATURE_GATES) as Feature[];
const allowedAt = (level: TierNumber) => features.filter((feature) => levelAllows(level, feature)).sort();

describe('feature gates', () => {
  it('gates each feature at the level of the specification', () => {
    expect(FEATURE_GATES).toEqual(SPEC_LEVELS);
  });

  it('gives an unknown tier nothing, bronze the settings and daily notices, silver all but forecasts and the current month', () => {
    expect(allowedAt(TIER.unknown)).toEqual([]);
    expect(allowedAt(TIER.bronze)).toEqual(
      ['assignments', 'dailyReportNotices', 'settings', 'thresholdNotices'].sort(),
    );
    expect(allowedAt(TIER.silver)).toEqual(
      features
        .filter((feature) => !['siteForecast', 'forecastNotices', 'currentMonthReport'].includes(feature))
        .sort(),
    );
    expect(allowedAt(TIER.gold)).toEqual([...features].sort());
    expect(allowedAt(TIER.superuser)).toEqual([...features].sort());
  });

  it('lets a viewer use what the level allows, and the Owner role use everything', () => {
    expect(canUse(client(TIER.bronze), 'rapidrain')).toBe(false);
    expect(canUse(client(TIER.silver), 'rapidrain')).toBe(true);
    expect(canUse(client(TIER.silver), 'siteForecast')).toBe(false);
    expect(canUse(client(TIER.gold), 'siteForecast')).toBe(true);
    const owner: Viewer = { role: 'Owner', coOwner: false, isSuperuser: false, tier: TIER.unknown };
    for (const feature of features) expect(canUse(owner, feature)).toBe(true);
  });
});

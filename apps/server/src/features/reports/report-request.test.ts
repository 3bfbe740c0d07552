import { MESSAGES } from '@pluvio/shared/messages';
import { REPORT_MESSAGES } from '@pluvio/shared/reports';
import type { Viewer } from '@pluvio/shared/roles';
import { TIER } from '@pluvio/shared/tiers';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/lib/errors';
import {
  checkLocationReportDates,
  locationReportType,
  requireReportType,
  uniqueRecipients,
} from './report-request';

const viewer = (tier: number): Viewer =>
  ({ role: 'client', coOwner: false, isSuperuser: false, tier }) as Viewer;
const TODAY = '2026-11-21';

function refusal(check: () => void): [number, unknown] | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof AppError) return [error.statusCode, error.detail];
    throw error;
  }
}

describe('the type of a location report', () => {
  it('is RapidRain by its path, as asked otherwise, or inferred from the dates', () => {
    expect(locationReportType('rapidrain_by_date_range', undefined, '2026-10-01', '2026-10-31')).toBe(
      'rapidrain',
    );
    expect(locationReportType('data_by_date_range', 'weekly', '2026-11-14', '2026-11-21')).toBe('weekly');
    expect(locationReportType('data_by_date_range', undefined, '2024-10-31', '2024-11-03')).toBe(
      'historical',
    );
    expect(locationReportType('data_by_date_range', undefined, '2026-02-01', '2026-02-28')).toBe('monthly');
    expect(locationReportType('data_by_date_range', undefined, '2026-02-01', '2026-02-27')).toBe('daily');
  });
});

describe('report dates', () => {
  const gold = viewer(TIER.gold);
  const silver = viewer(TIER.silver);
  it.each([
    ['daily', '2022-10-31', '2024-11-05', gold, [400, REPORT_MESSAGES.reportsStart]],
    ['daily', '2026-11-10', '2026-11-01', gold, [400, REPORT_MESSAGES.order]],
    ['daily', '2024-01-01', '2024-10-31', gold, [400, REPORT_MESSAGES.toDateTooEarly]],
    ['daily', '2026-11-01', '2026-11-22', gold, [400, REPORT_MESSAGES.futureDates]],
    ['daily', '2022-11-01', '2026-11-21', gold, [400, REPORT_MESSAGES.tooManyDays]],
    ['historical', '2023-01-01', '2024-11-01', gold, [400, REPORT_MESSAGES.historicalEnds]],
    ['monthly', '2026-10-01', '2026-10-30', gold, [400, REPORT_MESSAGES.notAMonth]],
    ['monthly', '2026-12-01', '2026-12-31', gold, [400, REPORT_MESSAGES.futureMonth]],
    ['monthly', '2024-10-01', '2024-10-31', gold, [400, REPORT_MESSAGES.toDateTooEarly]],
    ['monthly', '2026-11-01', '2026-11-30', silver, [403, MESSAGES.tierTooLow]],
    ['monthly', '2026-11-01', '2026-11-30', gold, null],
    ['monthly', '2026-10-01', '2026-10-31', silver, null],
    ['historical', '2022-11-01', '2024-10-31', gold, null],
    ['daily', '2024-10-15', '2024-11-10', gold, null],
    ['weekly', '2026-11-14', '2026-11-21', gold, null],
  ] as const)('%s %s to %s', (type, from, to, who, expected) => {
    expect(refusal(() => checkLocationReportDates(type, from, to, TODAY, who))).toEqual(expected);
  });
});

describe('report type gates', () => {
  it('refuses custom, weekly and RapidRain below silver; the Owner role and superusers pass', () => {
    for (const type of ['daily', 'weekly', 'rapidrain'] as const) {
      expect(refusal(() => requireReportType(viewer(TIER.bronze), type))).toEqual([403, MESSAGES.tierTooLow]);
      expect(refusal(() => requireReportType(viewer(TIER.silver), type))).toBeNull();
      expect(
        refusal(() => requireReportType({ ...viewer(TIER.bronze), role: 'Owner' } as Viewer, type)),
      ).toBeNull();
    }
    expect(refusal(() => requireReportType(viewer(TIER.bronze), 'monthly'))).toBeNull();
    expect(refusal(() => requireReportType(viewer(TIER.bronze), 'historical'))).toBeNull();
  });
});

describe('recipients', () => {
  it('keeps each address once, whatever its case', () => {
    expect(uniqueRecipients(['a@example.com', ' A@Example.com', 'b@example.com'])).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  isHistoricalRange,
  isWholeMonth,
  monthRange,
  picksLocations,
  REPORT_TYPE_LABELS,
  readsRainfall,
  reportDateLimits,
  reportDefaults,
  reportNextSteps,
  reportRequestSchema,
  reportTypeAllowed,
  reportTypesFor,
  submitLabel,
} from './reports';
import { TIER } from './tiers';

const today = '2026-11-24';

describe('report dates', () => {
  it('computes the first and last day of a month, leap years included', () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(isWholeMonth('2026-10-01', '2026-10-31')).toBe(true);
    expect(isWholeMonth('2026-10-01', '2026-10-30')).toBe(false);
  });

  it('offers the current month from gold and the previous month below (part 2 §5)', () => {
    expect(reportDateLimits('monthly', TIER.gold, today).month).toEqual({ min: '2024-11', max: '2026-11' });
    expect(reportDateLimits('monthly', TIER.silver, today).month).toEqual({ min: '2024-11', max: '2026-10' });
  });

  it('defaults monthly to the previous month below silver and the current month otherwise, within the maximum (part 2 §4)', () => {
    expect(reportDefaults('monthly', TIER.bronze, today).month).toBe('2026-10');
    expect(reportDefaults('monthly', TIER.silver, today).month).toBe('2026-10');
    expect(reportDefaults('monthly', TIER.gold, today).month).toBe('2026-11');
  });

  it('runs weekly and sms 7 days back from today, historical over the whole window', () => {
    expect(reportDefaults('weekly', TIER.gold, today)).toEqual({
      month: null,
      from: '2026-11-17',
      to: today,
    });
    expect(reportDefaults('sms', TIER.superuser, today).from).toBe('2026-11-17');
    expect(reportDefaults('historical', TIER.gold, today)).toEqual({
      month: null,
      from: '2022-11-01',
      to: '2024-10-31',
    });
    expect(reportDefaults('daily', TIER.gold, today)).toEqual({ month: null, from: null, to: today });
  });

  it('charges ranges that start in the historical window', () => {
    expect(isHistoricalRange('2024-10-31')).toBe(true);
    expect(isHistoricalRange('2024-11-01')).toBe(false);
  });
});

describe('report form rules', () => {
  it('says what the button does: Email Report with recipients, else View or Download Report (issue 26)', () => {
    expect(submitLabel('html', 0)).toBe('View Report');
    expect(submitLabel('pdf', 0)).toBe('View Report');
    expect(submitLabel('csv', 0)).toBe('Download Report');
    expect(submitLabel('excel', 0)).toBe('Download Report');
    expect(submitLabel('pdf', 2)).toBe('Email Report');
  });

  it('tells what happens after a report is submitted, and who gets it by e-mail', () => {
    expect(reportNextSteps('pdf', 0)).toBe(
      'We are preparing the PDF file; this usually takes under a minute and you may leave this page. A link to the file will appear here when ready.',
    );
    expect(reportNextSteps('html', 2)).toMatch(
      /It will appear here when ready, and it will be e-mailed to 2 recipients\.$/,
    );
  });

  it('takes the spec payload and refuses a malformed address', () => {
    expect(reportRequestSchema.parse({ email_list: ['A@Example.com'], locations: [1] })).toEqual({
      email_format: 'html',
      email_list: ['a@example.com'],
      locations: [1],
    });
    expect(reportRequestSchema.safeParse({ email_list: ['not-an-address'] }).success).toBe(false);
  });
});

describe('the location picker (part 2 §6)', () => {
  it('is offered on every account report to everyone but superusers, and never on a system report', () => {
    for (const type of reportTypesFor(false)) expect(picksLocations(type, false)).toBe(true);
    for (const type of reportTypesFor(true)) expect(picksLocations(type, true)).toBe(false);
    expect(picksLocations('sms', false)).toBe(false);
  });
});

describe('the permit report type (issue 28)', () => {
  it("is offered to account users as Storm events and inspections, and not in a superuser's own list", () => {
    expect(reportTypesFor(false)).toContain('permit');
    expect(reportTypesFor(true)).not.toContain('permit');
    expect(REPORT_TYPE_LABELS.permit).toBe('Storm events and inspections');
  });

  it('is allowed from silver up', () => {
    expect(reportTypeAllowed('permit', TIER.bronze)).toBe(false);
    expect(reportTypeAllowed('permit', TIER.silver)).toBe(true);
    expect(reportTypeAllowed('permit', TIER.gold)).toBe(true);
  });

  it('reads stored storm events rather than rainfall, so a range in the historical window is not charged', () => {
    expect(readsRainfall('permit')).toBe(false);
    expect(readsRainfall('monthly')).toBe(true);
    expect(readsRainfall('sms')).toBe(false);
  });
});

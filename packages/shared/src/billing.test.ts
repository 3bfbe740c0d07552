import { describe, expect, it } from 'vitest';
import {
  changesPlanInPlace,
  changeToText,
  checkoutLine,
  formatDollars,
  nextRenewalDate,
  PLAN_FEATURE_LABELS,
  PLAN_FEATURES,
  PLAN_ORDER,
  PRICE_UNIT,
  planChangeConfirmation,
  planLabel,
  planOffer,
  testCheckoutPath,
} from './billing';
import { PLAN_PRICES } from './plans';

const labels = (tier: keyof typeof PLAN_FEATURES) =>
  PLAN_FEATURES[tier].map((key) => PLAN_FEATURE_LABELS[key]);

describe('plan cards', () => {
  it('lists the plans from gold down at the prices of the spec, per 5 locations', () => {
    expect(PLAN_ORDER).toEqual(['gold', 'silver', 'bronze']);
    expect(PLAN_ORDER.map((tier) => formatDollars(PLAN_PRICES[tier]))).toEqual([
      '$24.00',
      '$18.00',
      '$12.00',
    ]);
    expect(PRICE_UNIT).toBe('per 5 locations per month');
  });

  it('gives gold every feature, silver all but the site features, bronze the basics', () => {
    expect(labels('gold')).toEqual([
      '24/7 monitoring',
      'Threshold notification',
      'National precipitation forecast',
      'Daily and monthly reports',
      'Contact notifications',
      'Excessive rainfall',
      'RapidRain',
      'Configurable RapidRain thresholds',
      'Site-specific forecasts',
      'On-demand lookup',
    ]);
    expect(labels('silver')).toEqual(
      labels('gold').filter((label) => label !== 'Site-specific forecasts' && label !== 'On-demand lookup'),
    );
    expect(labels('bronze')).toEqual([
      '24/7 monitoring',
      'Threshold notification',
      'National precipitation forecast',
      'Previous-month report only',
      'Contact notifications',
    ]);
  });
});

describe('checkout line', () => {
  it('charges the plan price per started block of 5 locations, at least one block', () => {
    expect(checkoutLine('gold', 0)).toEqual({ tier: 'gold', quantity: 1, unitAmount: 24, amount: 24 });
    expect(checkoutLine('silver', 5)).toEqual({ tier: 'silver', quantity: 1, unitAmount: 18, amount: 18 });
    expect(checkoutLine('bronze', 11)).toEqual({ tier: 'bronze', quantity: 3, unitAmount: 12, amount: 36 });
  });
});

describe('test checkout path', () => {
  it('puts the session id into the page path, escaped', () => {
    expect(testCheckoutPath('cs_test_1')).toBe('/checkout/test/cs_test_1');
    expect(testCheckoutPath('a/b')).toBe('/checkout/test/a%2Fb');
  });
});

describe('plan label', () => {
  it('names a trial with its end date and a paid account by its level', () => {
    expect(planLabel({ tier: 'gold', is_trial_account: true, trial_end_date: '2026-12-24' })).toBe(
      'Trial, ends on 2026-12-24',
    );
    expect(planLabel({ tier: 'silver', is_trial_account: false, trial_end_date: null })).toBe('Silver');
  });
});

describe('plan offer on /upgrade', () => {
  const paidSilver = {
    tier: 'silver',
    account_type: 'paid',
    is_trial_account: false,
    payment_grace_end_date: null,
  } as const;
  const goldTrial = {
    tier: 'gold',
    account_type: 'trial',
    is_trial_account: true,
    payment_grace_end_date: null,
  } as const;

  it('marks the plan a paying account has, offers higher plans as upgrades and lower ones as changes', () => {
    expect(planOffer(paidSilver, 'silver')).toEqual({ current: true, action: null });
    expect(planOffer(paidSilver, 'gold')).toEqual({ current: false, action: 'upgrade' });
    expect(planOffer(paidSilver, 'bronze')).toEqual({ current: false, action: 'change' });
    expect(changeToText('bronze')).toBe('Change to Bronze');
  });

  it('lets a Gold trial subscribe to Gold as its upgrade and never calls Silver or Bronze one', () => {
    expect(planOffer(goldTrial, 'gold')).toEqual({ current: true, action: 'upgrade' });
    expect(planOffer(goldTrial, 'silver')).toEqual({ current: false, action: 'change' });
    expect(planOffer(goldTrial, 'bronze')).toEqual({ current: false, action: 'change' });
  });

  it('offers a lapsed account its own plan again', () => {
    expect(planOffer({ ...paidSilver, payment_grace_end_date: '2026-12-01' }, 'silver')).toEqual({
      current: true,
      action: 'upgrade',
    });
  });
});

describe('next renewal date', () => {
  it('is the renewal day later this month, or next month when it has come, kept inside short months', () => {
    expect(nextRenewalDate('2026-11-21', 25)).toBe('2026-11-25');
    expect(nextRenewalDate('2026-11-21', 21)).toBe('2026-12-21');
    expect(nextRenewalDate('2026-12-21', 3)).toBe('2027-01-03');
    expect(nextRenewalDate('2027-01-31', 31)).toBe('2027-02-28');
    expect(nextRenewalDate('2028-02-01', 31)).toBe('2028-02-29');
  });
});

describe('plan change in place', () => {
  const NIGHT = new Date('2026-12-21T03:30:00Z'); // the evening of Dec 20 in New York
  const zone = 'America/New_York';

  it('changes a test-checkout subscription in place through its last day, never a Stripe one', () => {
    const test = { payment_method: 'test_checkout', ends_on: null } as const;
    expect(changesPlanInPlace(test, zone, NIGHT)).toBe(true);
    expect(changesPlanInPlace({ ...test, ends_on: '2026-12-20' }, zone, NIGHT)).toBe(true);
    expect(changesPlanInPlace({ ...test, ends_on: '2026-12-19' }, zone, NIGHT)).toBe(false);
    expect(changesPlanInPlace({ payment_method: 'card', ends_on: null }, zone, NIGHT)).toBe(false);
    expect(changesPlanInPlace({ payment_method: 'none', ends_on: null }, zone, NIGHT)).toBe(false);
  });

  it("says the new monthly price for the account's locations before it changes", () => {
    const subscription = {
      tier: 'gold',
      monthly_amount: 48,
      locations_count: 6,
      next_bill: { date: '2026-12-21', amount: 48 },
    } as const;
    expect(planChangeConfirmation('Acme', subscription, 'bronze')).toEqual({
      title: 'Change to Bronze?',
      question:
        'Acme changes from Gold to Bronze today. The monthly price goes from $48.00 to $24.00 (Bronze: $12.00 per 5 locations per month).',
      consequence: 'Nothing is charged now. Your next bill, on Mon, Dec 21, 2026, is $24.00.',
      confirmLabel: 'Change to Bronze',
    });
    expect(planChangeConfirmation('Acme', { ...subscription, next_bill: null }, 'silver').consequence).toBe(
      'Nothing is charged now.',
    );
  });
});

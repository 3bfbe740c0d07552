import { describe, expect, it } from 'vitest';
import { accountMonthlyAmount, billedBlocks, monthlyAmount, monthlyPriceChange } from './plans';

describe('plan prices', () => {
  it('bills blocks of five locations, rounded up, at least one', () => {
    expect([0, 1, 5, 6, 10, 11].map(billedBlocks)).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it('prices a month at the plan price per block', () => {
    expect(monthlyAmount('gold', 12)).toBe(72);
    expect(monthlyAmount('silver', 5)).toBe(18);
    expect(monthlyAmount('bronze', 1)).toBe(12);
  });
});

describe('the price an account pays', () => {
  const gold = { tier: 'gold', accountType: 'paid', isTrialAccount: false };

  it('is the plan price for paid accounts only', () => {
    expect(accountMonthlyAmount(gold, 6)).toBe(48);
    expect(accountMonthlyAmount({ ...gold, isTrialAccount: true }, 6)).toBe(0);
    expect(accountMonthlyAmount({ ...gold, accountType: 'trial' }, 6)).toBe(0);
  });

  it('changes only when the count crosses a block of 5', () => {
    expect(monthlyPriceChange(gold, 4, 5)).toBeNull();
    expect(monthlyPriceChange(gold, 5, 5_005)).toEqual({ before: 24, after: 24_024 });
    expect(monthlyPriceChange({ ...gold, accountType: 'free' }, 5, 500)).toBeNull();
  });
});

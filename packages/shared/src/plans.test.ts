import { describe, expect, it } from 'vitest';
import { billedBlocks, monthlyAmount } from './plans';

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

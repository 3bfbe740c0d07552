import { describe, expect, it } from 'vitest';
import { passesTierGate } from './roles';
import { accountLevel, meetsTier } from './tiers';

describe('accountLevel', () => {
  it.each([
    ['bronze', 1],
    ['silver', 2],
    ['gold', 3],
    ['Gold', 3],
    ['trial', 3],
    [null, 3],
    ['platinum', 0],
  ] as const)('reads %s as %i', (tier, expected) => {
    expect(accountLevel({ tier, is_trial_account: false })).toBe(expected);
  });

  it('makes a trial Gold whatever tier it was given (D9)', () => {
    expect(accountLevel({ tier: 'bronze', is_trial_account: true })).toBe(3);
  });

  it('makes a superuser 4 whatever the account', () => {
    expect(accountLevel({ tier: 'bronze', is_trial_account: false }, true)).toBe(4);
  });
});

describe('tier gates', () => {
  it('defaults to level 2', () => {
    expect(meetsTier(1)).toBe(false);
    expect(meetsTier(2)).toBe(true);
  });

  it('lets the Owner role through any gate', () => {
    expect(passesTierGate({ role: 'Owner', coOwner: false, isSuperuser: false, tier: 1 }, 3)).toBe(true);
    expect(passesTierGate({ role: 'client', coOwner: false, isSuperuser: false, tier: 1 }, 2)).toBe(false);
  });
});

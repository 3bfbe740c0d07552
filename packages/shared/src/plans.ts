import { TIER_NAMES, type TierName } from './tiers';

/** Plans are monthly, priced per block of 5 locations (spec part 2 §1, §9). */
export const LOCATIONS_PER_BLOCK = 5;

/** Monthly price of one block of 5 locations, in dollars (part 2 §9). */
export const PLAN_PRICES: Record<TierName, number> = { gold: 24, silver: 18, bronze: 12 };

/** Blocks of 5 an account pays for: its locations divided by 5, rounded up, at least one. */
export function billedBlocks(locationCount: number): number {
  return Math.max(1, Math.ceil(locationCount / LOCATIONS_PER_BLOCK));
}

/** What an account on `tier` with `locationCount` locations pays a month, in dollars. */
export function monthlyAmount(tier: TierName, locationCount: number): number {
  return PLAN_PRICES[tier] * billedBlocks(locationCount);
}

/** What decides an account's price: its plan, whether it is paid and whether it is in its trial. */
export interface PricedAccount {
  tier: string;
  accountType: string;
  isTrialAccount: boolean;
}

const isTierName = (tier: string): tier is TierName => (TIER_NAMES as readonly string[]).includes(tier);

/** Only paid accounts out of their trial pay the plan price; trial, free and demo accounts pay nothing. */
export function accountMonthlyAmount(account: PricedAccount, locationCount: number): number {
  const pays = account.accountType === 'paid' && !account.isTrialAccount && isTierName(account.tier);
  return pays ? monthlyAmount(account.tier as TierName, locationCount) : 0;
}

/** The monthly price before and after the account's location count changes, or null if it stays. */
export function monthlyPriceChange(
  account: PricedAccount,
  countBefore: number,
  countAfter: number,
): { before: number; after: number } | null {
  const before = accountMonthlyAmount(account, countBefore);
  const after = accountMonthlyAmount(account, countAfter);
  return before === after ? null : { before, after };
}

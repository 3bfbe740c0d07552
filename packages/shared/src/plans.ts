import type { TierName } from './tiers';

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

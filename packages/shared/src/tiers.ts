/** Service tiers and the one mapping from tier names to numeric levels (DECISIONS D8, D9). */

export const TIER_NAMES = ['bronze', 'silver', 'gold'] as const;
export type TierName = (typeof TIER_NAMES)[number];

/** A trial's tier: every trial is Gold level (D9). */
export const TRIAL_TIER: TierName = 'gold';
/** The tier of an account made without one (spec part 2 §5 "Client form"). */
export const DEFAULT_TIER: TierName = 'bronze';

/** The tier a new account is stored with: the one asked for, else a trial's or the default. */
export function newAccountTier(isTrial: boolean, asked?: TierName): TierName {
  return asked ?? (isTrial ? TRIAL_TIER : DEFAULT_TIER);
}

export const TIER = { unknown: 0, bronze: 1, silver: 2, gold: 3, superuser: 4 } as const;
export type TierNumber = (typeof TIER)[keyof typeof TIER];

/** Default tier a feature gate asks for when it names none (spec part 1 §9). */
export const DEFAULT_GATE_TIER = 2;

function levelOfTierName(tier: string | null | undefined): TierNumber {
  switch ((tier ?? 'trial').toLowerCase()) {
    case 'bronze':
      return TIER.bronze;
    case 'silver':
      return TIER.silver;
    case 'gold':
    case 'trial':
      return TIER.gold;
    default:
      return TIER.unknown;
  }
}

/** What an account's level is read from: both fields, so the trial flag cannot be left out. */
export interface TieredAccount {
  tier: string | null | undefined;
  is_trial_account: boolean;
}

/**
 * The one numeric level of an account as a user sees it. A trial is Gold level whatever its
 * tier (D9), and so is a missing tier; anything unknown is 0; superusers are always 4.
 */
export function accountLevel(account: TieredAccount, isSuperuser = false): TierNumber {
  if (isSuperuser) return TIER.superuser;
  return account.is_trial_account ? TIER.gold : levelOfTierName(account.tier);
}

const TIER_LABELS: Record<TierNumber, string> = {
  0: 'Unknown',
  1: 'Bronze',
  2: 'Silver',
  3: 'Gold',
  4: 'Administrator',
};

export function tierLabel(tier: TierNumber): string {
  return TIER_LABELS[tier];
}

/** True when the caller's level reaches the level a feature needs. */
export function meetsTier(tier: TierNumber, required: number = DEFAULT_GATE_TIER): boolean {
  return tier >= required;
}

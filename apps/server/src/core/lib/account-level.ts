import { accountLevel, type TierNumber } from '@pluvio/shared/tiers';

/** `accountLevel` of an account as the database holds it: its tier and its trial flag, both. */
export function levelOfAccount(
  account: { tier: string; isTrialAccount: boolean },
  isSuperuser = false,
): TierNumber {
  return accountLevel({ tier: account.tier, is_trial_account: account.isTrialAccount }, isSuperuser);
}

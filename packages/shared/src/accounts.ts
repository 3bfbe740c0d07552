/** Client account rules shared by both sides (spec part 1 §3, §4; part 2 §3; D9). */

export const ACCOUNT_STATUSES = ['pending', 'active', 'inactive', 'archived'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ACCOUNT_TYPES = ['paid', 'trial', 'demo', 'free'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const TRIAL_DAYS = 30;
export const TRIAL_LOCATION_LIMIT = 1;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from today (local midnight) to the trial end date, never below 0. */
export function trialDaysRemaining(trialEndDate: string | null | undefined, now: Date = new Date()): number {
  if (!trialEndDate) return 0;
  const [y, m, d] = trialEndDate.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return 0;
  const end = Date.UTC(y, m - 1, d);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.max(0, Math.floor((end - today) / DAY_MS));
}

/** Accounts offered in the account switcher: everything not archived. */
export function switchableAccounts<T extends { status: string }>(accounts: readonly T[]): T[] {
  return accounts.filter((account) => account.status !== 'archived');
}

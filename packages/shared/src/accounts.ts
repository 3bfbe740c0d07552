import { dateHasPassed, daysBetween, todayIn } from './calendar';

/** Client account rules shared by both sides (spec part 1 §3, §4; part 2 §3; D9). */

export const ACCOUNT_STATUSES = ['pending', 'active', 'inactive', 'archived'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ACCOUNT_TYPES = ['paid', 'trial', 'demo', 'free'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const TRIAL_DAYS = 30;
export const TRIAL_LOCATION_LIMIT = 1;

/** Whole days from today in the product time zone to the trial end date, never below 0. */
export function trialDaysRemaining(
  trialEndDate: string | null | undefined,
  timeZone: string,
  now: Date = new Date(),
): number {
  if (!trialEndDate) return 0;
  return Math.max(0, daysBetween(todayIn(timeZone, now), trialEndDate.slice(0, 10)));
}

/**
 * Whether the trial is over: the end date has passed in the product time zone. The end date
 * itself is still a trial day, as for the server's monitoring (D9).
 */
export function trialEnded(
  trialEndDate: string | null | undefined,
  timeZone: string,
  now: Date = new Date(),
) {
  return !!trialEndDate && dateHasPassed(trialEndDate, timeZone, now);
}

/** Accounts offered in the account switcher: everything not archived. */
export function switchableAccounts<T extends { status: string }>(accounts: readonly T[]): T[] {
  return accounts.filter((account) => account.status !== 'archived');
}

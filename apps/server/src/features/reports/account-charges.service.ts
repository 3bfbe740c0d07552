import type { AppDb } from '../../core/db/client';
import { productDayRange } from '../../core/lib/time';
import { createAccountChargesRepository } from './account-charges.repository';
import type { ReportCharges } from './report-content';

/** The accounts' billing record of extra charges, as the billing report reads it. */
export function createAccountChargesService(db: AppDb, options: { timeZone: string }): ReportCharges {
  const charges = createAccountChargesRepository(db);
  return {
    /** Dollars charged per account on days `from` to `to` of the product time zone (either open). */
    async totalsByAccount(from, to) {
      const range = productDayRange(from ?? undefined, to ?? undefined, options.timeZone);
      const byAccount = await charges.centsByAccount(range.from, range.to);
      return new Map([...byAccount].map(([clientId, amount]) => [clientId, amount / 100]));
    },
  };
}

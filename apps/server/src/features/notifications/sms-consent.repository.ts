import { eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import { type SmsOptOutRow, smsOptOuts } from '../../core/tables/sms-consent';

/** The numbers that replied STOP, by their E.164 form. */
export function createSmsConsentRepository(db: AppDb) {
  return {
    /** Records the opt-out; false when the number had opted out already (its first reply stands). */
    async optOut(row: SmsOptOutRow): Promise<boolean> {
      const added = await db
        .insert(smsOptOuts)
        .values(row)
        .onConflictDoNothing()
        .returning({ phone: smsOptOuts.phone });
      return added.length > 0;
    },
    /** Removes the opt-out; false when the number had none. */
    async optIn(phone: string): Promise<boolean> {
      const removed = await db
        .delete(smsOptOuts)
        .where(eq(smsOptOuts.phone, phone))
        .returning({ phone: smsOptOuts.phone });
      return removed.length > 0;
    },
    async isOptedOut(phone: string): Promise<boolean> {
      const [row] = await db
        .select({ phone: smsOptOuts.phone })
        .from(smsOptOuts)
        .where(eq(smsOptOuts.phone, phone));
      return row !== undefined;
    },
    /** When each of the numbers opted out, for those that did. */
    async optedOutAmong(phones: readonly string[]): Promise<Map<string, Date>> {
      if (phones.length === 0) return new Map();
      const rows = await db
        .select({ phone: smsOptOuts.phone, at: smsOptOuts.optedOutAt })
        .from(smsOptOuts)
        .where(inArray(smsOptOuts.phone, [...new Set(phones)]));
      return new Map(rows.map((row) => [row.phone, row.at]));
    },
  };
}

export type SmsConsentRepository = ReturnType<typeof createSmsConsentRepository>;

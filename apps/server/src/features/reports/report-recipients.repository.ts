import { and, asc, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import { pgArray } from '../../core/db/pg-array';
import { type ReportRecipientRow, reportRecipients } from '../../core/tables/reports';

export type NewReportRecipient = Pick<
  typeof reportRecipients.$inferInsert,
  'clientId' | 'email' | 'addedBy' | 'tokenHash' | 'tokenExpiresAt' | 'createdAt'
>;

export function createReportRecipientsRepository(db: AppDb) {
  const inClient = (clientId: number, id: number) =>
    and(eq(reportRecipients.clientId, clientId), eq(reportRecipients.id, id));
  return {
    async list(clientId: number): Promise<ReportRecipientRow[]> {
      return db
        .select()
        .from(reportRecipients)
        .where(eq(reportRecipients.clientId, clientId))
        .orderBy(asc(reportRecipients.email));
    },

    async count(clientId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(reportRecipients)
        .where(eq(reportRecipients.clientId, clientId));
      return row?.n ?? 0;
    },

    /** Which of the lower-case addresses are confirmed recipients of the account. */
    async confirmedAmong(clientId: number, addresses: readonly string[]): Promise<string[]> {
      if (addresses.length === 0) return [];
      const rows = await db
        .select({ email: reportRecipients.email })
        .from(reportRecipients)
        .where(
          and(
            eq(reportRecipients.clientId, clientId),
            isNotNull(reportRecipients.confirmedAt),
            sql`${reportRecipients.email} = any(${pgArray(addresses)}::text[])`,
          ),
        );
      return rows.map((row) => row.email);
    },

    /** The new recipient, or null when the account has the address already. */
    async insert(values: NewReportRecipient): Promise<ReportRecipientRow | null> {
      const [row] = await db.insert(reportRecipients).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async remove(clientId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(reportRecipients)
        .where(inClient(clientId, id))
        .returning({ id: reportRecipients.id });
      return rows.length > 0;
    },

    /** Confirms the recipient whose link carries the token, once and before it expires. */
    async confirm(tokenHash: string, now: Date): Promise<ReportRecipientRow | null> {
      const [row] = await db
        .update(reportRecipients)
        .set({ confirmedAt: now, tokenHash: null, tokenExpiresAt: null })
        .where(and(eq(reportRecipients.tokenHash, tokenHash), gt(reportRecipients.tokenExpiresAt, now)))
        .returning();
      return row ?? null;
    },
  };
}

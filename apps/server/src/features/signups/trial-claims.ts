import { WIZARD_MESSAGES } from '@pluvio/shared/signup';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { conflict } from '../../core/lib/errors';
import { hashToken } from '../../core/lib/tokens';
import { trialClaims } from '../../core/tables/signups';

const keyOf = (email: string) => hashToken(email.trim().toLowerCase());

/** One free trial per e-mail address, ever (issue 25). */
export function createTrialClaims(db: AppDb, clock: Clock) {
  return {
    /** Records the address's trial, or 409 when it had one; answers the undo for a trial not made. */
    async claim(email: string): Promise<() => Promise<void>> {
      const emailHash = keyOf(email);
      const [row] = await db
        .insert(trialClaims)
        .values({ emailHash, claimedAt: clock.now() })
        .onConflictDoNothing()
        .returning({ emailHash: trialClaims.emailHash });
      if (!row) throw conflict(WIZARD_MESSAGES.trialUsed);
      return async () => {
        await db.delete(trialClaims).where(eq(trialClaims.emailHash, emailHash));
      };
    },
  };
}

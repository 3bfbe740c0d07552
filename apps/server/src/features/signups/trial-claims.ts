import { WIZARD_MESSAGES } from '@pluvio/shared/signup';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { trialClaims } from './signups.schema';

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

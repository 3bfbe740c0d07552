import { normalizeIP } from '@fastify/rate-limit';
import { tooManyRequests } from '../../core/lib/errors';
import type { RateLimitsService } from '../rate-limits';

export interface SignInLimitSettings {
  /** Failed sign-ins a minute for one e-mail address, whether it has an account or not. */
  failuresPerAccount: number;
  /** Failed sign-ins a minute from one client address. */
  failuresPerAddress: number;
}

const MINUTE_MS = 60 * 1000;

/** Which limits refused an attempt: the e-mail typed, the client address, or both. */
export type SignInLimit = 'account' | 'address';

/**
 * Limits failed sign-ins per account and per client address (D15); successful ones do not count,
 * so colleagues behind one office address do not lock each other out. An attempt counts as a
 * failure from its start, so parallel guesses cannot slip past the limit, and is taken back when
 * it succeeds or is refused (a refused attempt tested no password).
 */
export function createSignInLimits(
  rateLimits: RateLimitsService,
  settings: SignInLimitSettings,
  onRefused: (email: string, address: string, limits: SignInLimit[]) => Promise<void>,
) {
  return {
    /** Refuses with 429 while the account or the address is over its limit. */
    async begin(email: string, address: string): Promise<{ succeeded: () => Promise<void> }> {
      const allowances = await Promise.all([
        rateLimits.take(
          { bucket: 'sign-in-failures/account', max: settings.failuresPerAccount, windowMs: MINUTE_MS },
          email.trim().toLowerCase(),
        ),
        rateLimits.take(
          { bucket: 'sign-in-failures/address', max: settings.failuresPerAddress, windowMs: MINUTE_MS },
          normalizeIP(address),
        ),
      ]);
      const takeBack = async () => {
        await Promise.all(allowances.map((allowance) => allowance.undo()));
      };
      const refused = allowances.filter((allowance) => !allowance.allowed);
      if (refused.length > 0) {
        await takeBack();
        const limits: SignInLimit[] = ['account', 'address'];
        await onRefused(
          email,
          address,
          limits.filter((_, index) => !allowances[index]?.allowed),
        );
        throw tooManyRequests(Math.max(...refused.map((allowance) => allowance.retryAfterSeconds)));
      }
      return { succeeded: takeBack };
    },
  };
}

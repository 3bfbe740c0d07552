import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { AppError } from '../../core/lib/errors';
import { hashToken } from '../../core/lib/tokens';
import { createRateLimitsRepository } from './rate-limits.repository';

export interface RateLimit {
  bucket: string;
  max: number;
  windowMs: number;
}

export interface Allowance {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Takes the counted hit back: the attempt turned out not to count. */
  undo: () => Promise<void>;
}

/** Fixed-window counters in the database, so every API process counts together (D15). */
export function createRateLimitsService(db: AppDb, options: { clock: Clock }) {
  const repository = createRateLimitsRepository(db);

  /** Counts hits of the subject (one unless told); answers the hits of its window and the milliseconds left in it. */
  async function count(bucket: string, subject: string, windowMs: number, amount = 1) {
    const now = options.clock.now();
    const windowEnd = new Date(now.getTime() + windowMs);
    const counted = await repository.hit(bucket, hashToken(subject), now, windowEnd, amount);
    return { ...counted, msLeft: counted.windowEndsAt.getTime() - now.getTime() };
  }

  return {
    count,

    /** Counts one hit against the limit; allowed while the window holds at most `max` hits. */
    async take(limit: RateLimit, subject: string): Promise<Allowance> {
      const counted = await count(limit.bucket, subject, limit.windowMs);
      return {
        allowed: counted.hits <= limit.max,
        retryAfterSeconds: Math.max(1, Math.ceil(counted.msLeft / 1000)),
        undo: () => repository.unhit(limit.bucket, hashToken(subject), counted.windowEndsAt),
      };
    },

    /**
     * Counts one hit, or refuses with 429 `message` and Retry-After past the limit. Answers the
     * undo, for an attempt that turns out not to count (it failed).
     */
    async admit(limit: RateLimit, subject: string, message: string): Promise<() => Promise<void>> {
      const allowance = await this.take(limit, subject);
      if (!allowance.allowed) {
        await allowance.undo();
        throw new AppError(429, message, { 'retry-after': String(allowance.retryAfterSeconds) });
      }
      return allowance.undo;
    },

    /**
     * Counts `amount` hits at once (a batch of messages), or none and 429 with Retry-After when
     * they would pass the limit; `message` is told how many the window still allows.
     */
    async admitMany(
      limit: RateLimit,
      subject: string,
      amount: number,
      message: (left: number) => string,
    ): Promise<void> {
      if (amount === 0) return;
      const counted = await count(limit.bucket, subject, limit.windowMs, amount);
      if (counted.hits <= limit.max) return;
      await repository.unhit(limit.bucket, hashToken(subject), counted.windowEndsAt, amount);
      const left = Math.max(0, limit.max - (counted.hits - amount));
      throw new AppError(429, message(left), {
        'retry-after': String(Math.max(1, Math.ceil(counted.msLeft / 1000))),
      });
    },

    /** Deletes the counters of ended windows; answers how many. */
    prune(): Promise<number> {
      return repository.deleteEnded(options.clock.now());
    },
  };
}

export type RateLimitsService = ReturnType<typeof createRateLimitsService>;

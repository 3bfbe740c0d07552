import type { JobDefinition } from '../../jobs/queue';
import type { RateLimitsService } from './rate-limits.service';

export const PRUNE_RATE_LIMITS = 'rate-limits.prune';

/** Every ten minutes: counters of ended windows go, so the table holds only the last minutes. */
export function rateLimitJobs(rateLimits: RateLimitsService): JobDefinition[] {
  return [
    {
      name: PRUNE_RATE_LIMITS,
      cron: '*/10 * * * *',
      handler: async () => {
        await rateLimits.prune();
      },
    },
  ];
}

import type { JobDefinition } from '../../core/jobs/queue';
import type { RateLimitsService } from './rate-limits.service';

/** Every ten minutes: counters of ended windows go, so the table holds only the last minutes. */
export function rateLimitJobs(rateLimits: RateLimitsService): JobDefinition[] {
  return [
    {
      name: 'rate-limits.prune',
      cron: '*/10 * * * *',
      handler: async () => {
        await rateLimits.prune();
      },
    },
  ];
}

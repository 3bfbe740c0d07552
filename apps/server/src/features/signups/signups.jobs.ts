import type { JobDefinition } from '../../core/jobs/queue';
import type { SignupsService } from './signups.service';

/**
 * Every hour: sign-ups never paid for are forgotten a week after they started. Every ten minutes:
 * refunds of paid sign-ups that could not become accounts, which failed at first, are tried again.
 */
export function signupJobs(signups: SignupsService): JobDefinition[] {
  return [
    {
      name: 'signups.forget-unfinished',
      cron: '23 * * * *',
      handler: async () => {
        await signups.forgetUnfinished();
      },
    },
    {
      name: 'signups.settle-refusals',
      cron: '*/10 * * * *',
      handler: async () => {
        await signups.settleRefusals();
      },
    },
  ];
}

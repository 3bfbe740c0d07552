import type { JobDefinition } from '../../jobs/queue';
import type { SignupsService } from './signups.service';

/** Every hour: sign-ups never paid for are forgotten a week after they started. */
export function signupJobs(signups: SignupsService): JobDefinition[] {
  return [
    {
      name: 'signups.forget-unfinished',
      cron: '23 * * * *',
      handler: async () => {
        await signups.forgetUnfinished();
      },
    },
  ];
}

import type { JobDefinition } from '../../jobs/queue';
import type { AlertsService } from './alerts.service';

export const RUN_ALERTS = 'alerts.run';

/** Every minute: the rules for each newly stored interval, then the messages of what fired. */
export function alertJobs(alerts: AlertsService): JobDefinition[] {
  return [
    {
      name: RUN_ALERTS,
      cron: '* * * * *',
      handler: async () => {
        await alerts.run();
      },
    },
  ];
}

import type { JobDefinition } from '../../core/jobs/queue';
import type { AlertsService } from './alerts.service';

export const RUN_ALERTS = 'alerts.run';
export const NOTIFY_FORECASTS = 'alerts.forecast';

/**
 * Every minute: the rules for each newly stored interval, then the messages of what fired. Every
 * five minutes: the daily forecast check, due from 15:00 local (a separate job, so a forecast
 * source that fails holds up no rain alert).
 */
export function alertJobs(alerts: AlertsService): JobDefinition[] {
  return [
    {
      name: RUN_ALERTS,
      cron: '* * * * *',
      handler: async () => {
        await alerts.run();
      },
    },
    {
      name: NOTIFY_FORECASTS,
      cron: '*/5 * * * *',
      handler: async () => {
        await alerts.notifyForecasts();
      },
    },
  ];
}

import type { JobDefinition } from '../../core/jobs/queue';
import type { WebhooksService } from './webhooks.service';

export const DELIVER_WEBHOOKS = 'webhooks.deliver';

/** Sends due webhook deliveries every minute, and at once when a test event is queued. */
export function webhookJobs(webhooks: WebhooksService): JobDefinition[] {
  return [
    {
      name: DELIVER_WEBHOOKS,
      sentOnDemand: true,
      cron: '* * * * *',
      handler: async () => {
        await webhooks.deliverDue();
      },
    },
  ];
}

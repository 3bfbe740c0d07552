import type { JobDefinition } from '../../core/jobs/queue';
import type { WebhooksService } from './webhooks.service';

export const DELIVER_WEBHOOKS = 'webhooks.deliver';

/**
 * Sends due webhook deliveries every minute, and at once when a test event is queued; every hour,
 * forgets the settled deliveries older than the log keeps.
 */
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
    {
      name: 'webhooks.forget-old-deliveries',
      cron: '47 * * * *',
      handler: async () => {
        await webhooks.forgetOldDeliveries();
      },
    },
  ];
}

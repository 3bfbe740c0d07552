import type { JobDefinition } from '../../jobs/queue';
import type { OutboxService } from './outbox.service';

export const DELIVER_OUTBOX = 'outbox.deliver';

/** Sends due outbox messages every minute, and at once when a message is queued. */
export function notificationJobs(outbox: OutboxService): JobDefinition[] {
  return [
    {
      name: DELIVER_OUTBOX,
      cron: '* * * * *',
      handler: async () => {
        await outbox.deliverDue();
      },
    },
  ];
}

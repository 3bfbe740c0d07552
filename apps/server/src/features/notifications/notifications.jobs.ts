import type { JobDefinition } from '../../core/jobs/queue';
import type { OutboxService } from './outbox.service';

export const DELIVER_OUTBOX = 'outbox.deliver';

/**
 * Sends due outbox messages every minute, and at once when a message is queued; every hour,
 * attachments older than `attachmentDays` whose messages went out are deleted.
 */
export function notificationJobs(outbox: OutboxService, attachmentDays: number): JobDefinition[] {
  return [
    {
      name: DELIVER_OUTBOX,
      sentOnDemand: true,
      cron: '* * * * *',
      handler: async () => {
        await outbox.deliverDue();
      },
    },
    {
      name: 'outbox.forget-old-attachments',
      cron: '43 * * * *',
      handler: async () => {
        await outbox.forgetOldAttachments(attachmentDays);
      },
    },
  ];
}

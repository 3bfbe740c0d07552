import type { JobDefinition } from '../../core/jobs/queue';
import type { BillingService } from './billing.service';
import type { TrialNoticesService } from './trial-notices.service';

export const SYNC_SUBSCRIPTION_QUANTITY = 'billing.sync-quantity';
export const SEND_TRIAL_NOTICES = 'billing.trial-notices';

/**
 * The subscription's quantity after an account's locations change: retried with growing delays
 * while the provider is unreachable (the location was saved long before). The trial countdown's
 * e-mails every morning in the product time zone.
 */
export function billingJobs(
  billing: BillingService,
  trialNotices: TrialNoticesService,
  timeZone: string,
): JobDefinition[] {
  return [
    {
      name: SYNC_SUBSCRIPTION_QUANTITY,
      sentOnDemand: true,
      queue: { retryLimit: 20, retryDelay: 60, retryBackoff: true },
      handler: async (data) => {
        const { clientId } = data as { clientId: number };
        await billing.syncQuantity(clientId);
      },
    },
    {
      name: SEND_TRIAL_NOTICES,
      cron: '0 7 * * *',
      timeZone,
      handler: async () => {
        await trialNotices.sendDue();
      },
    },
  ];
}

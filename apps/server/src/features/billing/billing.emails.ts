import { layoutEmail } from '../../lib/email-layout';
import { dateLabel } from '../../lib/time';
import type { EmailToQueue } from '../notifications/outbox.service';

interface Owner {
  email: string;
  firstName: string;
}

const hello = (owner: Owner) => `Hello ${owner.firstName || 'there'},`;

/** A reminder that a trial ends on `endDate` (7 days and 1 day before, D9). */
export function trialEndingEmail(
  owner: Owner,
  accountName: string,
  endDate: string,
  upgradeUrl: string,
): EmailToQueue {
  return {
    to: owner.email,
    kind: 'trial_reminder',
    subject: `Your Pluvio trial ends on ${dateLabel(endDate, 'short')}`,
    ...layoutEmail(
      [
        hello(owner),
        `The trial of ${accountName} ends on ${dateLabel(endDate, 'long')}. After that day its rainfall alerts and daily reports stop; you keep your sign-in and your data.`,
        'Choose a plan to keep monitoring without a break.',
      ],
      { label: 'Choose a plan', url: upgradeUrl },
    ),
  };
}

/** The day after a trial ended (D9). */
export function trialEndedEmail(owner: Owner, accountName: string, upgradeUrl: string): EmailToQueue {
  return {
    to: owner.email,
    kind: 'trial_ended',
    subject: 'Your Pluvio trial has ended',
    ...layoutEmail(
      [
        hello(owner),
        `The trial of ${accountName} has ended, so its rainfall alerts and daily reports have stopped. Your sign-in and data are kept.`,
        'Choose a plan and monitoring starts again at once.',
      ],
      { label: 'Choose a plan', url: upgradeUrl },
    ),
  };
}

/** A renewal payment failed: monitoring continues until `graceEndDate`, then pauses. */
export function paymentFailedEmail(
  owner: Owner,
  accountName: string,
  graceEndDate: string,
  cardUrl: string,
): EmailToQueue {
  return {
    to: owner.email,
    kind: 'payment_failed',
    subject: 'Your Pluvio payment did not go through',
    ...layoutEmail(
      [
        hello(owner),
        `The renewal payment for ${accountName} did not go through. Monitoring continues until ${dateLabel(graceEndDate, 'long')}; after that its alerts and daily reports pause until a payment goes through.`,
        'Please check or update your card.',
      ],
      { label: 'Update your card', url: cardUrl },
    ),
  };
}

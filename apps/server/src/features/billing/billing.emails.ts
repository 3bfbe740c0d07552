import { formatDollars } from '@pluvio/shared/billing';
import { LOCATIONS_PER_BLOCK } from '@pluvio/shared/plans';
import { TIER, type TierName, tierLabel } from '@pluvio/shared/tiers';
import { layoutEmail } from '../../core/lib/email-layout';
import { dateLabel } from '../../core/lib/time';
import type { EmailToQueue } from '../notifications';

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

/** What a receipt says about one payment. */
export interface Receipt {
  /** The invoice's address: the account's invoice e-mail, else its owner's. */
  to: string;
  /** The owner's first name when the receipt goes to them; null for an invoice address. */
  firstName: string | null;
  accountName: string;
  tier: TierName;
  blocks: number;
  /** Dollars. */
  amount: number;
  /** The days paid for, both included (YYYY-MM-DD, product time zone). */
  period: { from: string; to: string };
  /** The provider's id of the payment (Stripe's invoice, or the test checkout's session). */
  reference: string;
}

/** '2 blocks of 5 (up to 10 locations)' */
function blocksText(blocks: number): string {
  const noun = blocks === 1 ? 'block' : 'blocks';
  return `${blocks} ${noun} of ${LOCATIONS_PER_BLOCK} (up to ${blocks * LOCATIONS_PER_BLOCK} locations)`;
}

/** A payment went through (a checkout or a renewal): what was paid, for what and for when. */
export function receiptEmail(receipt: Receipt, subscriptionUrl: string): EmailToQueue {
  const plan = tierLabel(TIER[receipt.tier]);
  const amount = formatDollars(receipt.amount);
  const period = `${dateLabel(receipt.period.from, 'long')} to ${dateLabel(receipt.period.to, 'long')}`;
  const lines: [string, string][] = [
    ['Account', receipt.accountName],
    ['Plan', plan],
    ['Locations billed', blocksText(receipt.blocks)],
    ['Amount paid', amount],
    ['Period', period],
    ['Reference', receipt.reference],
  ];
  return {
    to: receipt.to,
    kind: 'payment_receipt',
    subject: `Your Pluvio receipt: ${amount} for ${plan}, ${receipt.accountName}`,
    ...layoutEmail(
      [
        receipt.firstName ? `Hello ${receipt.firstName},` : 'Hello,',
        `Thank you: we received your payment of ${amount} for ${receipt.accountName}.`,
        {
          head: ['Item', 'Detail'],
          rows: lines.map(([label, value]) => ({ cells: [label, value], text: `${label}: ${value}` })),
        },
        'My Subscription shows your plan, its price and your next bill.',
      ],
      { label: 'Open My Subscription', url: subscriptionUrl },
    ),
  };
}

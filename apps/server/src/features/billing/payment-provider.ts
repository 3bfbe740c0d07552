import type { PaymentProvider as ProviderName } from '@pluvio/shared/billing';
import type { TierName } from '@pluvio/shared/tiers';
import { TIER_NAMES } from '@pluvio/shared/tiers';

/** What a checkout pays for: a sign-up waiting for its account, or an existing account's subscription. */
export type CheckoutKind = 'signup' | 'subscription';

/**
 * Our references a checkout carries (its metadata): what it is for, our sign-up id or account id,
 * and the plan. Nothing else: never a password (D13).
 */
export interface CheckoutReference {
  kind: CheckoutKind;
  reference: string;
  tier: TierName;
}

export interface NewCheckout extends CheckoutReference {
  /** Blocks of 5 locations (`billedBlocks`). */
  quantity: number;
  /** The customer to bill: an account's existing one, or a new one made with this e-mail and name. */
  customer: { id: string | null; email: string; name: string };
  /** With `{CHECKOUT_SESSION_ID}` where the session id goes, as Stripe takes them. */
  successUrl: string;
  cancelUrl: string;
}

/** A checkout session as the provider tells it. */
export interface CheckoutSession {
  id: string;
  /** 'open', 'complete' or 'expired'. */
  status: string;
  /** 'paid', 'unpaid' or 'no_payment_required'. */
  paymentStatus: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** The first invoice of a subscription-mode session (Stripe), where its payment is found. */
  invoiceId: string | null;
  /** What was paid, in dollars; null when the provider did not say. */
  amount: number | null;
  /** Blocks of 5 locations paid for; null when the provider did not say. */
  quantity: number | null;
  /** Until when it can be paid; null when the provider did not say. */
  expiresAt: Date | null;
  /** Null when the session carries none of our references (made elsewhere). */
  reference: CheckoutReference | null;
}

/** How a checkout ended when asked to expire: closed unpaid now or before, or already paid. */
export type ExpireOutcome = 'expired' | 'complete';

export function isPaid(session: CheckoutSession): boolean {
  return session.status === 'complete' && ['paid', 'no_payment_required'].includes(session.paymentStatus);
}

/**
 * The card payment provider behind an adapter (D12, D20): checkout sessions, customers and
 * subscriptions are made by the server only. The built-in test checkout unless Stripe is set up.
 */
export interface PaymentAdapter {
  name: ProviderName;
  createCheckout(
    checkout: NewCheckout,
  ): Promise<{ id: string; url: string; customerId: string; expiresAt: Date | null }>;
  /** Null for a session the provider does not know. */
  retrieveCheckout(id: string): Promise<CheckoutSession | null>;
  /**
   * Closes an open checkout so it can no longer be paid (Stripe's expire); answers 'complete'
   * when it was paid before, which cannot be undone this way. An unknown session counts as expired.
   */
  expireCheckout(id: string): Promise<ExpireOutcome>;
  /**
   * Gives back what a checkout took (a payment we cannot provision): the payment refunded and the
   * subscription it started cancelled, or the checkout expired when nothing was paid. Safe to
   * call again: a repeat refunds nothing twice. Answers the refund's id, null when none was due.
   */
  refundCheckout(session: CheckoutSession): Promise<string | null>;
  /** The fingerprint of the card that paid the checkout, when the provider tells it. */
  cardFingerprint(session: CheckoutSession): Promise<string | null>;
  /** Sets the subscription's quantity from its next renewal on (no proration). */
  updateQuantity(subscriptionId: string, quantity: number): Promise<void>;
  /**
   * Ends the subscription at the close of its paid period (`cancel`), or keeps it renewing after
   * all. The test checkout renews nothing, so it has nothing to tell.
   */
  cancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Where the customer changes their card; null when the provider has no such page. */
  portalUrl(customerId: string, returnUrl: string): Promise<string | null>;
}

const CHECKOUT_KINDS: readonly string[] = ['signup', 'subscription'];

/** Our references as metadata (string values, as providers store them). */
export function referenceMetadata(reference: CheckoutReference): Record<string, string> {
  return { kind: reference.kind, reference: reference.reference, tier: reference.tier };
}

/** Our references back from a session's metadata; null when they are not ours. */
export function referenceOf(metadata: Record<string, string> | null | undefined): CheckoutReference | null {
  const { kind, reference, tier } = metadata ?? {};
  if (
    !kind ||
    !CHECKOUT_KINDS.includes(kind) ||
    !reference ||
    !tier ||
    !(TIER_NAMES as readonly string[]).includes(tier)
  )
    return null;
  return { kind: kind as CheckoutKind, reference, tier: tier as TierName };
}

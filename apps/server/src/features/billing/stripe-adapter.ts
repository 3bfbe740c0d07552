import type { TierName } from '@pluvio/shared/tiers';
import Stripe from 'stripe';
import type { z } from 'zod';
import type { Config } from '../../config';
import {
  type CheckoutSession,
  isPaid,
  type NewCheckout,
  type PaymentAdapter,
  referenceMetadata,
  referenceOf,
} from './payment-provider';
import {
  type StripeCheckoutSession,
  stripeCheckoutSessionSchema,
  stripeEventSchema,
  stripeInvoiceSchema,
  stripePaidInvoiceSchema,
  stripeSubscriptionSchema,
} from './stripe-events.schema';

/** A webhook event as billing handles it, whatever the provider's shape. */
export type BillingEvent =
  | { id: string; type: 'checkout.completed'; checkout: CheckoutSession }
  | {
      id: string;
      type: 'invoice.paid';
      customerId: string | null;
      subscriptionId: string | null;
      at: Date;
      /** The payment, for its receipt: the invoice's id, dollars paid, blocks when the invoice says. */
      invoiceId: string;
      amount: number;
      quantity: number | null;
    }
  | { id: string; type: 'invoice.payment_failed'; customerId: string | null; subscriptionId: string | null }
  | {
      id: string;
      type: 'subscription.updated';
      customerId: string | null;
      subscriptionId: string;
      tier: TierName | null;
    }
  | { id: string; type: 'subscription.deleted'; customerId: string | null; subscriptionId: string }
  | { id: string; type: 'ignored' };

export type StripeSettings = Pick<
  Config,
  | 'STRIPE_API_URL'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_PRICE_GOLD'
  | 'STRIPE_PRICE_SILVER'
  | 'STRIPE_PRICE_BRONZE'
> & { STRIPE_SECRET_KEY: string };

/** An expandable field: the object's id whether Stripe sent the id or the object. */
function idOf(field: string | { id: string } | null | undefined): string | null {
  if (!field) return null;
  return typeof field === 'string' ? field : field.id;
}

function presentSession(session: StripeCheckoutSession): CheckoutSession {
  return {
    id: session.id,
    status: session.status ?? 'open',
    paymentStatus: session.payment_status,
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    invoiceId: idOf(session.invoice),
    amount: session.amount_total == null ? null : session.amount_total / 100,
    quantity: null,
    expiresAt: session.expires_at ? new Date(session.expires_at * 1000) : null,
    reference: referenceOf(session.metadata),
  };
}

/** Stripe's answer for an object it does not have (or no longer has in that state). */
const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

/** The SDK pointed at STRIPE_API_URL (tests answer as Stripe on 127.0.0.1). */
function stripeClient(settings: StripeSettings): Stripe {
  const url = new URL(settings.STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.STRIPE_SECRET_KEY, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
}

/** A correctly signed event whose object lacks what billing reads: refused, nothing applied. */
export class UnexpectedEventError extends Error {
  override name = 'UnexpectedEventError';
  constructor(
    readonly eventId: string | null,
    readonly eventType: string | null,
    readonly issues: string[],
  ) {
    super(`Stripe event ${eventId ?? '?'} (${eventType ?? '?'}) has an unexpected shape`);
  }
}

/** The event's object read with `schema`, or an UnexpectedEventError naming what is wrong. */
function objectOf<T>(
  event: { id: string; type: string; data: { object: unknown } },
  schema: z.ZodType<T>,
): T {
  const parsed = schema.safeParse(event.data.object);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map(
    (issue) => `${issue.path.join('.') || '(object)'}: ${issue.message}`,
  );
  throw new UnexpectedEventError(event.id, event.type, issues);
}

/**
 * Stripe (D20): customers, Checkout Sessions in subscription mode with one price per plan and a
 * quantity of blocks of 5 locations, the subscription's quantity, the customer portal, and
 * signed webhooks.
 */
export function createStripeAdapter(settings: StripeSettings) {
  const stripe = stripeClient(settings);
  const prices: Record<TierName, string | undefined> = {
    gold: settings.STRIPE_PRICE_GOLD,
    silver: settings.STRIPE_PRICE_SILVER,
    bronze: settings.STRIPE_PRICE_BRONZE,
  };
  const tierOfPrice = (priceId: string | undefined): TierName | null =>
    (Object.keys(prices) as TierName[]).find((tier) => prices[tier] === priceId) ?? null;

  function priceOf(tier: TierName): string {
    const price = prices[tier];
    if (!price) throw new Error(`STRIPE_PRICE_${tier.toUpperCase()} is not set`);
    return price;
  }

  async function customerFor(checkout: NewCheckout): Promise<string> {
    if (checkout.customer.id) return checkout.customer.id;
    const customer = await stripe.customers.create({
      email: checkout.customer.email,
      name: checkout.customer.name,
      metadata: referenceMetadata(checkout),
    });
    return customer.id;
  }

  async function retrieveCheckout(id: string): Promise<CheckoutSession | null> {
    try {
      return presentSession(await stripe.checkout.sessions.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The PaymentIntent that paid a session: its own (payment mode) or its first invoice's (subscription mode). */
  async function paymentIntentOf(session: CheckoutSession): Promise<string | null> {
    if (!session.invoiceId) return null;
    const payments = await stripe.invoicePayments.list({
      invoice: session.invoiceId,
      status: 'paid',
      limit: 1,
    });
    return idOf(payments.data[0]?.payment.payment_intent);
  }

  function eventOf(signed: unknown): BillingEvent {
    const envelope = stripeEventSchema.safeParse(signed);
    if (!envelope.success) {
      throw new UnexpectedEventError(
        null,
        null,
        envelope.error.issues.map((issue) => issue.path.join('.')),
      );
    }
    const event = envelope.data;
    const { id } = event;
    switch (event.type) {
      case 'checkout.session.completed':
        return {
          id,
          type: 'checkout.completed',
          checkout: presentSession(objectOf(event, stripeCheckoutSessionSchema)),
        };
      case 'invoice.paid': {
        const invoice = objectOf(event, stripePaidInvoiceSchema);
        return {
          id,
          type: 'invoice.paid',
          customerId: idOf(invoice.customer),
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
          at: new Date(invoice.created * 1000),
          invoiceId: invoice.id,
          amount: invoice.amount_paid / 100,
          quantity: invoice.lines?.data[0]?.quantity ?? null,
        };
      }
      case 'invoice.payment_failed': {
        const invoice = objectOf(event, stripeInvoiceSchema);
        return {
          id,
          type: 'invoice.payment_failed',
          customerId: idOf(invoice.customer),
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
        };
      }
      case 'customer.subscription.updated': {
        const subscription = objectOf(event, stripeSubscriptionSchema);
        return {
          id,
          type: 'subscription.updated',
          customerId: idOf(subscription.customer),
          subscriptionId: subscription.id,
          tier: tierOfPrice(subscription.items.data[0]?.price.id),
        };
      }
      case 'customer.subscription.deleted': {
        const subscription = objectOf(event, stripeSubscriptionSchema);
        return {
          id,
          type: 'subscription.deleted',
          customerId: idOf(subscription.customer),
          subscriptionId: subscription.id,
        };
      }
      default:
        return { id, type: 'ignored' };
    }
  }

  const adapter: PaymentAdapter = {
    name: 'stripe',

    async createCheckout(checkout) {
      const customerId = await customerFor(checkout);
      const metadata = referenceMetadata(checkout);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        line_items: [{ price: priceOf(checkout.tier), quantity: checkout.quantity }],
        success_url: checkout.successUrl,
        cancel_url: checkout.cancelUrl,
        client_reference_id: checkout.reference,
        metadata,
        subscription_data: { metadata },
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      const expiresAt = session.expires_at ? new Date(session.expires_at * 1000) : null;
      return { id: session.id, url: session.url, customerId, expiresAt };
    },

    retrieveCheckout,

    async expireCheckout(id) {
      try {
        await stripe.checkout.sessions.expire(id);
        return 'expired';
      } catch (error) {
        if (isMissing(error)) return 'expired';
        // Stripe expires only open sessions: one that is closed already tells how it ended.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const session = await retrieveCheckout(id);
        if (!session || session.status === 'expired') return 'expired';
        if (session.status === 'complete') return 'complete';
        throw error;
      }
    },

    async refundCheckout(session) {
      if (!isPaid(session)) {
        if ((await adapter.expireCheckout(session.id)) === 'expired') return null;
        const paid = await retrieveCheckout(session.id);
        if (!paid) return null;
        session = paid;
      }
      if (session.subscriptionId) {
        await stripe.subscriptions.cancel(session.subscriptionId).catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
      }
      const paymentIntent = await paymentIntentOf(session);
      if (!paymentIntent) return null;
      // One key per session: a retry after a lost answer gets the same refund, never a second.
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          reason: 'requested_by_customer',
          metadata: session.reference ? referenceMetadata(session.reference) : {},
        },
        { idempotencyKey: `refund-${session.id}` },
      );
      return refund.id;
    },

    async cardFingerprint(session) {
      const paymentIntent = await paymentIntentOf(session);
      if (!paymentIntent) return null;
      const intent = await stripe.paymentIntents.retrieve(paymentIntent);
      const method = idOf(intent.payment_method);
      if (!method) return null;
      return (await stripe.paymentMethods.retrieve(method)).card?.fingerprint ?? null;
    },

    async updateQuantity(subscriptionId, quantity) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const item = subscription.items.data[0];
      if (!item || item.quantity === quantity) return;
      await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, quantity }],
        proration_behavior: 'none',
      });
    },

    async cancelAtPeriodEnd(subscriptionId, cancel) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },

    async portalUrl(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },
  };

  return {
    ...adapter,
    /**
     * The event a webhook delivers; throws InvalidSignatureError when the signature does not match
     * STRIPE_WEBHOOK_SECRET, UnexpectedEventError when a known type's object is not as expected.
     */
    parseWebhook(payload: Buffer, signature: string | undefined): BillingEvent {
      if (!signature || !settings.STRIPE_WEBHOOK_SECRET) throw new InvalidSignatureError();
      try {
        return eventOf(stripe.webhooks.constructEvent(payload, signature, settings.STRIPE_WEBHOOK_SECRET));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new InvalidSignatureError();
        throw error;
      }
    },
  };
}

export type StripeAdapter = ReturnType<typeof createStripeAdapter>;

export class InvalidSignatureError extends Error {
  override name = 'InvalidSignatureError';
}

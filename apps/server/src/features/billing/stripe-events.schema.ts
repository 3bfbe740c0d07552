import { z } from 'zod';

/**
 * The parts of Stripe's objects billing reads, checked before anything is applied: a correctly
 * signed event of a known type whose object lacks them (another API version, a hand-made test
 * event) is refused with a clear answer instead of failing halfway.
 */

/** An expandable field: an id, or the object with its id. */
const expandableSchema = z.union([z.string(), z.object({ id: z.string() })]).nullish();

export const stripeCheckoutSessionSchema = z.object({
  id: z.string().min(1),
  status: z.string().nullish(),
  payment_status: z.string().min(1),
  customer: expandableSchema,
  subscription: expandableSchema,
  invoice: expandableSchema,
  expires_at: z.number().int().nullish(),
  /** Cents, with the first invoice of a subscription-mode session. */
  amount_total: z.number().int().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
export type StripeCheckoutSession = z.infer<typeof stripeCheckoutSessionSchema>;

export const stripeInvoiceSchema = z.object({
  customer: expandableSchema,
  created: z.number().int().nonnegative(),
  /** Where the subscription is named since Stripe's 2025 API versions. */
  parent: z
    .object({ subscription_details: z.object({ subscription: expandableSchema }).nullish() })
    .nullish(),
});

/** A paid invoice: what it charged (cents) and for how many blocks, for the customer's receipt. */
export const stripePaidInvoiceSchema = stripeInvoiceSchema.extend({
  id: z.string().min(1),
  amount_paid: z.number().int().nonnegative(),
  lines: z.object({ data: z.array(z.object({ quantity: z.number().int().nullish() })) }).nullish(),
});

export const stripeSubscriptionSchema = z.object({
  id: z.string().min(1),
  customer: expandableSchema,
  items: z.object({ data: z.array(z.object({ price: z.object({ id: z.string() }) })) }),
});

/** The envelope every event has. */
export const stripeEventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.unknown() }),
});

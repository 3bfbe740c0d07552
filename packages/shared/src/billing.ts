import { z } from 'zod';
import { dateHasPassed } from './calendar';
import { idParamSchema, idValueSchema } from './inputs';
import type { Confirmation } from './messages';
import { billedBlocks, LOCATIONS_PER_BLOCK, monthlyAmount, PLAN_PRICES } from './plans';
import { checkoutSessionIdSchema } from './signup';
import { accountLevel, meetsTier, TIER, TIER_NAMES, type TierName, tierLabel } from './tiers';

/**
 * Plans, checkout and the subscription (spec part 2 §2 "Pricing page", §4 "Upgrade", §7 "Card
 * payment provider", §9; D9, D12, D13, D20). Checkout sessions are created only by the server.
 */

/** The payment adapter of the installation: the built-in test checkout unless Stripe is set up (D20). */
export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Plan cards from the best down, as the pricing page shows them. */
export const PLAN_ORDER: readonly TierName[] = ['gold', 'silver', 'bronze'];

/** Every tick a plan card can show, in the card's order (spec part 2 §2 "Pricing page"). */
export const PLAN_FEATURE_LABELS = {
  monitoring: '24/7 monitoring',
  thresholdNotification: 'Threshold notification',
  nationalForecast: 'National precipitation forecast',
  dailyMonthlyReports: 'Daily and monthly reports',
  previousMonthReport: 'Previous-month report only',
  contactNotifications: 'Contact notifications',
  excessiveRainfall: 'Excessive rainfall',
  rapidrain: 'RapidRain',
  rapidrainThresholds: 'Configurable RapidRain thresholds',
  siteForecasts: 'Site-specific forecasts',
  onDemandLookup: 'On-demand lookup',
} as const;
export type PlanFeature = keyof typeof PLAN_FEATURE_LABELS;

const SILVER_FEATURES: PlanFeature[] = [
  'monitoring',
  'thresholdNotification',
  'nationalForecast',
  'dailyMonthlyReports',
  'contactNotifications',
  'excessiveRainfall',
  'rapidrain',
  'rapidrainThresholds',
];

export const PLAN_FEATURES: Record<TierName, readonly PlanFeature[]> = {
  gold: [...SILVER_FEATURES, 'siteForecasts', 'onDemandLookup'],
  silver: SILVER_FEATURES,
  bronze: [
    'monitoring',
    'thresholdNotification',
    'nationalForecast',
    'previousMonthReport',
    'contactNotifications',
  ],
};

/** '$24.00' */
export function formatDollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** 'per 5 locations per month' under each card's price. */
export const PRICE_UNIT = `per ${LOCATIONS_PER_BLOCK} locations per month`;

/** The pricing page's text on renewals (spec part 2 §2). */
export const RENEWAL_TEXT = [
  'After your first payment you can add any number of locations.',
  'Each renewal is billed by your number of locations and your level, in blocks of 5 locations.',
  'Your card is charged automatically on your renewal date.',
] as const;

export const BILLING_MESSAGES = {
  choosePlan: 'Choose Your Plan',
  subscribed: 'Congratulations You Subscribed To',
  notNow: 'Not Now',
  upgrade: 'Upgrade',
  currentPlan: 'Current plan',
  paymentNotCompleted: 'The payment was not completed. Please try again.',
  checkoutFailed: 'The checkout could not be started. Please try again in a minute.',
  checkoutNotFound: 'This checkout was not found.',
  checkoutClosed: 'This checkout is already closed.',
  ownersOnly: 'Only the account owner or a co-owner can change the subscription.',
  manualInvoice: 'This account is invoiced by our team. Please contact support to change its plan.',
  portalUnavailable: 'Card changes are not available on this installation.',
  invalidSignature: 'Invalid webhook signature',
  unexpectedEvent: 'The event does not have the shape Pluvio expects, so nothing was changed.',
  oneTrialAtATime: 'Upgrade your trial account before you add another account.',
  changePlanInPortal:
    'This account already has a subscription. Change its plan or card under Manage billing.',
  trialEnded: 'Your trial has ended',
  paymentFailed: 'Your last payment did not go through',
  paymentGraceEnded: 'Monitoring is paused until your payment goes through',
} as const;

/** A lower plan's button on /upgrade: 'Change to Bronze' (a change of plan, not an upgrade). */
export function changeToText(tier: TierName): string {
  return `Change to ${tierLabel(TIER[tier])}`;
}

/** What /upgrade offers an account for one plan: nothing (it pays for it), an upgrade, a change. */
export type PlanAction = 'upgrade' | 'change' | null;

interface PlanHolder {
  tier: TierName;
  account_type: string;
  is_trial_account: boolean;
  payment_grace_end_date: string | null;
}

/** The account pays for its plan and its payments go through (not a trial, not lapsed). */
function paysForPlan(account: PlanHolder): boolean {
  return account.account_type === 'paid' && !account.is_trial_account && !account.payment_grace_end_date;
}

/**
 * One plan card of /upgrade for a signed-in account: `current` marks the account's plan (a
 * trial's is its trial level); `action` is 'upgrade' for a plan above what the account has, and
 * for its own plan while it does not pay for it (a trial subscribing, a lapsed account paying
 * again); a plan below the account's level is a 'change'; the plan it pays for offers nothing.
 */
export function planOffer(account: PlanHolder, tier: TierName): { current: boolean; action: PlanAction } {
  const current = account.tier === tier;
  if (current) return { current, action: paysForPlan(account) ? null : 'upgrade' };
  return { current, action: meetsTier(accountLevel(account), TIER[tier]) ? 'change' : 'upgrade' };
}

/** How a list names an account's plan: 'Trial, ends on 2026-12-24' or its level ('Gold'). */
export function planLabel(account: {
  tier: TierName;
  is_trial_account: boolean;
  trial_end_date: string | null;
}): string {
  if (!account.is_trial_account) return tierLabel(TIER[account.tier]);
  return account.trial_end_date ? `Trial, ends on ${account.trial_end_date.slice(0, 10)}` : 'Trial';
}

/** The failed-payment notice's text: monitoring goes on until the grace end, then pauses. */
export function paymentGraceText(graceEnd: string, inGrace: boolean): string {
  return inGrace
    ? `Monitoring continues through ${graceEnd}. Update your card or pay for your plan to keep it running.`
    : `Alerts and the daily report stopped after ${graceEnd}. Your locations and their rainfall history are kept.`;
}

/** Said before a change of the location count that changes the price, e.g. by an import. */
export function priceChangeText(tier: TierName, change: { before: number; after: number }): string {
  return `The monthly price goes from ${formatDollars(change.before)} to ${formatDollars(change.after)} (${tierLabel(TIER[tier])}: ${formatDollars(PLAN_PRICES[tier])} ${PRICE_UNIT}).`;
}

/**
 * An account whose plan our team invoices: its plan changes through support, not checkout. The
 * flag marks how a paid plan is billed; a trial pays nothing yet, so a trial with it (the admin
 * form's default for a trial, spec part 2 §4) subscribes through checkout like any other.
 */
export function invoicedByTeam(account: { manualInvoice: boolean; isTrialAccount: boolean }): boolean {
  return account.manualInvoice && !account.isTrialAccount;
}

/** What one plan costs an account with `locationCount` locations: the checkout's line. */
export function checkoutLine(tier: TierName, locationCount: number) {
  const quantity = billedBlocks(locationCount);
  const unitAmount = PLAN_PRICES[tier];
  return { tier, quantity, unitAmount, amount: unitAmount * quantity };
}

/** POST /api/billing/checkout: an owner or co-owner subscribes an account (upgrade or renewal). */
export const checkoutRequestSchema = z.object({
  client_id: idValueSchema,
  tier: z.enum(TIER_NAMES),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutUrlSchema = z.object({ checkout_url: z.string() });

/** POST /api/billing/checkout/confirm: after the provider sends the browser back with `session_id`. */
export const checkoutConfirmSchema = z.object({ session_id: checkoutSessionIdSchema });

/**
 * The answer of the confirm call: `paid` once the provider says so (the tier is then recorded,
 * exactly once however often this is called or whether the webhook came first).
 */
export const checkoutOutcomeSchema = z.object({
  paid: z.boolean(),
  client_id: z.number().int(),
  tier: z.enum(TIER_NAMES),
});
export type CheckoutOutcome = z.infer<typeof checkoutOutcomeSchema>;

/** POST /api/billing/portal: where the owner changes the card (Stripe's customer portal). */
export const portalRequestSchema = z.object({ client_id: idValueSchema });
export const portalUrlSchema = z.object({ url: z.string() });

/** The built-in test checkout's page data: GET /api/test-checkout/{id} (D20). */
export const testCheckoutSchema = z.object({
  id: z.string(),
  tier: z.enum(TIER_NAMES),
  quantity: z.number().int(),
  unit_amount: z.number(),
  amount: z.number(),
  customer_email: z.string().nullable(),
  status: z.enum(['open', 'complete', 'expired']),
  cancel_url: z.string(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

/**
 * POST /api/test-checkout/{id}/pay: the body is optional; a test card number stands for the card
 * that paid (its fingerprint, as Stripe's payment method has one), so card rules can be tried.
 */
export const testCheckoutPaySchema = z
  .object({
    card_number: z
      .string()
      .regex(/^\d{12,19}$/, 'A test card number is 12 to 19 digits')
      .optional(),
  })
  .nullish();

/** POST /api/test-checkout/{id}/pay and /cancel: where the browser goes next. */
export const testCheckoutRedirectSchema = z.object({ redirect_url: z.string() });

/** The test checkout page's texts (D20). */
export const TEST_CHECKOUT_TEXT = {
  banner: 'Pluvio test checkout',
  noCharge: 'This installation takes payments with its built-in test checkout: no card is charged.',
  pay: 'Pay',
  cancel: 'Cancel',
} as const;

/** '2 × 5 locations': the quantity line of a checkout. */
export function checkoutQuantityText(quantity: number): string {
  return `${quantity} × ${LOCATIONS_PER_BLOCK} locations`;
}

/** The test checkout page lives at /checkout/test/{id} in the web app, without the shell. */
export function testCheckoutPath(id: string): string {
  return `/checkout/test/${encodeURIComponent(id)}`;
}

/** The date of `day` (1-31) in a month, kept inside it: the 31st of February is its last day. */
function dayOfMonth(year: number, month: number, day: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** The next renewal after `today` (YYYY-MM-DD) on the renewal day of the month (`invoice_day`). */
export function nextRenewalDate(today: string, renewalDay: number): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const thisMonth = dayOfMonth(year, month, renewalDay);
  if (thisMonth > today) return thisMonth;
  return month === 12 ? dayOfMonth(year + 1, 1, renewalDay) : dayOfMonth(year, month + 1, renewalDay);
}

/**
 * How an account pays: a card at Stripe (its portal shows the card and invoices), the built-in
 * test checkout (no card on file), our team's invoice, or nothing due (a trial, a free or demo
 * account, an ended subscription).
 */
export const PAYMENT_METHODS = ['card', 'test_checkout', 'invoice', 'none'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const subscriptionQuerySchema = z.object({ client_id: idParamSchema });

/** POST /api/billing/subscription/cancel and /resume: the account whose subscription ends or goes on. */
export const subscriptionChangeSchema = z.object({ client_id: idValueSchema });

/** GET /api/billing/subscription?client_id=: My Subscription's summary of the plan and its bills. */
export const subscriptionSchema = z.object({
  client_id: z.number().int(),
  tier: z.enum(TIER_NAMES),
  is_trial_account: z.boolean(),
  trial_end_date: z.string().nullable(),
  /** Dollars a month for one block of 5 locations. */
  unit_amount: z.number(),
  locations_count: z.number().int(),
  /** Blocks of 5 locations billed (`billedBlocks`). */
  blocks: z.number().int(),
  monthly_amount: z.number(),
  /** The next renewal (product time zone) and what it will charge; null when nothing is due. */
  next_bill: z.object({ date: z.string(), amount: z.number() }).nullable(),
  /** The owner cancelled: the last day paid for, after which monitoring stops; null while it renews. */
  ends_on: z.string().nullable(),
  /** The owner may cancel now (a renewing subscription paid through the provider, not yet cancelled). */
  can_cancel: z.boolean(),
  payment_method: z.enum(PAYMENT_METHODS),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The plan's numbers for My Subscription: price per block, blocks billed and the monthly total. */
export function planPrice(tier: TierName, locationCount: number) {
  return {
    unit_amount: PLAN_PRICES[tier],
    blocks: billedBlocks(locationCount),
    monthly_amount: monthlyAmount(tier, locationCount),
  };
}

/** 'Mon, Dec 21, 2026' for a calendar date (YYYY-MM-DD): how bills and last days are dated. */
export function billDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * A subscription whose plan changes in place on /upgrade: paid through the test checkout and not
 * past its last day (Stripe changes plans in its portal; an ended one subscribes again by checkout).
 */
export function changesPlanInPlace(
  subscription: Pick<Subscription, 'payment_method' | 'ends_on'>,
  timeZone: string,
  now?: Date,
): boolean {
  const ended = subscription.ends_on !== null && dateHasPassed(subscription.ends_on, timeZone, now);
  return subscription.payment_method === 'test_checkout' && !ended;
}

/**
 * The question before a running subscription changes plan (the test checkout; Stripe's portal
 * asks its own): the new monthly price, from when, and what is charged now.
 */
export function planChangeConfirmation(
  accountName: string,
  subscription: Pick<Subscription, 'tier' | 'monthly_amount' | 'locations_count' | 'next_bill'>,
  tier: TierName,
): Confirmation {
  const to = tierLabel(TIER[tier]);
  const after = monthlyAmount(tier, subscription.locations_count);
  const price = priceChangeText(tier, { before: subscription.monthly_amount, after });
  const nextBill = subscription.next_bill
    ? ` Your next bill, on ${billDate(subscription.next_bill.date)}, is ${formatDollars(after)}.`
    : '';
  return {
    title: `Change to ${to}?`,
    question: `${accountName} changes from ${tierLabel(TIER[subscription.tier])} to ${to} today. ${price}`,
    consequence: `Nothing is charged now.${nextBill}`,
    confirmLabel: changeToText(tier),
  };
}

/** My Subscription's words on how the account pays. */
export const SUBSCRIPTION_TEXT = {
  title: 'Subscription',
  card: 'Your card and past invoices are on the payment page.',
  updateCard: 'Update card',
  noCard:
    'No card on file: this installation takes payments through its built-in test checkout, which charges nothing.',
  invoice: 'Our team invoices this account. Contact support about a bill.',
  trial: (endDate: string | null) =>
    endDate
      ? `Free trial until ${endDate}: nothing is billed. Choose a plan to keep monitoring after it.`
      : 'Free trial: nothing is billed. Choose a plan to keep monitoring after it.',
  nothingDue: 'Nothing is billed to this account.',
  cancel: 'Cancel subscription',
  keep: 'Keep my subscription',
  cancelTitle: 'Cancel your subscription?',
  cancelWhat: (lastDay: string) =>
    `Your plan stays as it is through ${lastDay}: monitoring, alerts and reports go on and nothing more is charged. After that day they stop. Your locations, contacts and rainfall history are kept, and you can subscribe again at any time.`,
  cancelUntil: (lastDay: string) => `You can change your mind until ${lastDay}.`,
  ends: (lastDay: string) =>
    `Your subscription ends after ${lastDay}: nothing more is charged, and monitoring stops after that day.`,
  nothingToCancel: 'This account has no renewing subscription to cancel.',
  nothingToChange: 'This account has no running subscription to change. Choose a plan to subscribe.',
  planChanged: (tier: TierName) => `Your plan is now ${tierLabel(TIER[tier])}.`,
  alreadyEnded: 'This subscription has ended. Choose a plan on the Upgrade page to subscribe again.',
} as const;

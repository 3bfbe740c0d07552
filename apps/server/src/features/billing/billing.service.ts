import {
  BILLING_MESSAGES,
  type CheckoutOutcome,
  type CheckoutRequest,
  invoicedByTeam,
  nextRenewalDate,
  type PaymentMethod,
  type PaymentProvider,
  planPrice,
  SUBSCRIPTION_TEXT,
  type Subscription,
} from '@pluvio/shared/billing';
import { shiftDate } from '@pluvio/shared/calendar';
import { billedBlocks } from '@pluvio/shared/plans';
import type { TierName } from '@pluvio/shared/tiers';
import type { Config } from '../../config';
import { type AccountAccess, manages } from '../../core/access';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../core/lib/errors';
import { productDate } from '../../core/lib/time';
import type { ClientRow } from '../../core/tables/accounts';
import type { UserRow } from '../../core/tables/users';
import type { AccountsService, AuditBy } from '../accounts';
import type { LocationsService } from '../locations';
import { isPaid, type PaymentAdapter } from './payment-provider';
import { BY_PROVIDER, createProviderEvents, type ProviderEventDeps } from './provider-events';
import {
  type BillingEvent,
  createStripeAdapter,
  InvalidSignatureError,
  type StripeAdapter,
  UnexpectedEventError,
} from './stripe-adapter';
import { createTestCheckoutAdapter, type TestCheckoutAdapter } from './test-checkout';

export interface BillingDeps extends ProviderEventDeps {
  accounts: Pick<AccountsService, 'accessFor' | 'findClient' | 'updateSubscription'>;
  locations: Pick<LocationsService, 'countInClient'>;
  /** Asks a worker to set the subscription's quantity (a job that retries while the provider is down). */
  requestQuantitySync?: (clientId: number) => Promise<void>;
}

export type BillingSettings = Pick<
  Config,
  | 'PUBLIC_URL'
  | 'TIME_ZONE'
  | 'PAYMENT_GRACE_DAYS'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_PRICE_GOLD'
  | 'STRIPE_PRICE_SILVER'
  | 'STRIPE_PRICE_BRONZE'
  | 'STRIPE_API_URL'
> & { provider: PaymentProvider; clock: Clock };

/** A payment provider that does not answer: the caller may try again; operators see the cause in the log. */
function providerFailed(cause: unknown): AppError {
  return Object.assign(new AppError(502, BILLING_MESSAGES.checkoutFailed), { cause });
}

/** Owners, co-owners and superusers change an account's subscription; a plain contact is refused. */
function requireSubscriptionManager(access: AccountAccess): void {
  if (!manages(access)) throw forbidden(BILLING_MESSAGES.ownersOnly);
}

/** The account pays for a plan (not a trial, a free or demo account, a subscription Stripe ended). */
function renews(client: ClientRow): boolean {
  return client.accountType === 'paid' && !client.isTrialAccount && client.lastPaymentStatus !== 'cancelled';
}

/** A subscription paid through the provider that runs (not over) and not invoiced by our team. */
function selfServe(client: ClientRow): boolean {
  return renews(client) && !invoicedByTeam(client) && client.stripeSubscriptionId !== null;
}

/** A subscription the owner can cancel: paid through the provider, renewing, not cancelled yet. */
function cancellable(client: ClientRow): client is ClientRow & { invoiceDay: number } {
  return (
    renews(client) && !invoicedByTeam(client) && client.invoiceDay !== null && !client.subscriptionEndsOn
  );
}

/**
 * Plans and payments (spec part 2 §4 "Upgrade", §7 "Card payment provider"; D12, D13, D20):
 * checkout for an account's subscription, the provider's events (webhooks, or the test checkout's
 * payment) applied exactly once, the customer portal, and the subscription's quantity following
 * the account's locations.
 */
export function createBillingService(db: AppDb, deps: BillingDeps, settings: BillingSettings) {
  const { clock } = settings;
  const publicUrl = settings.PUBLIC_URL;
  const testCheckoutIn = (tx: AppDb): TestCheckoutAdapter =>
    createTestCheckoutAdapter(tx, { publicUrl, clock });
  const stripe: StripeAdapter | null =
    settings.provider === 'stripe' && settings.STRIPE_SECRET_KEY
      ? createStripeAdapter({ ...settings, STRIPE_SECRET_KEY: settings.STRIPE_SECRET_KEY })
      : null;
  const adapter: PaymentAdapter = stripe ?? testCheckoutIn(db);
  const today = () => productDate(clock.now(), settings.TIME_ZONE);
  const { checkoutCompleted, applyPaidSubscription, ownerOf, handleEvent, signupReceipt } =
    createProviderEvents(db, deps, settings);

  /** A cancelled subscription past its last paid day: the account may subscribe again. */
  const subscriptionOver = (client: ClientRow) =>
    client.subscriptionEndsOn !== null && client.subscriptionEndsOn < today();

  function requireTestCheckout(): void {
    if (adapter.name !== 'test') throw notFound();
  }

  async function managedAccess(user: UserRow, clientId: number): Promise<AccountAccess> {
    const access = await deps.accounts.accessFor(user, clientId);
    requireSubscriptionManager(access);
    return access;
  }

  function paymentMethod(client: ClientRow): PaymentMethod {
    if (!renews(client)) return 'none';
    if (invoicedByTeam(client)) return 'invoice';
    return adapter.name === 'stripe' && client.stripeCustomerId ? 'card' : 'test_checkout';
  }

  async function summarise(client: ClientRow): Promise<Subscription> {
    const locationsCount = await deps.locations.countInClient(client.id);
    const tier = client.tier as TierName;
    const price = planPrice(tier, locationsCount);
    const renewalDay = renews(client) && !client.subscriptionEndsOn ? client.invoiceDay : null;
    return {
      client_id: client.id,
      tier,
      is_trial_account: client.isTrialAccount,
      trial_end_date: client.trialEndDate,
      locations_count: locationsCount,
      ...price,
      next_bill: renewalDay
        ? { date: nextRenewalDate(today(), renewalDay), amount: price.monthly_amount }
        : null,
      ends_on: client.subscriptionEndsOn,
      can_cancel: cancellable(client),
      payment_method: paymentMethod(client),
    };
  }

  /** The provider's subscription ends at its period's close, or renews again. */
  async function tellProvider(client: ClientRow, cancel: boolean): Promise<void> {
    if (!client.stripeSubscriptionId) return;
    await adapter.cancelAtPeriodEnd(client.stripeSubscriptionId, cancel).catch((error: unknown) => {
      throw providerFailed(error);
    });
  }

  return {
    provider: adapter.name,
    /** The adapter, for the signups feature's checkout. */
    adapter,

    /** GET /api/billing/subscription: the plan, its price for the account's locations and the next bill. */
    async subscription(user: UserRow, clientId: number): Promise<Subscription> {
      const { client } = await managedAccess(user, clientId);
      return summarise(client);
    },

    /**
     * POST /api/billing/subscription/cancel: the subscription ends after the last day paid for (the
     * day before the next renewal); until then nothing changes and the owner may keep it after all.
     * The provider is told first, so a provider that does not answer leaves everything as it was.
     */
    async cancelSubscription(user: UserRow, clientId: number, by: AuditBy): Promise<Subscription> {
      const { client } = await managedAccess(user, clientId);
      if (client.subscriptionEndsOn && client.subscriptionEndsOn >= today()) return summarise(client);
      if (!cancellable(client)) throw conflict(SUBSCRIPTION_TEXT.nothingToCancel);
      await tellProvider(client, true);
      const lastDay = shiftDate(nextRenewalDate(today(), client.invoiceDay), -1);
      await deps.accounts.updateSubscription(client.id, { subscriptionEndsOn: lastDay }, by);
      return summarise({ ...client, subscriptionEndsOn: lastDay });
    },

    /** POST /api/billing/subscription/resume: a cancelled subscription renews again, before it ends. */
    async resumeSubscription(user: UserRow, clientId: number, by: AuditBy): Promise<Subscription> {
      const { client } = await managedAccess(user, clientId);
      if (!client.subscriptionEndsOn) return summarise(client);
      if (client.subscriptionEndsOn < today() || !renews(client))
        throw conflict(SUBSCRIPTION_TEXT.alreadyEnded);
      await tellProvider(client, false);
      await deps.accounts.updateSubscription(client.id, { subscriptionEndsOn: null }, by);
      return summarise({ ...client, subscriptionEndsOn: null });
    },

    /**
     * POST /api/billing/subscription/plan: the plan of a running subscription changes at once,
     * audited; nothing is charged now and the next bill is at the new price. With Stripe the
     * change goes through its portal (which prorates), so this answers 409 there.
     */
    async changePlan(user: UserRow, request: CheckoutRequest, by: AuditBy): Promise<Subscription> {
      const { client } = await managedAccess(user, request.client_id);
      if (!selfServe(client) || subscriptionOver(client)) throw conflict(SUBSCRIPTION_TEXT.nothingToChange);
      if (adapter.name !== 'test') throw conflict(BILLING_MESSAGES.changePlanInPortal);
      if (client.tier !== request.tier) {
        await deps.accounts.updateSubscription(client.id, { tier: request.tier }, by);
      }
      return summarise({ ...client, tier: request.tier });
    },

    /** POST /api/billing/checkout: a checkout of the plan for the account's locations. */
    async startCheckout(user: UserRow, request: CheckoutRequest): Promise<{ checkout_url: string }> {
      const { client } = await managedAccess(user, request.client_id);
      if (invoicedByTeam(client)) throw conflict(BILLING_MESSAGES.manualInvoice);
      if (client.stripeSubscriptionId && !subscriptionOver(client))
        throw conflict(BILLING_MESSAGES.changePlanInPortal);
      const owner = (await ownerOf(client)) ?? user;
      const checkout = await adapter
        .createCheckout({
          kind: 'subscription',
          reference: String(client.id),
          tier: request.tier,
          quantity: billedBlocks(await deps.locations.countInClient(client.id)),
          customer: {
            id: client.stripeCustomerId,
            email: client.invoiceEmail ?? client.email ?? owner.email,
            name: client.accountName,
          },
          successUrl: `${publicUrl}/upgrade?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${publicUrl}/upgrade?client_id=${client.id}`,
        })
        .catch((error: unknown) => {
          throw providerFailed(error);
        });
      return { checkout_url: checkout.url };
    },

    /** POST /api/billing/checkout/confirm: the browser is back; the plan is recorded once when paid. */
    async confirmCheckout(user: UserRow, sessionId: string, by: AuditBy): Promise<CheckoutOutcome> {
      const session = await adapter.retrieveCheckout(sessionId).catch((error: unknown) => {
        throw providerFailed(error);
      });
      if (session?.reference?.kind !== 'subscription') throw notFound(BILLING_MESSAGES.checkoutNotFound);
      const clientId = Number(session.reference.reference);
      await managedAccess(user, clientId);
      const paid = isPaid(session);
      if (paid) await db.transaction((tx) => applyPaidSubscription(tx, session, by));
      return { paid, client_id: clientId, tier: session.reference.tier as TierName };
    },

    /** POST /api/billing/portal: the provider's page where the owner changes the card. */
    async portalUrl(user: UserRow, clientId: number): Promise<{ url: string }> {
      const { client } = await managedAccess(user, clientId);
      if (adapter.name === 'test' || !client.stripeCustomerId)
        throw conflict(BILLING_MESSAGES.portalUnavailable);
      const url = await adapter
        .portalUrl(client.stripeCustomerId, `${publicUrl}/client-form`)
        .catch((error: unknown) => {
          throw providerFailed(error);
        });
      if (!url) throw conflict(BILLING_MESSAGES.portalUnavailable);
      return { url };
    },

    /**
     * POST /api/billing/stripe/webhook: a signed event, applied once. A known type whose object is
     * not as expected answers 400 and changes nothing (`cause` names the event and what is wrong,
     * for the log); its id is not recorded, so Stripe's retry or a replay after a fix applies it.
     */
    async receiveStripeWebhook(payload: Buffer, signature: string | undefined): Promise<void> {
      if (!stripe) throw notFound();
      let event: BillingEvent;
      try {
        event = stripe.parseWebhook(payload, signature);
      } catch (error) {
        if (error instanceof InvalidSignatureError) throw badRequest(BILLING_MESSAGES.invalidSignature);
        if (error instanceof UnexpectedEventError) {
          throw Object.assign(badRequest(BILLING_MESSAGES.unexpectedEvent), { cause: error });
        }
        throw error;
      }
      await handleEvent(event);
    },

    /** GET /api/test-checkout/{id} (only with the test checkout). */
    async testCheckoutPage(id: string) {
      requireTestCheckout();
      return testCheckoutIn(db).page(id);
    },

    /** POST /api/test-checkout/{id}/pay: paid, and completed through the same path as Stripe's webhook. */
    async payTestCheckout(id: string, cardNumber?: string): Promise<string> {
      requireTestCheckout();
      const { redirectUrl, afterCommit } = await db.transaction(async (tx) => {
        const { session, redirectUrl } = await testCheckoutIn(tx).pay(id, cardNumber);
        return { redirectUrl, afterCommit: await checkoutCompleted(tx, session, BY_PROVIDER) };
      });
      await afterCommit?.();
      await deps.onMailQueued?.();
      return redirectUrl;
    },

    /** POST /api/test-checkout/{id}/cancel. */
    async cancelTestCheckout(id: string): Promise<string> {
      requireTestCheckout();
      return testCheckoutIn(db).cancel(id);
    },

    /** An account gained or lost locations: its subscription's quantity follows, in a job. */
    async locationsChanged(clientId: number): Promise<void> {
      const client = await deps.accounts.findClient(clientId);
      if (client?.stripeSubscriptionId) await deps.requestQuantitySync?.(clientId);
    },

    /** The job: the subscription's quantity set to the account's blocks of 5 locations. */
    async syncQuantity(clientId: number): Promise<void> {
      const client = await deps.accounts.findClient(clientId);
      if (!client?.stripeSubscriptionId) return;
      const count = await deps.locations.countInClient(clientId);
      await adapter.updateQuantity(client.stripeSubscriptionId, billedBlocks(count));
    },

    signupReceipt,

    /** Stripe's events as billing reads them (tests deliver events without HTTP through this). */
    handleEvent,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

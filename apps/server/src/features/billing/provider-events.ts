import { nextRenewalDate } from '@pluvio/shared/billing';
import { shiftDate } from '@pluvio/shared/calendar';
import { billedBlocks, PLAN_PRICES } from '@pluvio/shared/plans';
import type { TierName } from '@pluvio/shared/tiers';
import type { Config } from '../../config';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { productDate } from '../../core/lib/time';
import type { ClientRow } from '../../core/tables/accounts';
import type { AccountsService, AuditBy } from '../accounts';
import type { LocationsService } from '../locations';
import type { OutboxService } from '../notifications';
import type { UsersService } from '../users';
import { paymentFailedEmail, receiptEmail } from './billing.emails';
import { createBillingRepository } from './billing.repository';
import { type CheckoutSession, isPaid } from './payment-provider';
import type { BillingEvent } from './stripe-adapter';

/** What applying the provider's events needs: transaction-bound services and the sign-up hand-over. */
export interface ProviderEventDeps {
  users: Pick<UsersService, 'findById'>;
  /** The accounts service and outbox of a transaction (a payment applied with its e-mail, or not at all). */
  accountsIn: (tx: AppDb) => Pick<AccountsService, 'lockClient' | 'findByStripeIds' | 'updateSubscription'>;
  usersIn: (tx: AppDb) => Pick<UsersService, 'findById'>;
  locationsIn: (tx: AppDb) => Pick<LocationsService, 'countInClient'>;
  outboxIn: (tx: AppDb) => Pick<OutboxService, 'enqueueEmail'>;
  /**
   * A paid sign-up's checkout completed: its account is made in this transaction (the signups
   * feature). May answer work to run once the transaction has committed (a refused payment's refund).
   */
  signupPaid: (tx: AppDb, session: CheckoutSession) => Promise<AfterCommit | undefined>;
  onMailQueued?: () => Promise<void>;
}

export type ProviderEventSettings = Pick<Config, 'PUBLIC_URL' | 'TIME_ZONE' | 'PAYMENT_GRACE_DAYS'> & {
  clock: Clock;
};

/** Work that calls the provider, run only after the transaction that decided it has committed. */
export type AfterCommit = () => Promise<void>;

/** A payment provider's event acts as nobody in the audit log. */
export const BY_PROVIDER: AuditBy = { actorUserId: null, asUserId: null, ip: null };

/** A payment the customer gets a receipt for; `blocks` and `amount` null when the provider did not say. */
interface Payment {
  /** The provider's id of the payment (Stripe's invoice, else the checkout session): one receipt each. */
  id: string;
  tier: TierName;
  blocks: number | null;
  amount: number | null;
  paidAt: Date;
}

/** A paid checkout as a payment: Stripe's first invoice when it names one, so its invoice.paid adds nothing. */
function checkoutPayment(session: CheckoutSession, tier: TierName, paidAt: Date): Payment {
  return {
    id: session.invoiceId ?? session.id,
    tier,
    blocks: session.quantity,
    amount: session.amount,
    paidAt,
  };
}

/**
 * The payment provider's events (Stripe's webhook, or the test checkout's payment) applied exactly
 * once: a completed checkout records the plan, invoices paid or failed move the payment status and
 * queue the customer's e-mails, a subscription changed or deleted at the provider follows here.
 */
export function createProviderEvents(db: AppDb, deps: ProviderEventDeps, settings: ProviderEventSettings) {
  const { clock } = settings;
  const today = () => productDate(clock.now(), settings.TIME_ZONE);
  /** My Subscription of an account, where its e-mails about payments lead. */
  const subscriptionUrl = (clientId: number) => `${settings.PUBLIC_URL}/client-form?client_id=${clientId}`;
  /** The day of the month renewals fall on, in the product time zone. */
  const renewalDay = (at: Date) => Number(productDate(at, settings.TIME_ZONE).slice(8));

  /** The days a payment on `paidAt` pays for: that day to the day before the next renewal. */
  function paidPeriod(paidAt: Date) {
    const from = productDate(paidAt, settings.TIME_ZONE);
    return { from, to: shiftDate(nextRenewalDate(from, renewalDay(paidAt)), -1) };
  }

  /**
   * The customer's receipt for a payment, queued in the transaction that applied it, once per
   * payment id (a repeated event, a retried job or the returning browser adds nothing): to the
   * account's invoice e-mail, else its owner's, else the account's own. Nothing paid, no receipt.
   */
  async function queueReceipt(tx: AppDb, client: ClientRow, payment: Payment): Promise<void> {
    if (payment.amount === 0) return;
    const owner = await ownerOf(client, tx);
    const to = client.invoiceEmail ?? owner?.email ?? client.email;
    if (!to) return;
    if (!(await createBillingRepository(tx).recordReceipt(payment.id, client.id))) return;
    const locations = await deps.locationsIn(tx).countInClient(client.id);
    const blocks = payment.blocks ?? billedBlocks(locations);
    const receipt = {
      to,
      firstName: client.invoiceEmail ? null : (owner?.firstName ?? null),
      accountName: client.accountName,
      tier: payment.tier,
      blocks,
      amount: payment.amount ?? PLAN_PRICES[payment.tier] * blocks,
      period: paidPeriod(payment.paidAt),
      reference: payment.id,
    };
    await deps.outboxIn(tx).enqueueEmail(receiptEmail(receipt, subscriptionUrl(client.id)));
  }

  /**
   * A paid checkout of an account's subscription: the plan is recorded once (the account row is
   * locked, and the session id it stores tells a repeat), whoever comes first, the browser or the
   * provider's event.
   */
  async function applyPaidSubscription(tx: AppDb, session: CheckoutSession, by: AuditBy): Promise<void> {
    if (session.reference?.kind !== 'subscription') return;
    const accounts = deps.accountsIn(tx);
    const client = await accounts.lockClient(Number(session.reference.reference));
    if (!client || client.stripeSessionId === session.id) return;
    await accounts.updateSubscription(
      client.id,
      {
        accountType: 'paid',
        isTrialAccount: false,
        // A paid account is billed through the provider (spec part 2 §4 "Account type selection").
        manualInvoice: false,
        tier: session.reference.tier,
        lastPaymentStatus: 'paid',
        paymentGraceEndDate: null,
        invoiceDay: renewalDay(clock.now()),
        stripeCustomerId: session.customerId ?? client.stripeCustomerId,
        stripeSubscriptionId: session.subscriptionId,
        stripeSessionId: session.id,
        subscriptionEndsOn: null,
      },
      by,
    );
    await queueReceipt(tx, client, checkoutPayment(session, session.reference.tier, clock.now()));
  }

  /** "Checkout completed", from the Stripe webhook or the test checkout's Pay button alike. */
  async function checkoutCompleted(
    tx: AppDb,
    session: CheckoutSession,
    by: AuditBy,
  ): Promise<AfterCommit | undefined> {
    if (!isPaid(session) || !session.reference) return undefined;
    if (session.reference.kind === 'signup') return deps.signupPaid(tx, session);
    await applyPaidSubscription(tx, session, by);
    return undefined;
  }

  /** The account's owner, read on `tx` when inside a transaction (PGlite has one connection). */
  async function ownerOf(client: ClientRow, tx?: AppDb) {
    if (client.ownerUserId === null) return undefined;
    return (tx ? deps.usersIn(tx) : deps.users).findById(client.ownerUserId);
  }

  /** A failed renewal: the grace period starts (once; the provider's retries do not extend it). */
  async function paymentFailed(tx: AppDb, client: ClientRow): Promise<void> {
    if (client.lastPaymentStatus === 'failed' && client.paymentGraceEndDate) return;
    const graceEnd = productDate(clock.now(), settings.TIME_ZONE, settings.PAYMENT_GRACE_DAYS);
    await deps
      .accountsIn(tx)
      .updateSubscription(
        client.id,
        { lastPaymentStatus: 'failed', paymentGraceEndDate: graceEnd },
        BY_PROVIDER,
      );
    const owner = await ownerOf(client, tx);
    if (!owner) return;
    await deps
      .outboxIn(tx)
      .enqueueEmail(paymentFailedEmail(owner, client.accountName, graceEnd, subscriptionUrl(client.id)));
  }

  /** The subscription ended: monitoring stops after today, until the account subscribes again. */
  function subscriptionEnded(client: ClientRow) {
    const lastDay = [client.paymentGraceEndDate, today()].filter((day) => day !== null).sort()[0];
    return { lastPaymentStatus: 'cancelled', stripeSubscriptionId: null, paymentGraceEndDate: lastDay };
  }

  async function applyEvent(
    tx: AppDb,
    event: Exclude<BillingEvent, { type: 'ignored' }>,
  ): Promise<AfterCommit | undefined> {
    if (event.type === 'checkout.completed') return checkoutCompleted(tx, event.checkout, BY_PROVIDER);
    await applyAccountEvent(tx, event);
    return undefined;
  }

  async function applyAccountEvent(
    tx: AppDb,
    event: Exclude<BillingEvent, { type: 'ignored' | 'checkout.completed' }>,
  ): Promise<void> {
    const accounts = deps.accountsIn(tx);
    const customerId = event.type === 'subscription.deleted' ? null : event.customerId;
    const found = await accounts.findByStripeIds(event.subscriptionId, customerId);
    const client = found && (await accounts.lockClient(found.id));
    if (!client) return;
    switch (event.type) {
      case 'invoice.paid':
        await accounts.updateSubscription(
          client.id,
          { lastPaymentStatus: 'paid', paymentGraceEndDate: null, invoiceDay: renewalDay(event.at) },
          BY_PROVIDER,
        );
        return queueReceipt(tx, client, {
          id: event.invoiceId,
          tier: client.tier as TierName,
          blocks: event.quantity,
          amount: event.amount,
          paidAt: event.at,
        });
      case 'invoice.payment_failed':
        return paymentFailed(tx, client);
      case 'subscription.updated':
        if (!event.tier || event.tier === client.tier) return;
        return accounts.updateSubscription(client.id, { tier: event.tier }, BY_PROVIDER);
      case 'subscription.deleted':
        return accounts.updateSubscription(client.id, subscriptionEnded(client), BY_PROVIDER);
    }
  }

  /** Each event once: its id is stored in the transaction that applies it; a repeat does nothing. */
  async function handleEvent(event: BillingEvent): Promise<void> {
    if (event.type === 'ignored') return;
    const afterCommit = await db.transaction(async (tx) => {
      if (!(await createBillingRepository(tx).recordEvent(event.id, event.type))) return undefined;
      return applyEvent(tx, event);
    });
    await afterCommit?.();
    await deps.onMailQueued?.();
  }

  /** A paid sign-up's account was made in `tx` (the signups feature): its receipt, once per payment. */
  async function signupReceipt(tx: AppDb, clientId: number, session: CheckoutSession): Promise<void> {
    const client = await deps.accountsIn(tx).lockClient(clientId);
    if (client && session.reference) {
      await queueReceipt(tx, client, checkoutPayment(session, session.reference.tier, clock.now()));
    }
  }

  return { checkoutCompleted, applyPaidSubscription, ownerOf, handleEvent, signupReceipt };
}

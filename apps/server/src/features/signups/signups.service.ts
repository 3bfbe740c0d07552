import { BILLING_MESSAGES } from '@pluvio/shared/billing';
import {
  refusalMessage,
  type SignupRefusal,
  type SignupRequest,
  WIZARD_MESSAGES,
} from '@pluvio/shared/signup';
import type { AppDb } from '../../core/db/client';
import { isUniqueViolation } from '../../core/db/pg-errors';
import { AppError, badRequest, conflict, notFound } from '../../core/lib/errors';
import { hashToken, randomToken } from '../../core/lib/tokens';
import { hashPassword } from '../../core/passwords';
import type { SignupRow } from '../../core/tables/signups';
import type { AuthService, IssuedTokens } from '../auth';
import { type CheckoutSession, isPaid, type PaymentAdapter } from '../billing';
import type { UsersService } from '../users';
import {
  createProvisioning,
  detailsOfRequest,
  detailsOfRow,
  type ProvisioningDeps,
  type SignupsOptions,
} from './provisioning';
import { abandonedSignupNotice, signupRefundedEmail } from './signups.emails';
import { createSignupsRepository } from './signups.repository';

export type { ProvisioningServices, SignupsOptions } from './provisioning';

export interface SignupsDeps extends ProvisioningDeps {
  users: Pick<UsersService, 'findByEmail'>;
  auth: Pick<AuthService, 'signInNewUser'>;
  /** The installation's payment provider (billing's adapter). */
  payments: () => PaymentAdapter;
  /** Counts a free trial from the client address against its daily ceiling (429 past it); answers the undo. */
  admitTrial?: (ip: string, email: string) => Promise<() => Promise<void>>;
  onMailQueued?: () => Promise<void>;
}

export interface Provisioned {
  userId: number;
  /** The browser's new session when this browser started the sign-up. */
  tokens: IssuedTokens | null;
  notice: string | null;
}

/** How long the browser that started a paid sign-up may be signed in by its completion. */
export const SIGNUP_BROWSER_SECONDS = 24 * 3600;
/**
 * A checkout can be paid for 24 hours and its webhook is retried for 3 days; a week after that
 * an unpaid sign-up can no longer become an account, so its details and password hash go.
 */
export const UNFINISHED_SIGNUP_DAYS = 7;
/** How long an address is held when the provider does not tell the checkout's expiry (Stripe's default). */
const CHECKOUT_HOURS = 24;

/**
 * What a paid checkout came to in its transaction: provisioned (with the e-mails' notice),
 * refused (its payment is to be refunded once the transaction commits), or done before.
 */
type PaidOutcome = { provisioned: string | null } | { refused: SignupRow } | undefined;

function providerFailed(cause: unknown): AppError {
  return Object.assign(new AppError(502, BILLING_MESSAGES.checkoutFailed), { cause });
}

/**
 * The registration wizard's sign-ups (spec part 2 §4 "Wizard", "Provisioning"; D9, D13, D20): a
 * trial provisioned at once, a paid sign-up kept until its checkout is paid and then provisioned
 * exactly once, whoever comes first: the returning browser, a reload, another tab or the webhook.
 */
export function createSignupsService(db: AppDb, deps: SignupsDeps, options: SignupsOptions) {
  const repository = createSignupsRepository(db);
  const { clock, publicUrl } = options;
  const { provision } = createProvisioning(deps, options);

  async function requireFreeEmail(email: string): Promise<void> {
    if (await deps.users.findByEmail(email)) throw badRequest(WIZARD_MESSAGES.emailTaken);
    if (await repository.findHold(email, clock.now())) throw conflict(WIZARD_MESSAGES.emailHeld);
  }

  /**
   * The address is held by a paid sign-up of this same browser (it left the checkout and started
   * again): that checkout is closed and the address is free for the new one.
   */
  async function releaseOwnHold(email: string, browserSecret: string | undefined): Promise<void> {
    const now = clock.now();
    await repository.releaseEndedHolds(email, now);
    const held = await repository.findHold(email, now);
    if (!held) return;
    if (!browserSecret || hashToken(browserSecret) !== held.browserSecretHash) {
      throw conflict(WIZARD_MESSAGES.emailHeld);
    }
    if (held.checkoutSessionId && (await expireCheckout(held.checkoutSessionId)) === 'complete') {
      throw conflict(WIZARD_MESSAGES.alreadyPaid);
    }
    await repository.release(held.id, now);
  }

  function expireCheckout(sessionId: string) {
    return deps
      .payments()
      .expireCheckout(sessionId)
      .catch((error: unknown) => {
        throw providerFailed(error);
      });
  }

  /**
   * A paid checkout of a sign-up: provisioned in the caller's transaction unless done before.
   * The sign-up row stays locked until it commits, so a second caller waits and finds it done.
   * Answers the notice of the e-mails, or undefined when another caller provisioned it.
   */
  async function provisionPaid(tx: AppDb, session: CheckoutSession): Promise<PaidOutcome> {
    const txRepository = createSignupsRepository(tx);
    const signup = await txRepository.lockByCheckout(session.id);
    if (!signup || signup.provisionedAt) return undefined;
    if (signup.refusedAt) return { refused: signup };
    const refuse = async (refusal: SignupRefusal) => {
      await txRepository.markRefused(signup.id, refusal, clock.now());
      return { refused: { ...signup, refusal } };
    };
    // Cancelled (its checkout expired) yet paid: no account; the money goes back.
    if (signup.cancelledAt) return refuse('cancelled');
    if (await deps.servicesIn(tx).users.findByEmail(signup.email)) return refuse('email_taken');
    try {
      // A savepoint: a registration of the address racing this one rolls back only the account.
      const { user, clientId, notice } = await tx.transaction((savepoint) =>
        provision(savepoint, detailsOfRow(signup), session, null),
      );
      await txRepository.markProvisioned(signup.id, user.id, clientId, clock.now());
      return { provisioned: notice };
    } catch (error) {
      if (isUniqueViolation(error)) return refuse('email_taken');
      throw error;
    }
  }

  /**
   * A refused sign-up's payment goes back (Stripe: refund and cancel the subscription, or expire
   * the checkout when unpaid) and the buyer is told by e-mail, once. After its transaction has
   * committed, as it calls the provider; the `signups.settle-refusals` job retries a failure.
   */
  async function settleRefusal(signup: SignupRow): Promise<void> {
    if (signup.refundedAt || !signup.checkoutSessionId) return;
    const payments = deps.payments();
    const session = await payments.retrieveCheckout(signup.checkoutSessionId);
    if (session) await payments.refundCheckout(session);
    const told = await db.transaction(async (tx) => {
      if (!(await createSignupsRepository(tx).markRefunded(signup.id, clock.now()))) return false;
      const refusal = (signup.refusal ?? 'email_taken') as SignupRefusal;
      await deps
        .servicesIn(tx)
        .outbox.enqueueEmail(signupRefundedEmail(detailsOfRow(signup), refusal, `${publicUrl}/`));
      return true;
    });
    if (told) await deps.onMailQueued?.();
  }

  /** Settles at once when the provider answers; otherwise the job tries again later. */
  async function trySettleRefusal(signup: SignupRow): Promise<void> {
    await settleRefusal(signup).catch((error: unknown) => {
      console.error(
        'refund of a refused sign-up failed; it is retried:',
        error instanceof Error ? error.message : 'unknown error',
      );
    });
  }

  function refusedError(signup: SignupRow): AppError {
    return conflict(refusalMessage((signup.refusal ?? 'email_taken') as SignupRefusal));
  }

  async function signUpTrial(input: SignupRequest, ip: string): Promise<Provisioned> {
    await requireFreeEmail(input.email);
    const undoTrial = await deps.admitTrial?.(ip, input.email);
    const details = detailsOfRequest(input, await hashPassword(input.password));
    const { user, notice } = await db
      .transaction((tx) => provision(tx, details, null, ip))
      .catch(async (error: unknown) => {
        await undoTrial?.();
        throw isUniqueViolation(error) ? badRequest(WIZARD_MESSAGES.emailTaken) : error;
      });
    await deps.onMailQueued?.();
    return { userId: user.id, tokens: await deps.auth.signInNewUser(user.id), notice };
  }

  /** A paid sign-up waits for its checkout; the browser keeps a secret that signs it in afterwards. */
  async function startPaidSignup(input: SignupRequest, previousBrowserSecret?: string) {
    if (await deps.users.findByEmail(input.email)) throw badRequest(WIZARD_MESSAGES.emailTaken);
    await releaseOwnHold(input.email, previousBrowserSecret);
    const details = detailsOfRequest(input, await hashPassword(input.password));
    const browserSecret = randomToken();
    const now = clock.now();
    // The unique index on held addresses settles two sign-ups of one address at once.
    const signup = await repository
      .insert({
        email: details.email,
        passwordHash: details.passwordHash,
        firstName: details.firstName,
        lastName: details.lastName,
        phone: details.phone,
        smsAccepted: details.smsAccepted,
        accountName: input.account_name || null,
        tier: details.tier,
        location: details.location,
        browserSecretHash: hashToken(browserSecret),
        createdAt: now,
        holdEndsAt: new Date(now.getTime() + CHECKOUT_HOURS * 3_600_000),
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict(WIZARD_MESSAGES.emailHeld) : error;
      });
    try {
      const checkout = await deps.payments().createCheckout({
        kind: 'signup',
        reference: signup.id,
        tier: details.tier,
        quantity: 1,
        customer: { id: null, email: details.email, name: `${details.firstName} ${details.lastName}` },
        successUrl: `${publicUrl}/wizard?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${publicUrl}/cancel-signup?session_id={CHECKOUT_SESSION_ID}`,
      });
      const holdEndsAt = checkout.expiresAt ?? new Date(now.getTime() + CHECKOUT_HOURS * 3_600_000);
      await repository.setCheckout(signup.id, checkout.id, holdEndsAt);
      return { checkoutUrl: checkout.url, browserSecret };
    } catch (error) {
      await repository.remove(signup.id);
      throw providerFailed(error);
    }
  }

  /** Whether the request comes from the browser that started the sign-up, recently. */
  function isStartingBrowser(signup: SignupRow, browserSecret: string | undefined): boolean {
    const fresh = clock.now().getTime() - signup.createdAt.getTime() < SIGNUP_BROWSER_SECONDS * 1000;
    return fresh && browserSecret !== undefined && hashToken(browserSecret) === signup.browserSecretHash;
  }

  async function requireSignup(sessionId: string): Promise<SignupRow> {
    const signup = await repository.findByCheckout(sessionId);
    if (!signup) throw notFound(WIZARD_MESSAGES.signupNotFound);
    return signup;
  }

  return {
    signUpTrial,
    startPaidSignup,

    /** Whether a paid sign-up waiting for its checkout holds the address (registration is refused). */
    async isHeld(email: string): Promise<boolean> {
      return (await repository.findHold(email, clock.now())) !== undefined;
    },

    /**
     * Billing's "checkout completed" of a sign-up (webhook or test checkout), in its transaction.
     * Answers what to do once it has committed: a refused payment's refund.
     */
    async checkoutPaid(tx: AppDb, session: CheckoutSession): Promise<(() => Promise<void>) | undefined> {
      const outcome = await provisionPaid(tx, session);
      if (!outcome || !('refused' in outcome)) return undefined;
      const { refused } = outcome;
      return () => trySettleRefusal(refused);
    },

    /** The job: refunds of refused sign-ups that failed before (the provider was down). */
    async settleRefusals(): Promise<number> {
      const pending = await repository.refusedUnrefunded(50);
      for (const signup of pending) await settleRefusal(signup);
      return pending.length;
    },

    /**
     * POST /api/signups/complete: the browser is back from the checkout. Provisions once when
     * paid; signs in only the browser that started the sign-up.
     */
    async complete(sessionId: string, browserSecret: string | undefined): Promise<Provisioned> {
      let signup = await requireSignup(sessionId);
      let notice: string | null = null;
      if (signup.refusedAt) {
        await trySettleRefusal(signup);
        throw refusedError(signup);
      }
      if (!signup.provisionedAt) {
        const session = await deps
          .payments()
          .retrieveCheckout(sessionId)
          .catch((error: unknown) => {
            throw providerFailed(error);
          });
        if (!session || !isPaid(session)) throw conflict(WIZARD_MESSAGES.paymentNotCompleted);
        const outcome = await db.transaction((tx) => provisionPaid(tx, session));
        if (outcome && 'refused' in outcome) {
          await trySettleRefusal(outcome.refused);
          throw refusedError(outcome.refused);
        }
        notice = outcome?.provisioned ?? null;
        await deps.onMailQueued?.();
        signup = await requireSignup(sessionId);
      }
      if (signup.userId === null) throw notFound(WIZARD_MESSAGES.signupNotFound);
      const tokens = isStartingBrowser(signup, browserSecret)
        ? await deps.auth.signInNewUser(signup.userId)
        : null;
      return { userId: signup.userId, tokens, notice };
    },

    /** Forgets the sign-ups that were never paid for; answers how many went. */
    async forgetUnfinished(): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - UNFINISHED_SIGNUP_DAYS * 24 * 3_600_000);
      return repository.removeUnfinishedBefore(cutoff);
    },

    /**
     * POST /api/signups/cancel: the checkout is closed at the provider so it can no longer be paid,
     * the address is free again, and support is told once. A sign-up already paid cannot be
     * cancelled this way (409): the session id is all the call needs, so it must not undo a payment.
     */
    async cancel(sessionId: string): Promise<void> {
      const signup = await requireSignup(sessionId);
      if (signup.provisionedAt) throw conflict(WIZARD_MESSAGES.alreadyPaid);
      if (signup.refusedAt || signup.cancelledAt) return;
      if ((await expireCheckout(sessionId)) === 'complete') throw conflict(WIZARD_MESSAGES.alreadyPaid);
      const queued = await db.transaction(async (tx) => {
        if (!(await createSignupsRepository(tx).markCancelled(signup.id, clock.now()))) return false;
        const notice = abandonedSignupNotice(
          options.supportEmail,
          detailsOfRow(signup),
          `${publicUrl}/settings-admin`,
        );
        await deps.servicesIn(tx).outbox.enqueueEmail(notice);
        return true;
      });
      if (queued) await deps.onMailQueued?.();
    },
  };
}

export type SignupsService = ReturnType<typeof createSignupsService>;

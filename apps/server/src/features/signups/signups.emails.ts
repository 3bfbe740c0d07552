import type { SignupRefusal } from '@pluvio/shared/signup';
import type { TierName } from '@pluvio/shared/tiers';
import { TIER, tierLabel } from '@pluvio/shared/tiers';
import { layoutEmail } from '../../core/lib/email-layout';
import type { EmailToQueue } from '../notifications';

export interface NewAccountFacts {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  accountName: string;
  kind: 'trial' | 'paid';
  tier: TierName;
}

const planOf = (facts: NewAccountFacts) =>
  facts.kind === 'trial' ? 'a 30-day trial at Gold level' : `the ${tierLabel(TIER[facts.tier])} plan`;

/** To the new user, beside the verification e-mail. */
export function welcomeEmail(facts: NewAccountFacts, dashboardUrl: string): EmailToQueue {
  return {
    to: facts.email,
    kind: 'welcome',
    subject: 'Welcome to Pluvio',
    ...layoutEmail(
      [
        `Hello ${facts.firstName || 'there'},`,
        `Your Pluvio account ${facts.accountName} is ready, on ${planOf(facts)}. We watch your first location around the clock and e-mail you its daily rainfall report and alerts.`,
        'Please also confirm your e-mail address with the link we sent in a separate message.',
      ],
      { label: 'Open your dashboard', url: dashboardUrl },
    ),
  };
}

/** To the support address: someone signed up (the spec's new-trial notice, and its paid twin). */
export function newAccountNotice(to: string, facts: NewAccountFacts, clientUrl: string): EmailToQueue {
  const what = facts.kind === 'trial' ? 'New trial' : `New ${tierLabel(TIER[facts.tier])} subscription`;
  return {
    to,
    kind: facts.kind === 'trial' ? 'new_trial_notice' : 'new_subscription_notice',
    subject: `${what}: ${facts.accountName}`,
    ...layoutEmail(
      [
        `${what} signed up on Pluvio.`,
        `Account: ${facts.accountName}`,
        `Name: ${facts.firstName} ${facts.lastName}`,
        `E-mail: ${facts.email}`,
        `Phone: ${facts.phone}`,
      ],
      { label: 'Open the account', url: clientUrl },
    ),
  };
}

/** To the support address: a paid sign-up went back from the checkout (spec §4 "Cancel-signup"). */
export function abandonedSignupNotice(to: string, facts: NewAccountFacts, clientsUrl: string): EmailToQueue {
  return {
    to,
    kind: 'abandoned_signup_notice',
    subject: `Abandoned sign-up: ${facts.firstName} ${facts.lastName}`,
    ...layoutEmail(
      [
        `Someone left the checkout of a ${tierLabel(TIER[facts.tier])} sign-up without paying.`,
        `Name: ${facts.firstName} ${facts.lastName}`,
        `E-mail: ${facts.email}`,
        `Phone: ${facts.phone}`,
        'They were told that support will be in touch.',
      ],
      { label: 'Open the clients list', url: clientsUrl },
    ),
  };
}

const REFUSAL_REASONS: Record<SignupRefusal, string> = {
  email_taken: 'an account with this e-mail address was opened while you were paying',
  cancelled: 'the sign-up was cancelled before the payment arrived',
};

/** To the buyer: a paid sign-up could not become an account, and its payment was given back. */
export function signupRefundedEmail(
  facts: Pick<NewAccountFacts, 'email' | 'firstName' | 'tier'>,
  refusal: SignupRefusal,
  signInUrl: string,
): EmailToQueue {
  return {
    to: facts.email,
    kind: 'signup_refunded',
    subject: 'Your Pluvio payment has been refunded',
    ...layoutEmail(
      [
        `Hello ${facts.firstName || 'there'},`,
        `We could not open your Pluvio account on the ${tierLabel(TIER[facts.tier])} plan: ${REFUSAL_REASONS[refusal]}.`,
        'Your payment has been refunded in full and the subscription cancelled; the refund shows on your statement within 5 to 10 business days.',
        refusal === 'email_taken'
          ? 'If the existing account is yours, sign in or reset its password.'
          : 'You can sign up again whenever you like.',
      ],
      { label: 'Go to Pluvio', url: signInUrl },
    ),
  };
}

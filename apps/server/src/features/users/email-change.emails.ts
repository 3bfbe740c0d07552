import { EMAIL_CHANGE_LINK_HOURS } from '@pluvio/shared/users.schemas';
import { layoutEmail } from '../../core/lib/email-layout';
import type { EmailToQueue } from '../notifications';

const hello = (firstName: string) => `Hello ${firstName || 'there'},`;

/** To the new address: the link that makes it the sign-in e-mail. */
export function confirmNewEmailEmail(
  to: string,
  firstName: string,
  oldEmail: string,
  url: string,
): EmailToQueue {
  return {
    to,
    kind: 'email_change_confirm',
    subject: 'Confirm your new Pluvio sign-in e-mail',
    ...layoutEmail(
      [
        hello(firstName),
        `You asked to sign in to Pluvio with this address instead of ${oldEmail}. The change takes effect when you follow the link below; it works once, for ${EMAIL_CHANGE_LINK_HOURS} hours.`,
        'If you did not ask for it, ignore this message: nothing changes.',
      ],
      { label: 'Confirm my new e-mail', url },
    ),
  };
}

/** To the old address when a change is asked for: nothing has changed yet. */
export function emailChangeRequestedEmail(
  to: string,
  firstName: string,
  newEmail: string,
  resetUrl: string,
  supportEmail: string,
): EmailToQueue {
  return {
    to,
    kind: 'email_change_requested',
    subject: 'Your Pluvio sign-in e-mail is about to change',
    ...layoutEmail(
      [
        hello(firstName),
        `Someone signed in to your Pluvio account asked to change its sign-in e-mail to ${newEmail}. Nothing changes until the link sent to that address is followed.`,
        `If this wasn't you, choose a new password now (the link below sends one to this address) and write to ${supportEmail}.`,
      ],
      { label: 'Choose a new password', url: resetUrl },
    ),
  };
}

/** To the old address once the change took effect. */
export function emailChangedEmail(
  to: string,
  firstName: string,
  newEmail: string,
  supportEmail: string,
): EmailToQueue {
  return {
    to,
    kind: 'email_changed',
    subject: 'Your Pluvio sign-in e-mail was changed',
    ...layoutEmail(
      [
        hello(firstName),
        `The sign-in e-mail of your Pluvio account was changed to ${newEmail}. From now on sign-in, password resets and the account's messages go to that address, and the account's other sessions were signed out.`,
        `If this wasn't you, write to ${supportEmail} at once: someone else may control your account.`,
      ],
      { label: 'Write to Pluvio support', url: `mailto:${supportEmail}` },
    ),
  };
}

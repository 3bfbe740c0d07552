import { layoutEmail } from '../../core/lib/email-layout';
import type { EmailToQueue } from '../notifications';

interface Reader {
  to: string;
  firstName: string;
}

/** A short e-mail greeting its reader by first name, with one call to action. */
function actionEmail(
  { to, firstName }: Reader,
  kind: string,
  subject: string,
  lines: string[],
  action: { label: string; url: string },
): EmailToQueue {
  return { to, kind, subject, ...layoutEmail([`Hello ${firstName || 'there'},`, ...lines], action) };
}

export function resetPasswordEmail(to: string, firstName: string, url: string): EmailToQueue {
  return actionEmail(
    { to, firstName },
    'reset_password',
    'Reset your Pluvio password',
    [
      'Someone asked to reset the password of your Pluvio account. The link below works once, for one hour.',
      'If it was not you, ignore this message; your password stays as it is.',
    ],
    { label: 'Reset your password', url },
  );
}

export function verifyEmailEmail(to: string, firstName: string, url: string): EmailToQueue {
  return actionEmail(
    { to, firstName },
    'verify_email',
    'Confirm your Pluvio e-mail address',
    ['Please confirm this e-mail address for your Pluvio account. The link works for 24 hours.'],
    { label: 'Confirm my e-mail address', url },
  );
}

/** What differs between the two contact e-mails. */
interface ContactEmailVariant {
  kind: string;
  /** How the service is named: introduced to a newcomer. */
  pluvio: string;
  signIn: string;
  actionLabel: string;
}

/** Someone was made a contact of `accountName`: the account's reports and alerts will reach them. */
function addedAsContactEmail({ kind, pluvio, signIn, actionLabel }: ContactEmailVariant) {
  return (to: string, firstName: string, accountName: string, url: string): EmailToQueue =>
    actionEmail(
      { to, firstName },
      kind,
      `You were added to ${accountName} on Pluvio`,
      [
        `You were added as a contact of ${accountName} on ${pluvio} and will receive its rainfall reports and alerts.`,
        signIn,
      ],
      { label: actionLabel, url },
    );
}

/** A new contact login: the link lets the contact choose a password (an invitation token). */
export const contactInvitationEmail = addedAsContactEmail({
  kind: 'contact_invite',
  pluvio: 'Pluvio, the rainfall monitoring service,',
  signIn: 'Choose a password to sign in and see your locations. The link below works once, for seven days.',
  actionLabel: 'Choose your password',
});

/** A user who already has a login becomes a contact of another account. */
export const addedToAccountEmail = addedAsContactEmail({
  kind: 'contact_added',
  pluvio: 'Pluvio',
  signIn:
    'Sign in with your usual e-mail address and password. If you have not chosen a password yet, use "Forgot password" on the sign-in page.',
  actionLabel: 'Sign in to Pluvio',
});

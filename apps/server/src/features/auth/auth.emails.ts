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

/**
 * Someone was made a contact of `accountName`: the account's reports and alerts will reach them.
 * `pluvio` names the service (introduced to a newcomer); `signIn` says how to sign in.
 */
function addedAsContactEmail(
  reader: Reader,
  kind: string,
  accountName: string,
  pluvio: string,
  signIn: string,
  action: { label: string; url: string },
): EmailToQueue {
  return actionEmail(
    reader,
    kind,
    `You were added to ${accountName} on Pluvio`,
    [
      `You were added as a contact of ${accountName} on ${pluvio} and will receive its rainfall reports and alerts.`,
      signIn,
    ],
    action,
  );
}

/** A new contact login: the link lets the contact choose a password (an invitation token). */
export function contactInvitationEmail(
  to: string,
  firstName: string,
  accountName: string,
  url: string,
): EmailToQueue {
  return addedAsContactEmail(
    { to, firstName },
    'contact_invite',
    accountName,
    'Pluvio, the rainfall monitoring service,',
    'Choose a password to sign in and see your locations. The link below works once, for seven days.',
    { label: 'Choose your password', url },
  );
}

/** A user who already has a login becomes a contact of another account. */
export function addedToAccountEmail(
  to: string,
  firstName: string,
  accountName: string,
  url: string,
): EmailToQueue {
  return addedAsContactEmail(
    { to, firstName },
    'contact_added',
    accountName,
    'Pluvio',
    'Sign in with your usual e-mail address and password. If you have not chosen a password yet, use "Forgot password" on the sign-in page.',
    { label: 'Sign in to Pluvio', url },
  );
}

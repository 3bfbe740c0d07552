import { layoutEmail } from '../../core/lib/email-layout';
import type { EmailToQueue } from '../notifications';

/** A short e-mail with one call to action. */
function actionEmail(
  to: string,
  kind: string,
  subject: string,
  lines: string[],
  action: { label: string; url: string },
): EmailToQueue {
  return { to, kind, subject, ...layoutEmail(lines, action) };
}

export function resetPasswordEmail(to: string, firstName: string, url: string): EmailToQueue {
  return actionEmail(
    to,
    'reset_password',
    'Reset your Pluvio password',
    [
      `Hello ${firstName || 'there'},`,
      'Someone asked to reset the password of your Pluvio account. The link below works once, for one hour.',
      'If it was not you, ignore this message; your password stays as it is.',
    ],
    { label: 'Reset your password', url },
  );
}

export function verifyEmailEmail(to: string, firstName: string, url: string): EmailToQueue {
  return actionEmail(
    to,
    'verify_email',
    'Confirm your Pluvio e-mail address',
    [
      `Hello ${firstName || 'there'},`,
      'Please confirm this e-mail address for your Pluvio account. The link works for 24 hours.',
    ],
    { label: 'Confirm my e-mail address', url },
  );
}

/** A new contact login: the link lets the contact choose a password (an invitation token). */
export function contactInvitationEmail(
  to: string,
  firstName: string,
  accountName: string,
  url: string,
): EmailToQueue {
  return actionEmail(
    to,
    'contact_invite',
    `You were added to ${accountName} on Pluvio`,
    [
      `Hello ${firstName || 'there'},`,
      `You were added as a contact of ${accountName} on Pluvio, the rainfall monitoring service, and will receive its rainfall reports and alerts.`,
      'Choose a password to sign in and see your locations. The link below works once, for seven days.',
    ],
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
  return actionEmail(
    to,
    'contact_added',
    `You were added to ${accountName} on Pluvio`,
    [
      `Hello ${firstName || 'there'},`,
      `You were added as a contact of ${accountName} on Pluvio and will receive its rainfall reports and alerts.`,
      'Sign in with your usual e-mail address and password. If you have not chosen a password yet, use "Forgot password" on the sign-in page.',
    ],
    { label: 'Sign in to Pluvio', url },
  );
}

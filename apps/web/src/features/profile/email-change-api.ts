import { emailChangeAnswerSchema } from '@pluvio/shared/users.schemas';
import { apiRequest } from '../../lib/api-client';

/**
 * The change of sign-in e-mail that waits for its link (issue 25). Asking for it is part of
 * PATCH /users/me (`updateCurrentUser`); these resend or cancel the link, and confirm it.
 */

export const EMAIL_CHANGE_PATH = '/users/me/email-change';
export const CONFIRM_EMAIL_CHANGE_PATH = '/users/email-change/confirm';

/** E-mails a new link to the pending address; answers the sentence to show. */
export async function resendEmailChange(): Promise<string> {
  const answer = await apiRequest(`${EMAIL_CHANGE_PATH}/resend`, { method: 'POST' });
  return emailChangeAnswerSchema.parse(answer).detail;
}

export async function cancelEmailChange(): Promise<void> {
  await apiRequest(EMAIL_CHANGE_PATH, { method: 'DELETE' });
}

/**
 * The link e-mailed to the new address: anyone holding it confirms. A signed-in browser sends
 * its session, which the server keeps when it is the user's (their other sessions end).
 */
export async function confirmEmailChange(token: string): Promise<string> {
  const answer = await apiRequest(CONFIRM_EMAIL_CHANGE_PATH, {
    method: 'POST',
    json: { token },
    refreshOn401: false,
  });
  return emailChangeAnswerSchema.parse(answer).detail;
}

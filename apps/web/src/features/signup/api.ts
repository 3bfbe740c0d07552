import { type SignupResult, type signupRequestSchema, signupResultSchema } from '@pluvio/shared/signup';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { oncePerKey } from '../../lib/once-per-key';

/** The registration wizard's calls (spec part 2 §4 "Wizard", "Cancel-signup"; D13, D20). */

export type SignupBody = z.input<typeof signupRequestSchema>;

/** POST /api/signups: a trial is provisioned at once, a paid sign-up answers its checkout. */
export async function submitSignup(body: SignupBody): Promise<SignupResult> {
  return signupResultSchema.parse(
    await apiRequest('/api/signups', { method: 'POST', json: body, refreshOn401: false }),
  );
}

/** POST /api/signups/complete after the checkout, once per session while the page lives. */
export const completeSignup = oncePerKey(
  async (sessionId: string): Promise<SignupResult> =>
    signupResultSchema.parse(
      await apiRequest('/api/signups/complete', {
        method: 'POST',
        json: { session_id: sessionId },
        refreshOn401: false,
      }),
    ),
);

/** POST /api/signups/cancel: the checkout was abandoned; support hears of it. */
export const cancelSignup = oncePerKey(async (sessionId: string): Promise<void> => {
  await apiRequest('/api/signups/cancel', {
    method: 'POST',
    json: { session_id: sessionId },
    refreshOn401: false,
  });
});

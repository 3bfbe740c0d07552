import { Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { currentUserSchema, EMAIL_CHANGE_MESSAGES } from '@pluvio/shared/users.schemas';
import { BareCard } from '../../components/bare-card';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { apiRequest, failureMessage } from '../../lib/api-client';
import { ME_PATH } from '../../lib/current-user';
import { oncePerKey } from '../../lib/once-per-key';
import { getSession, setUser } from '../../lib/session';
import { useTokenOutcome } from '../../lib/use-token-outcome';
import { confirmEmailChange } from './email-change-api';

type Outcome = { ok: boolean; message: string };

const NO_TOKEN: Outcome = { ok: false, message: EMAIL_CHANGE_MESSAGES.badToken };

/**
 * A browser signed in as the user who asked for the change keeps its session: it shows the new
 * address at once. Any other browser is left as it is (its session may have just ended).
 */
async function showNewAddress(): Promise<void> {
  if (!getSession().user?.pending_email) return;
  try {
    setUser(currentUserSchema.parse(await apiRequest(ME_PATH, { refreshOn401: false })));
  } catch {
    // Signed out by the change: the next page asks to sign in again.
  }
}

/** One confirmation per token, even when React runs the effect twice. */
const confirmOnce = oncePerKey(
  (token: string): Promise<Outcome> =>
    confirmEmailChange(token).then(
      async (message): Promise<Outcome> => {
        await showNewAddress();
        return { ok: true, message };
      },
      (error: unknown): Outcome => ({
        ok: false,
        message: failureMessage(error, EMAIL_CHANGE_MESSAGES.badToken),
      }),
    ),
);

/** /confirm-email-change?token=: the link e-mailed to a new sign-in address (issue 25). */
export function ConfirmEmailChangePage() {
  const outcome = useTokenOutcome(confirmOnce, NO_TOKEN);

  return (
    <BareCard title="Confirm New Sign-in E-mail">
      {!outcome && <Text role="status">{MESSAGES.working}</Text>}
      {outcome?.ok && <InfoMessage>{outcome.message}</InfoMessage>}
      {outcome && !outcome.ok && <ErrorMessage>{outcome.message}</ErrorMessage>}
    </BareCard>
  );
}

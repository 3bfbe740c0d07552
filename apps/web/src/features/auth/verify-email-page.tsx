import { Anchor, Text } from '@mantine/core';
import { ERROR_CODES, MESSAGES } from '@pluvio/shared/messages';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { BareCard } from '../../components/bare-card';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { ApiError, failureMessage } from '../../lib/api-client';
import { DELAYS } from '../../lib/delay';
import { oncePerKey } from '../../lib/once-per-key';
import { PATHS } from '../../lib/routes';
import { useTokenOutcome } from '../../lib/use-token-outcome';
import { verifyEmail } from './api';

export const ALREADY_VERIFIED_MESSAGE = 'Your e-mail address is already verified.';

type Outcome = { ok: true } | { ok: false; message: string };

const NO_TOKEN: Outcome = { ok: false, message: MESSAGES.verifyBadToken };

/** One verification per token, even when React runs the effect twice. */
const verifyOnce = oncePerKey(
  (token: string): Promise<Outcome> =>
    verifyEmail(token).then(
      (): Outcome => ({ ok: true }),
      (error: unknown): Outcome => {
        if (error instanceof ApiError && error.detail === ERROR_CODES.verifyUserAlreadyVerified) {
          return { ok: false, message: ALREADY_VERIFIED_MESSAGE };
        }
        if (error instanceof ApiError && error.detail === ERROR_CODES.verifyUserBadToken) {
          return { ok: false, message: MESSAGES.verifyBadToken };
        }
        return { ok: false, message: failureMessage(error, MESSAGES.verifyBadToken) };
      },
    ),
);

/** /verify-email?token=: verifies the address, shows the result, then goes to sign in after 5 s. */
export function VerifyEmailPage() {
  const navigate = useNavigate();
  const outcome = useTokenOutcome(verifyOnce, NO_TOKEN);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => navigate(PATHS.login), DELAYS.verifyEmailRedirect);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <BareCard title="Verify Email">
      {!outcome && <Text role="status">{MESSAGES.working}</Text>}
      {outcome?.ok && <InfoMessage>{MESSAGES.emailVerified}</InfoMessage>}
      {outcome && !outcome.ok && <ErrorMessage>{outcome.message}</ErrorMessage>}
      {outcome && (
        <Text size="sm">
          Taking you to{' '}
          <Anchor component={Link} to={PATHS.login}>
            sign in
          </Anchor>{' '}
          in a few seconds.
        </Text>
      )}
    </BareCard>
  );
}

import { Anchor, Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { CANCEL_SIGNUP_REDIRECT_MS, WIZARD_MESSAGES } from '@pluvio/shared/signup';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { BareCard } from '../../components/bare-card';
import { InfoMessage } from '../../components/form-message';
import { PATHS } from '../../lib/routes';
import { cancelSignup } from './api';
import { clearDraft } from './wizard-draft';

function CancelledSignup({ sessionId }: { sessionId: string }) {
  const navigate = useNavigate();
  const [cancelled, setCancelled] = useState(false);

  useEffect(() => {
    let live = true;
    cancelSignup(sessionId).then(
      () => {
        clearDraft();
        if (live) setCancelled(true);
      },
      (error: unknown) => {
        console.warn('Cancelling the sign-up failed', error);
        if (live) navigate(PATHS.login, { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [sessionId, navigate]);

  useEffect(() => {
    if (!cancelled) return;
    const timer = setTimeout(() => navigate(PATHS.login, { replace: true }), CANCEL_SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [cancelled, navigate]);

  return (
    <BareCard title="Sign-up Cancelled">
      {cancelled ? (
        <>
          <InfoMessage>{WIZARD_MESSAGES.cancelled}</InfoMessage>
          <Text size="sm">
            Taking you to the{' '}
            <Anchor component={Link} to={PATHS.login}>
              home page
            </Anchor>{' '}
            in a few seconds.
          </Text>
        </>
      ) : (
        <Text role="status">{MESSAGES.working}</Text>
      )}
    </BareCard>
  );
}

/**
 * /cancel-signup?session_id=: where the checkout sends a paid sign-up that was not paid (spec part
 * 2 §4 "Cancel-signup"). Without a session, or when the server refuses, it goes straight to /.
 */
export function CancelSignupPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  if (!sessionId) return <Navigate to={PATHS.login} replace />;
  return <CancelledSignup sessionId={sessionId} />;
}

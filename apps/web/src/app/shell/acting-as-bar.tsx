import { Button, Group, Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { dataLinkTarget } from '@pluvio/shared/navigation';
import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { viewerOf } from '@pluvio/shared/viewer';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, failureMessage } from '../../lib/api-client';
import { returnToOwnSession } from '../../lib/switch-user';

export const ACTING_AS_TEXTS = {
  nothingToReturnTo:
    'Your own session is not available to return to (the switch was made without it). Sign in again as yourself.',
} as const;

type ReturnState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'gone' }
  | { kind: 'failed'; message: string };

function useReturnToAdmin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ReturnState>({ kind: 'idle' });
  const start = async () => {
    setState({ kind: 'busy' });
    try {
      const own = await returnToOwnSession();
      // The cached lists belong to the user acted as.
      queryClient.clear();
      setState({ kind: 'idle' });
      navigate(dataLinkTarget(viewerOf(own)));
    } catch (caught) {
      setState(
        caught instanceof ApiError && caught.status === 401
          ? { kind: 'gone' }
          : { kind: 'failed', message: failureMessage(caught, MESSAGES.tryAgain) },
      );
    }
  };
  return { state, start };
}

/**
 * Shown on every page while a superuser acts as another user: who acts as whom, and the way back
 * to their own session without signing in (D11); when that session was not kept, signing in again.
 */
export function ActingAsBar({ user, onSignInAgain }: { user: CurrentUser; onSignInAgain: () => void }) {
  const { state, start } = useReturnToAdmin();
  if (!user.impersonator) return null;
  const canReturn = user.can_return && state.kind !== 'gone';
  return (
    <Group
      component="aside"
      aria-label="Acting as another user"
      justify="center"
      gap="xs"
      px="md"
      py={6}
      bg="yellow.1"
      wrap="wrap"
      style={{ borderBottom: '1px solid var(--mantine-color-yellow-4)' }}
    >
      <Text size="sm" c="dark.9" fw={500}>
        {user.impersonator.name} is acting as {user.first_name} {user.last_name}
      </Text>
      {canReturn ? (
        <Button size="compact-sm" loading={state.kind === 'busy'} onClick={start}>
          Return to admin
        </Button>
      ) : (
        <>
          <Text size="sm" c="dark.9" role={state.kind === 'gone' ? 'alert' : undefined}>
            {ACTING_AS_TEXTS.nothingToReturnTo}
          </Text>
          <Button size="compact-sm" onClick={onSignInAgain}>
            Sign in again
          </Button>
        </>
      )}
      {state.kind === 'failed' && (
        <Text size="sm" c="red.9" role="alert">
          {state.message}
        </Text>
      )}
    </Group>
  );
}

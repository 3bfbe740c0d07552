import { Button, Group, Text } from '@mantine/core';
import { tokenSchema } from '@pluvio/shared/auth.schemas';
import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest, failureMessage } from '../../lib/api-client';
import { refreshCurrentUser } from '../../lib/current-user';
import { PATHS } from '../../lib/routes';
import { setAccessToken } from '../../lib/session';

export const MASQUERADE_RETURN_PATH = '/api/services/user-token/return';

/** Shown while a superuser acts as another user (D11); returns them to their own session. */
export function MasqueradeBanner({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user.impersonator) return null;

  const returnToOwnAccount = async () => {
    setBusy(true);
    setError(null);
    try {
      const { token } = tokenSchema.parse(await apiRequest(MASQUERADE_RETURN_PATH, { method: 'POST' }));
      setAccessToken(token);
      await refreshCurrentUser();
      navigate(PATHS.admin);
    } catch (caught) {
      setError(failureMessage(caught, 'Could not return to your account.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group
      component="aside"
      aria-label="Acting as another user"
      justify="center"
      gap="sm"
      px="md"
      py={4}
      bg="yellow.1"
      wrap="wrap"
    >
      <Text size="sm" c="dark.9">
        Acting as {user.first_name} {user.last_name} ({user.email}) for {user.impersonator.name}
      </Text>
      <Button size="compact-sm" variant="filled" loading={busy} onClick={returnToOwnAccount}>
        Return to my account
      </Button>
      {error && (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}

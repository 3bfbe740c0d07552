import { Alert, Anchor, Text } from '@mantine/core';
import type { CurrentUser, UserClient } from '@pluvio/shared/users.schemas';
import { Link } from 'react-router';
import { PATHS } from '../lib/routes';

/**
 * A trial sends nothing (alerts, the daily report, report e-mails) until its owner has verified
 * their address (issue 25): the owner is told so, with the way to get the link again.
 */
export function VerifyEmailNotice({ user, account }: { user: CurrentUser; account: UserClient }) {
  if (user.is_verified || !account.is_trial_account || account.membership !== 'owner') return null;
  return (
    <Alert
      color="orange"
      title="Verify your e-mail address to receive alerts"
      mb="md"
      // Title and link in the text's colour: Mantine's orange shades fail WCAG AA on this background.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">
        Your trial sends alerts, the daily report and e-mailed reports once you follow the link we sent to{' '}
        {user.email}. Until then, everything else works as usual.{' '}
        <Anchor component={Link} to={PATHS.resendVerification} size="sm" c="inherit" underline="always">
          Send the link again
        </Anchor>
      </Text>
    </Alert>
  );
}

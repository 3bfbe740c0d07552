import { Anchor, Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { Link } from 'react-router';
import { PATHS } from '../lib/routes';

/** Says a feature is above the account's level, with the way to upgrade. */
export function TierNotice() {
  return (
    <Text size="sm">
      {MESSAGES.tierTooLow}.{' '}
      <Anchor component={Link} to={PATHS.upgrade}>
        {MESSAGES.clickToUpgrade}
      </Anchor>
    </Text>
  );
}

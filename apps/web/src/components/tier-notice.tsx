import { Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { UpgradeLink } from './upgrade-link';

/** Says a feature is above the account's level, with the way to upgrade (and back, with 'Not Now'). */
export function TierNotice() {
  return (
    <Text size="sm">
      {MESSAGES.tierTooLow}. <UpgradeLink>{MESSAGES.clickToUpgrade}</UpgradeLink>
    </Text>
  );
}

import { Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { useActiveAccount } from '../lib/account-api';
import { UpgradeLink } from './upgrade-link';

/**
 * Says a feature is above the account's level, with the way to upgrade (and back, with 'Not Now');
 * a plain contact, who cannot upgrade, is told who can instead.
 */
export function TierNotice() {
  const { account } = useActiveAccount();
  return (
    <Text size="sm">
      {MESSAGES.tierTooLow}.{' '}
      {account?.membership === 'contact' ? (
        MESSAGES.upgradeByOwner
      ) : (
        <UpgradeLink>{MESSAGES.clickToUpgrade}</UpgradeLink>
      )}
    </Text>
  );
}

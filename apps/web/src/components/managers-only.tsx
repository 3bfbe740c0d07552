import { Title } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import type { ReactNode } from 'react';
import { useActiveAccount } from '../lib/account-api';
import { InfoMessage } from './form-message';

/**
 * Settings and assignments are for the account's owner and co-owners: a plain contact of the
 * active account sees `message` (with `title` above it when the page's own title is inside
 * `children`) instead.
 */
export function ManagersOnly({
  children,
  title,
  message = MESSAGES.settingsOwnersOnly,
}: {
  children: ReactNode;
  title?: string;
  message?: string;
}) {
  const { account } = useActiveAccount();
  if (account?.membership !== 'contact') return children;
  return (
    <>
      {title && <Title order={1}>{title}</Title>}
      <InfoMessage>{message}</InfoMessage>
    </>
  );
}

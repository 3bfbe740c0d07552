import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../lib/routes';

/** The pricing page, for one account when it is not the active one. */
export function upgradePath(clientId?: number): string {
  return clientId === undefined ? PATHS.upgrade : `${PATHS.upgrade}?client_id=${clientId}`;
}

/** The navigation state the Upgrade page reads: where its 'Not Now' returns (spec part 2 §2). */
export function useUpgradeState(): { from: string } {
  const { pathname, search, hash } = useLocation();
  return { from: `${pathname}${search}${hash}` };
}

/** A link to the Upgrade page that remembers this page, so 'Not Now' comes back here. */
export function UpgradeLink({
  clientId,
  children,
  ...props
}: AnchorProps & { clientId?: number; children: ReactNode }) {
  return (
    <Anchor component={Link} to={upgradePath(clientId)} state={useUpgradeState()} {...props}>
      {children}
    </Anchor>
  );
}

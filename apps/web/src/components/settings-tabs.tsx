import { Tabs } from '@mantine/core';
import { settingsTabs } from '@pluvio/shared/permissions';
import { isTier4 } from '@pluvio/shared/roles';
import { useLocation, useNavigate } from 'react-router';
import { useActiveAccount } from '../lib/account-api';
import { useIsMobile } from '../lib/use-is-mobile';

const HIGHLIGHTS: Record<string, string> = {
  '/settings': '/location-list',
  '/location-form': '/location-list',
  '/contact-form': '/contact-list',
};

/** A superuser on the client form is editing a client: that belongs to client management. */
function highlighted(pathname: string, tier4: boolean): string {
  if (tier4 && pathname === '/client-form') return '/settings-admin';
  return HIGHLIGHTS[pathname] ?? pathname;
}

/** The settings tab bar (spec part 2 §2): which tabs show depends on the viewer and the width. */
export function SettingsTabs() {
  const { viewer } = useActiveAccount();
  const narrow = useIsMobile();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!viewer) return null;
  const tabs = settingsTabs(viewer, narrow);
  if (tabs.length === 0) return null;
  const active = highlighted(pathname, isTier4(viewer));
  return (
    <Tabs value={active} onChange={(to) => to && navigate(to)} mb="md">
      <Tabs.List aria-label="Settings">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.key} value={tab.to}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

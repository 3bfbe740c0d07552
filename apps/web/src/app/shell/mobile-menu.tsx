import { Burger, Drawer, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { NavLink as NavLinkRule } from '@pluvio/shared/navigation';
import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { NavItem } from './nav-items';
import { SessionActions } from './session-actions';

/**
 * Keys the slide-out menu lists under 600 px (spec part 1 §2: Assignments only over 600 px).
 * Settings is added so a phone user can reach the settings screens, which have narrow layouts;
 * Storm Events because inspectors read them on site.
 */
const MOBILE_KEYS: readonly NavLinkRule['key'][] = [
  'data',
  'graphs',
  'forecasts',
  'stormEvents',
  'reports',
  'settings',
];

/** The burger and slide-out menu of narrow screens. */
export function MobileMenu({
  user,
  links,
  onLogout,
}: {
  user: CurrentUser;
  links: readonly NavLinkRule[];
  onLogout: () => void;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const shown = links.filter((link) => MOBILE_KEYS.includes(link.key));
  return (
    <>
      <Burger opened={opened} onClick={toggle} aria-label={opened ? 'Close menu' : 'Open menu'} size="sm" />
      <Drawer
        opened={opened}
        onClose={close}
        title="Menu"
        size="xs"
        position="left"
        closeButtonProps={{ 'aria-label': 'Close menu' }}
      >
        <Stack gap="xs">
          <nav aria-label="Mobile">
            <Stack gap={4}>
              {shown.map((link) => (
                <NavItem key={link.key} link={link} all={links} onNavigate={close} />
              ))}
            </Stack>
          </nav>
          <SessionActions user={user} close={close} onLogout={onLogout} />
        </Stack>
      </Drawer>
    </>
  );
}

import { Anchor, Group, Text } from '@mantine/core';
import { trialDaysRemaining } from '@pluvio/shared/accounts';
import { dataLinkTarget, navLinks, ROUTES, showsSwitchUser } from '@pluvio/shared/navigation';
import { tierLabel } from '@pluvio/shared/tiers';
import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { viewerOf } from '@pluvio/shared/viewer';
import { Link } from 'react-router';
import { Logo } from '../../components/logo';
import { UpgradeLink } from '../../components/upgrade-link';
import { useTimeZone } from '../../lib/app-config';
import { useIsMobile } from '../../lib/use-is-mobile';
import { MobileMenu } from './mobile-menu';
import { NavItem } from './nav-items';
import classes from './shell.module.css';
import { UserMenu } from './user-menu';

/** 'Welcome First Last (admin)' for superusers, otherwise '(Gold Level)'. */
export function welcomeLine(user: CurrentUser): string {
  const suffix = user.is_superuser ? user.role : `${tierLabel(viewerOf(user).tier)} Level`;
  return `Welcome ${user.first_name} ${user.last_name} (${suffix})`;
}

/** Days left, counted in the product time zone, when the active account is a trial account; otherwise null. */
export function trialCountdown(user: CurrentUser, timeZone: string, now: Date = new Date()): number | null {
  const active = user.clients[0];
  if (!active?.is_trial_account) return null;
  return trialDaysRemaining(active.trial_end_date, timeZone, now);
}

/** The top bar of signed-in pages (spec part 1 §2 "Header and navigation"). */
export function Header({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const viewer = viewerOf(user);
  const links = navLinks(viewer);
  const mobile = useIsMobile();
  const trialDays = trialCountdown(user, useTimeZone());
  return (
    <header className={classes.header}>
      <Group justify="space-between" wrap="nowrap" px="md" py="xs" gap="sm">
        <Group gap="md" wrap="nowrap">
          {mobile && <MobileMenu user={user} links={links} onLogout={onLogout} />}
          <Anchor component={Link} to={dataLinkTarget(viewer)} underline="never" aria-label="Pluvio home">
            <Logo />
          </Anchor>
          {trialDays !== null && (
            <UpgradeLink fw={600} size={mobile ? 'xs' : 'sm'}>
              Trial Ends in {trialDays} Days
            </UpgradeLink>
          )}
        </Group>
        <Group gap="md" wrap="nowrap" miw={0}>
          {!mobile && (
            <Text size="sm" className={classes.welcome}>
              {welcomeLine(user)}
            </Text>
          )}
          {!mobile && (
            <nav aria-label="Main">
              <Group gap={4} wrap="wrap" justify="flex-end">
                {links.map((link) => (
                  <NavItem key={link.key} link={link} all={links} />
                ))}
              </Group>
            </nav>
          )}
          {showsSwitchUser(viewer) && (
            <Link to={ROUTES.double} hidden>
              Switch User
            </Link>
          )}
          <UserMenu user={user} onLogout={onLogout} />
        </Group>
      </Group>
    </header>
  );
}

/** The top bar of public pages that keep the shell (verify e-mail, resend verification). */
export function PublicHeader() {
  return (
    <header className={classes.header}>
      <Group px="md" py="xs">
        <Anchor component={Link} to={ROUTES.login} underline="never" aria-label="Pluvio home">
          <Logo />
        </Anchor>
      </Group>
    </header>
  );
}

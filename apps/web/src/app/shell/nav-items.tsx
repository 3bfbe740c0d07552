import type { NavLink as NavLinkRule } from '@pluvio/shared/navigation';
import { Link, useLocation } from 'react-router';
import { scrollToHash } from './scroll-to-top';
import classes from './shell.module.css';

function splitTarget(to: string): { path: string; hash: string } {
  const index = to.indexOf('#');
  return index < 0 ? { path: to, hash: '' } : { path: to.slice(0, index), hash: to.slice(index) };
}

/** True when the link's section is the one on screen. */
export function isLinkActive(link: NavLinkRule, pathname: string, hash: string, all: readonly NavLinkRule[]) {
  const target = splitTarget(link.to);
  if (target.hash) return pathname === target.path && hash === target.hash;
  if (link.activeOn.includes(pathname)) return true;
  // A page below a link's own (one storm event below Storm Events) keeps the link lit.
  if (pathname.startsWith(`${target.path}/`)) return true;
  if (pathname !== target.path) return false;
  // On /dashboard#graphs the Graphs link, not Data, is the active one.
  return !all.some((other) => other !== link && splitTarget(other.to).hash === hash && hash !== '');
}

/** One header link; hash links scroll to their section even when already on the page. */
export function NavItem({
  link,
  all,
  onNavigate,
}: {
  link: NavLinkRule;
  all: readonly NavLinkRule[];
  onNavigate?: () => void;
}) {
  const { pathname, hash } = useLocation();
  const active = isLinkActive(link, pathname, hash, all);
  const target = splitTarget(link.to);
  return (
    <Link
      to={link.to}
      className={classes.navLink}
      aria-current={active ? 'page' : undefined}
      onClick={() => {
        if (target.hash && pathname === target.path) scrollToHash(target.hash);
        onNavigate?.();
      }}
    >
      {link.label}
    </Link>
  );
}

import { showsShell } from '@pluvio/shared/navigation';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/session';
import { ActingAsBar } from './acting-as-bar';
import { Header, PublicHeader } from './header';
import { LandscapeOverlay } from './landscape-overlay';
import { LogoutSpinner } from './logout-spinner';
import { HashScroller, ScrollToTop } from './scroll-to-top';
import classes from './shell.module.css';
import { useLogout } from './use-logout';

/** Header (hidden on bare pages), the page, and the app-wide overlays. */
export function RootLayout() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const { busy, logout } = useLogout();
  const shell = showsShell(pathname);
  return (
    <>
      {shell && user && <ActingAsBar user={user} onSignInAgain={logout} />}
      {shell && (user ? <Header user={user} onLogout={logout} /> : <PublicHeader />)}
      <main className={shell ? classes.main : undefined}>
        <Outlet />
        <ScrollToTop />
        <HashScroller />
        <LandscapeOverlay />
        {busy && <LogoutSpinner />}
      </main>
    </>
  );
}

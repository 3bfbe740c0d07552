import { levelAllows } from './gates';
import { isAdminRole, isTier4, managesAccount, type Viewer } from './roles';

/** Paths of the whole product (spec part 1 §2). */
export const ROUTES = {
  login: '/',
  dashboard: '/dashboard',
  settings: '/settings',
  reports: '/reports',
  assignments: '/assignments',
  assignLocations: '/assign-locations',
  profileBackup: '/profile-backup',
  switchUser: '/switch',
  locationForm: '/location-form',
  locationList: '/location-list',
  contactList: '/contact-list',
  settingsGeneral: '/settings-general',
  settingsAdmin: '/settings-admin',
  wizard: '/wizard',
  registrationComplete: '/registration-complete',
  verifyEmail: '/verify-email',
  /** The link of a report recipient's confirmation e-mail (issue 24). */
  confirmReportRecipient: '/confirm-report-recipient',
  /** The link e-mailed to a new sign-in address (issue 25). */
  confirmEmailChange: '/confirm-email-change',
  resetPassword: '/reset-password',
  forgotPassword: '/forgot-password',
  upgrade: '/upgrade',
  admin: '/admin',
  cancelSignup: '/cancel-signup',
  contactForm: '/contact-form',
  clientForm: '/client-form',
  profile: '/profile',
  double: '/double',
  orderLocations: '/order-locations',
  mailViewer: '/admin/mail',
  deliveryLog: '/admin/deliveries',
  auditTrail: '/admin/audit',
  alerts: '/alerts',
  /** The account's storm events (issue 28); one event at `stormEventPath`. */
  stormEvents: '/storm-events',
  stormEvent: '/storm-events/:id',
  /** One location's routine inspections: its schedule and its inspections of every kind. */
  routineInspections: '/storm-events/routine/:locationId',
  /** The built-in test checkout (D20); `testCheckoutPath` in billing.ts fills in the session id. */
  testCheckout: '/checkout/test/:id',
} as const;

/** Pages shown without the menu and top bar (spec part 1 §2, part 2 §2). */
export const BARE_PAGES: readonly string[] = [
  ROUTES.login,
  ROUTES.orderLocations,
  ROUTES.wizard,
  ROUTES.registrationComplete,
  ROUTES.resetPassword,
  ROUTES.forgotPassword,
  ROUTES.upgrade,
  ROUTES.cancelSignup,
];

/** Pages under these folders are bare too: the test checkout looks like a payment provider's page. */
const BARE_FOLDERS: readonly string[] = ['/checkout/test/'];

export function showsShell(pathname: string): boolean {
  return !BARE_PAGES.includes(pathname) && !BARE_FOLDERS.some((folder) => pathname.startsWith(folder));
}

export interface NavLink {
  key: 'data' | 'graphs' | 'forecasts' | 'stormEvents' | 'reports' | 'assignments' | 'settings';
  label: string;
  to: string;
  /** Other paths that highlight this link. */
  activeOn: readonly string[];
}

export function dataLinkTarget(viewer: Viewer): string {
  return isAdminRole(viewer) ? ROUTES.admin : ROUTES.dashboard;
}

/** The system health page (/admin) is the start page of the admin role and a superuser's tool. */
export function opensAdminPage(viewer: Viewer): boolean {
  return isAdminRole(viewer) || viewer.isSuperuser;
}

/** The page of one storm event. */
export function stormEventPath(id: number): string {
  return ROUTES.stormEvent.replace(':id', String(id));
}

/** The page of one location's routine inspections. */
export function routineInspectionsPath(locationId: number): string {
  return ROUTES.routineInspections.replace(':locationId', String(locationId));
}

/** Storm Events goes to every signed-in user whose Data link is the dashboard. */
export function showsStormEvents(viewer: Viewer): boolean {
  return dataLinkTarget(viewer) === ROUTES.dashboard;
}

export function showsGraphLinks(viewer: Viewer): boolean {
  return !isAdminRole(viewer) && !isTier4(viewer);
}

export function showsAssignments(viewer: Viewer): boolean {
  return managesAccount(viewer) && levelAllows(viewer.tier, 'assignments');
}

/**
 * Settings: superusers go to client management; other managers to contacts; the admin role
 * (not a superuser) sees no Settings link.
 */
export function settingsLinkTarget(viewer: Viewer): string | null {
  if (isTier4(viewer)) return ROUTES.settingsAdmin;
  if (managesAccount(viewer) && levelAllows(viewer.tier, 'settings')) return ROUTES.contactList;
  return null;
}

export function showsSwitchUser(viewer: Viewer): boolean {
  return levelAllows(viewer.tier, 'switchUser');
}

/** The header's links for this viewer, in display order (spec part 1 §2 "Header and navigation"). */
export function navLinks(viewer: Viewer): NavLink[] {
  const links: NavLink[] = [{ key: 'data', label: 'Data', to: dataLinkTarget(viewer), activeOn: [] }];
  if (showsGraphLinks(viewer)) {
    links.push(
      { key: 'graphs', label: 'Graphs', to: `${ROUTES.dashboard}#graphs`, activeOn: [] },
      { key: 'forecasts', label: 'Forecasts', to: `${ROUTES.dashboard}#forecast`, activeOn: [] },
    );
  }
  if (showsStormEvents(viewer)) {
    links.push({ key: 'stormEvents', label: 'Storm Events', to: ROUTES.stormEvents, activeOn: [] });
  }
  links.push({ key: 'reports', label: 'Reports', to: ROUTES.reports, activeOn: [] });
  if (showsAssignments(viewer)) {
    links.push({
      key: 'assignments',
      label: 'Assignments',
      to: ROUTES.assignLocations,
      activeOn: [ROUTES.assignments],
    });
  }
  const settings = settingsLinkTarget(viewer);
  if (settings) {
    links.push({
      key: 'settings',
      label: 'Settings',
      to: settings,
      activeOn: [
        ROUTES.settings,
        ROUTES.locationList,
        ROUTES.locationForm,
        ROUTES.contactList,
        ROUTES.contactForm,
        ROUTES.settingsGeneral,
        ROUTES.settingsAdmin,
        ROUTES.clientForm,
      ],
    });
  }
  return links;
}

import { MESSAGES } from '@pluvio/shared/messages';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { TitlePage } from '../components/title-page';
import { PrefetchLocationOverview } from '../features/dashboard/prefetch-location-overview';
import { isPublicPath, PATHS } from '../lib/routes';
import { ErrorPage, NotFoundPage, ShellErrorPage } from './error-page';
import { RequireAdminPage, RequireSuperuser, RequireUser } from './guards';
import { RootLayout } from './shell/root-layout';

type Access = 'public' | 'user' | 'admin' | 'superuser';

/**
 * Every page is its own chunk, loaded the first time it is shown: the sign-in page does not load
 * the forms, tables, map and charts of the others.
 */
function lazyPage<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
): ReactNode {
  const Page = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  return (
    <Suspense fallback={<p>{MESSAGES.loading}</p>}>
      <Page />
    </Suspense>
  );
}

interface PageRoute {
  path: string;
  element: ReactNode;
}

/** Every page of the product, keyed by its path in ROUTES. */
const PAGES: PageRoute[] = [
  { path: PATHS.login, element: lazyPage(() => import('../features/auth/login-page'), 'LoginPage') },
  {
    path: PATHS.forgotPassword,
    element: lazyPage(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
  },
  {
    path: PATHS.resetPassword,
    element: lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
  },
  {
    path: PATHS.registrationComplete,
    element: lazyPage(
      () => import('../features/auth/registration-complete-page'),
      'RegistrationCompletePage',
    ),
  },
  {
    path: PATHS.verifyEmail,
    element: lazyPage(() => import('../features/auth/verify-email-page'), 'VerifyEmailPage'),
  },
  {
    path: PATHS.confirmReportRecipient,
    element: lazyPage(() => import('../features/accounts/confirm-recipient-page'), 'ConfirmRecipientPage'),
  },
  {
    path: PATHS.confirmEmailChange,
    element: lazyPage(
      () => import('../features/profile/confirm-email-change-page'),
      'ConfirmEmailChangePage',
    ),
  },
  {
    path: PATHS.resendVerification,
    element: lazyPage(() => import('../features/auth/resend-verification-page'), 'ResendVerificationPage'),
  },
  { path: PATHS.wizard, element: lazyPage(() => import('../features/signup/wizard-page'), 'WizardPage') },
  { path: PATHS.upgrade, element: lazyPage(() => import('../features/billing/upgrade-page'), 'UpgradePage') },
  {
    path: PATHS.cancelSignup,
    element: lazyPage(() => import('../features/signup/cancel-signup-page'), 'CancelSignupPage'),
  },
  {
    path: PATHS.testCheckout,
    element: lazyPage(() => import('../features/billing/test-checkout-page'), 'TestCheckoutPage'),
  },
  {
    path: PATHS.dashboard,
    element: (
      <>
        <PrefetchLocationOverview />
        {lazyPage(() => import('../features/dashboard/dashboard-page'), 'DashboardPage')}
      </>
    ),
  },
  { path: PATHS.reports, element: lazyPage(() => import('../features/reports/reports-page'), 'ReportsPage') },
  {
    path: PATHS.assignments,
    element: lazyPage(() => import('../features/assignments/assign-contacts-page'), 'AssignContactsPage'),
  },
  {
    path: PATHS.assignLocations,
    element: lazyPage(() => import('../features/assignments/assign-locations-page'), 'AssignLocationsPage'),
  },
  {
    path: PATHS.settings,
    element: lazyPage(() => import('../features/locations/location-list-page'), 'LocationListPage'),
  },
  {
    path: PATHS.locationList,
    element: lazyPage(() => import('../features/locations/location-list-page'), 'LocationListPage'),
  },
  {
    path: PATHS.locationForm,
    element: lazyPage(() => import('../features/locations/location-form-page'), 'LocationFormPage'),
  },
  {
    path: PATHS.contactList,
    element: lazyPage(() => import('../features/contacts/contact-list-page'), 'ContactListPage'),
  },
  {
    path: PATHS.contactForm,
    element: lazyPage(() => import('../features/contacts/contact-form-page'), 'ContactFormPage'),
  },
  {
    path: PATHS.settingsGeneral,
    element: lazyPage(
      () => import('../features/accounts/notification-settings-page'),
      'NotificationSettingsPage',
    ),
  },
  {
    path: PATHS.settingsAdmin,
    element: lazyPage(() => import('../features/accounts/clients-page'), 'ClientsPage'),
  },
  {
    path: PATHS.clientForm,
    element: lazyPage(() => import('../features/accounts/client-form-page'), 'ClientFormPage'),
  },
  {
    path: PATHS.switchUser,
    element: lazyPage(() => import('../features/switch-user/switch-user-page'), 'SwitchUserPage'),
  },
  {
    path: PATHS.double,
    element: lazyPage(() => import('../features/switch-user/switch-user-page'), 'SwitchUserPage'),
  },
  { path: PATHS.profileBackup, element: <TitlePage title="MyProfile" /> },
  { path: PATHS.orderLocations, element: <TitlePage title="Order Locations" /> },
  { path: PATHS.profile, element: lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage') },
  { path: PATHS.admin, element: lazyPage(() => import('../features/admin/admin-page'), 'AdminPage') },
  {
    path: PATHS.mailViewer,
    element: lazyPage(() => import('../features/admin/mail-viewer-page'), 'MailViewerPage'),
  },
  {
    path: PATHS.deliveryLog,
    element: lazyPage(() => import('../features/admin/delivery-log-page'), 'DeliveryLogPage'),
  },
  {
    path: PATHS.auditTrail,
    element: lazyPage(() => import('../features/admin/audit-trail-page'), 'AuditTrailPage'),
  },
  { path: PATHS.alerts, element: lazyPage(() => import('../features/alerts/alerts-page'), 'AlertsPage') },
  {
    path: PATHS.stormEvents,
    element: lazyPage(() => import('../features/storm-events/storm-events-page'), 'StormEventsPage'),
  },
  {
    path: PATHS.stormEvent,
    element: lazyPage(() => import('../features/storm-events/storm-event-page'), 'StormEventPage'),
  },
  {
    path: PATHS.routineInspections,
    element: lazyPage(
      () => import('../features/storm-events/routine-inspections-page'),
      'RoutineInspectionsPage',
    ),
  },
];

const SUPERUSER_PATHS: readonly string[] = [PATHS.mailViewer, PATHS.deliveryLog, PATHS.auditTrail];

function accessOf(path: string): Access {
  if (SUPERUSER_PATHS.includes(path)) return 'superuser';
  if (path === PATHS.admin) return 'admin';
  return isPublicPath(path) ? 'public' : 'user';
}

function guarded({ path, element }: PageRoute): RouteObject {
  const access = accessOf(path);
  if (access === 'superuser') return { path, element: <RequireSuperuser>{element}</RequireSuperuser> };
  if (access === 'admin') return { path, element: <RequireAdminPage>{element}</RequireAdminPage> };
  if (access === 'user') return { path, element: <RequireUser>{element}</RequireUser> };
  return { path, element };
}

/** The one route table of the app. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Only when the shell itself fails; a page's failure shows inside the shell (below).
    errorElement: <ShellErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [...PAGES.map(guarded), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

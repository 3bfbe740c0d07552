import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { TitlePage } from '../components/title-page';
import { ClientFormPage } from '../features/accounts/client-form-page';
import { ClientsPage } from '../features/accounts/clients-page';
import { NotificationSettingsPage } from '../features/accounts/notification-settings-page';
import { AdminPage } from '../features/admin/admin-page';
import { AuditTrailPage } from '../features/admin/audit-trail-page';
import { DeliveryLogPage } from '../features/admin/delivery-log-page';
import { MailViewerPage } from '../features/admin/mail-viewer-page';
import { AlertsPage } from '../features/alerts/alerts-page';
import { AssignContactsPage } from '../features/assignments/assign-contacts-page';
import { AssignLocationsPage } from '../features/assignments/assign-locations-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { RegistrationCompletePage } from '../features/auth/registration-complete-page';
import { ResendVerificationPage } from '../features/auth/resend-verification-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { VerifyEmailPage } from '../features/auth/verify-email-page';
import { TestCheckoutPage } from '../features/billing/test-checkout-page';
import { UpgradePage } from '../features/billing/upgrade-page';
import { ContactFormPage } from '../features/contacts/contact-form-page';
import { ContactListPage } from '../features/contacts/contact-list-page';
import { LocationFormPage } from '../features/locations/location-form-page';
import { LocationListPage } from '../features/locations/location-list-page';
import { ProfilePage } from '../features/profile/profile-page';
import { ReportsPage } from '../features/reports/reports-page';
import { CancelSignupPage } from '../features/signup/cancel-signup-page';
import { WizardPage } from '../features/signup/wizard-page';
import { SwitchUserPage } from '../features/switch-user/switch-user-page';
import { isPublicPath, PATHS } from '../lib/routes';
import { ErrorPage, NotFoundPage } from './error-page';
import { RequireAdminPage, RequireSuperuser, RequireUser } from './guards';
import { RootLayout } from './shell/root-layout';

type Access = 'public' | 'user' | 'admin' | 'superuser';

// The map and chart libraries load only with the dashboard.
const LazyDashboard = lazy(() =>
  import('../features/dashboard/dashboard-page').then((module) => ({ default: module.DashboardPage })),
);

function DashboardPage() {
  return (
    <Suspense fallback={<p>Loading...</p>}>
      <LazyDashboard />
    </Suspense>
  );
}

interface PageRoute {
  path: string;
  element: ReactNode;
}

/** Every page of the product, keyed by its path in ROUTES. */
const PAGES: PageRoute[] = [
  { path: PATHS.login, element: <LoginPage /> },
  { path: PATHS.forgotPassword, element: <ForgotPasswordPage /> },
  { path: PATHS.resetPassword, element: <ResetPasswordPage /> },
  { path: PATHS.registrationComplete, element: <RegistrationCompletePage /> },
  { path: PATHS.verifyEmail, element: <VerifyEmailPage /> },
  { path: PATHS.resendVerification, element: <ResendVerificationPage /> },
  { path: PATHS.wizard, element: <WizardPage /> },
  { path: PATHS.upgrade, element: <UpgradePage /> },
  { path: PATHS.cancelSignup, element: <CancelSignupPage /> },
  { path: PATHS.testCheckout, element: <TestCheckoutPage /> },
  { path: PATHS.dashboard, element: <DashboardPage /> },
  { path: PATHS.reports, element: <ReportsPage /> },
  { path: PATHS.assignments, element: <AssignContactsPage /> },
  { path: PATHS.assignLocations, element: <AssignLocationsPage /> },
  { path: PATHS.settings, element: <LocationListPage /> },
  { path: PATHS.locationList, element: <LocationListPage /> },
  { path: PATHS.locationForm, element: <LocationFormPage /> },
  { path: PATHS.contactList, element: <ContactListPage /> },
  { path: PATHS.contactForm, element: <ContactFormPage /> },
  { path: PATHS.settingsGeneral, element: <NotificationSettingsPage /> },
  { path: PATHS.settingsAdmin, element: <ClientsPage /> },
  { path: PATHS.clientForm, element: <ClientFormPage /> },
  { path: PATHS.switchUser, element: <SwitchUserPage /> },
  { path: PATHS.double, element: <SwitchUserPage /> },
  { path: PATHS.profileBackup, element: <TitlePage title="MyProfile" /> },
  { path: PATHS.orderLocations, element: <TitlePage title="Order Locations" /> },
  { path: PATHS.profile, element: <ProfilePage /> },
  { path: PATHS.admin, element: <AdminPage /> },
  { path: PATHS.mailViewer, element: <MailViewerPage /> },
  { path: PATHS.deliveryLog, element: <DeliveryLogPage /> },
  { path: PATHS.auditTrail, element: <AuditTrailPage /> },
  { path: PATHS.alerts, element: <AlertsPage /> },
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
    errorElement: <ErrorPage />,
    children: [...PAGES.map(guarded), { path: '*', element: <NotFoundPage /> }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

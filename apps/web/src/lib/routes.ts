import { ROUTES } from '@pluvio/shared/navigation';

/** Web paths: the product's ROUTES plus the page that re-sends the verification e-mail. */
export const PATHS = {
  ...ROUTES,
  resendVerification: '/resend-verification',
} as const;

/** Pages anyone may open without signing in. */
export const PUBLIC_PATHS: readonly string[] = [
  PATHS.login,
  PATHS.forgotPassword,
  PATHS.resetPassword,
  PATHS.registrationComplete,
  PATHS.verifyEmail,
  PATHS.confirmReportRecipient,
  PATHS.confirmEmailChange,
  PATHS.resendVerification,
  PATHS.wizard,
  PATHS.upgrade,
  PATHS.cancelSignup,
  PATHS.testCheckout,
];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname);
}

/** Wizard links of the login screen and the pricing page. */
export const TRIAL_SIGNUP = `${PATHS.wizard}?account_type=trial`;
export const PAID_SIGNUP = `${PATHS.wizard}?account_type=paid`;

export function paidSignupPath(tier: string): string {
  return `${PAID_SIGNUP}&tier=${tier}`;
}

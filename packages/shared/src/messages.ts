/** User-facing texts of the specification, kept in one place (spec part 1 §8, part 2 §8). */

export const MESSAGES = {
  loginBadCredentials: 'Sorry we could not login using the email address or password you provided',
  loginFailed: 'Failed to log in. Please try again.',
  loginNoToken: 'Login failed. Please check your credentials.',
  contactWithoutLocations: 'Ask the account owner to assign you to a location',
  clientInfoMissing: 'Client Account information missing for this user',
  masqueradeCancelled: 'Admin cancelled swap request. Returning Admin to List page',
  cannotActAsAdministrator: 'Administrators cannot act as another administrator',
  noRefreshToken: 'No refresh token available',
  refreshFailed: 'Failed to refresh token',
  chartLoadError: 'Error loading data. Please try again later.',
  loading: 'Loading...',
  unexpectedError: 'Unexpected Application Error!',
  tierTooLow: 'This feature is not available at your current service level',
  upgradeToEnable: 'Please upgrade to enable this feature',
  clickToUpgrade: 'Click Here to Upgrade',
  checkEmail: 'Check your email for additional instructions',
  passwordResetDone: 'Password was successfully reset',
  resetTokenExpired: 'Your token has expired. Please request a new token by clicking here',
  profileUpdated: 'Successfully Updated',
  working: 'Working...',
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  verifyBadToken: 'This verification link is not valid or has expired.',
  emailVerified: 'Your e-mail address is verified.',
  notSignedIn: 'Not signed in',
  notFound: 'Not found',
  settingsOwnersOnly:
    'Only the account owner or a co-owner can see these settings. Ask them if something here needs to change.',
  /** After `tierTooLow`, to a contact: the level is the account's, and only its managers change it. */
  upgradeByOwner: 'Only the account owner or a co-owner can upgrade the account.',
  /** The dashboard's charts above the account's level (spec part 1 §5: silver and up). */
  chartsAboveLevel: 'RapidRain and NOAA Atlas 14 come with the Silver plan and above.',
  /** A page for Pluvio's own administrators (superusers), to anyone else: the cause is the role, not the plan. */
  administratorsOnly: "This page is for Pluvio's administrators only.",
  tryAgain: 'Something went wrong. Please try again.',
  forecastUnavailable: 'The forecast service is not answering right now.',
} as const;

/**
 * A question the app asks in its own dialog before doing something (issue 26): the title names the
 * thing affected, the question is the specification's where it has one, and the button says what
 * it does.
 */
export interface Confirmation {
  title: string;
  question: string;
  consequence?: string;
  confirmLabel: string;
  /** A deletion: the button is red. */
  danger?: boolean;
}

/**
 * The confirmation a superuser answers before acting as another user (D11); `who` names them
 * ("Sam Lee", "the owner of Acme") when the list knows more than the address.
 */
export function actAsConfirmation(email: string, who?: string): Confirmation {
  return {
    title: `Act as ${who || email}?`,
    question: `Act as ${email}? You will use the product as this user until you return to your account.`,
    consequence: 'The switch is recorded in the audit trail under your name.',
    confirmLabel: 'Act as this user',
  };
}

/** The things a user deletes after a confirmation, as the dialog names them. */
export type DeletedKind = 'location' | 'contact' | 'client';

/**
 * The confirmation before deleting a location, contact or client account: the spec's question
 * (part 2 §8, passed in as written) under a title that names it.
 */
export function deleteConfirmation(kind: DeletedKind, name: string, question: string): Confirmation {
  const label = kind === 'client' ? 'account' : kind;
  return {
    title: `Delete the ${label} “${name}”?`,
    question,
    consequence: 'This cannot be undone.',
    confirmLabel: `Delete ${label}`,
    danger: true,
  };
}

/** Stable error codes in the old product's form, sent as `detail` (D21). */
/**
 * What each dashboard chart's colours and line mean for that chart's threshold (issue 26). The
 * 24 Hour chart's texts are the specification's legend (part 1 §2).
 */
export const CHART_LEGENDS = {
  daily: {
    orange: "Exceeds the location's 24-hour threshold",
    red: 'Exceeds the 24-hour NOAA Atlas 14 value',
    line: (inches: string) => `Dashed line: the 24-hour threshold, ${inches} in`,
  },
  hourly: {
    orange: "An hour at or above the location's 24-hour threshold",
    line: (inches: string) => `Dashed line: the 24-hour threshold, ${inches} in`,
  },
  rapidrain: {
    orange: "15 minutes at or above the location's RapidRain threshold",
    line: (inches: string) => `Dashed line: the RapidRain threshold, ${inches} in`,
  },
  provisional: 'Faded: quarter hours so far, provisional until the hourly data arrives',
} as const;

/** The hour starting at `hourStart` as people say it: "6 PM". */
function hourName(hourStart: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hour12: true }).format(hourStart);
}

/**
 * What figures with pending quarter hours include (issue 26), e.g. "Includes 4 of 4 quarter hours
 * of 5 PM and 3 of 4 of 6 PM, provisional until the hourly data arrives".
 */
export function provisionalText(
  hours: readonly { endsAt: Date; quarters: number }[],
  timeZone: string,
): string {
  const parts = hours.map(
    (hour, index) =>
      `${hour.quarters} of 4${index === 0 ? ' quarter hours' : ''} of ${hourName(new Date(hour.endsAt.getTime() - 3_600_000), timeZone)}`,
  );
  return `Includes ${new Intl.ListFormat('en-US').format(parts)}, provisional until the hourly data arrives`;
}

export const ERROR_CODES = {
  loginBadCredentials: 'LOGIN_BAD_CREDENTIALS',
  loginUserNotVerified: 'LOGIN_USER_NOT_VERIFIED',
  registerUserAlreadyExists: 'REGISTER_USER_ALREADY_EXISTS',
  resetPasswordBadToken: 'RESET_PASSWORD_BAD_TOKEN',
  verifyUserBadToken: 'VERIFY_USER_BAD_TOKEN',
  verifyUserAlreadyVerified: 'VERIFY_USER_ALREADY_VERIFIED',
} as const;

/** Under a paged list: 'Showing 101-200 of 5,009'. */
export function listRange(first: number, last: number, total: number): string {
  const number = (value: number) => value.toLocaleString('en-US');
  return `Showing ${number(first)}-${number(last)} of ${number(total)}`;
}

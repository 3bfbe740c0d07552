/** Delays the specification names (part 1 §9, part 2 §9), in milliseconds. */
export const DELAYS = {
  logoutRedirect: 2000,
  forgotPasswordConfirmation: 3000,
  passwordResetRedirect: 5000,
  verifyEmailRedirect: 5000,
  locationSaveRedirect: 2000,
  contactSaveRedirect: 2000,
  clientSaveRedirect: 800,
  upgradeRedirect: 5000,
} as const;

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The password of the test sign-ups. */
export const SIGNUP_PASSWORD = 'Cloudburst#2026';

/**
 * A trial sign-up as the wizard posts it to /api/signups, with a new address; `overrides` replace
 * its fields. It imports nothing, so that the e2e tests post the same body.
 */
export function trialSignupBody(overrides: Record<string, unknown> = {}) {
  return {
    email: `wizard-${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: SIGNUP_PASSWORD,
    first_name: 'Rita',
    last_name: 'Rain',
    phone: '512-555-0199',
    terms_accepted: true,
    sms_accepted: true,
    account_type: 'trial',
    location: {
      name: 'Barn',
      latitude: 30.27,
      longitude: -97.74,
      h24_threshold: 1,
      rapidrain_threshold: 0.25,
    },
    ...overrides,
  };
}

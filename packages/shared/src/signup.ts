import { z } from 'zod';
import { TRIAL_DAYS } from './accounts';
import { emailSchema } from './auth.schemas';
import type { ClientSettings } from './clients';
import { INPUT_MESSAGES, secretSchema, TEXT_LIMITS, textSchema } from './inputs';
import {
  DEFAULT_THRESHOLD,
  inRange,
  isThreshold,
  LATITUDE_RANGE,
  LOCATION_MESSAGES,
  LONGITUDE_RANGE,
  normalizeLongitude,
} from './locations';
import { isStrongPassword, PASSWORD_MESSAGE } from './passwords';
import { isEmailAddress, isRegistrationPhone } from './phone';
import { TIER, TIER_NAMES, type TierName, tierLabel } from './tiers';

/**
 * The registration wizard (spec part 2 §2 "Registration wizard", §3 "Wizard form", §4 "Wizard",
 * "Provisioning", §5 "Wizard step 1", "Location form and wizard step 3"; D9, D13, D20).
 */

export const SIGNUP_KINDS = ['trial', 'paid'] as const;
export type SignupKind = (typeof SIGNUP_KINDS)[number];

/** Steps 1-3 are the form; step 4 'Almost Done' shows while the account is provisioned. */
export const WIZARD_STEPS = 3;
export type WizardStep = 1 | 2 | 3 | 4;

/** Spec §5 "Wizard step 1", in the order they are checked. */
export const WIZARD_MESSAGES = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Second name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  phoneRequired: 'Phone number is required.',
  phoneInvalid: 'Please enter a valid phone number.',
  passwordsRequired: 'Please fill in both password fields.',
  passwordsDiffer: 'Passwords do not match.',
  password: PASSWORD_MESSAGE,
  termsRequired: 'Please accept the terms',
  tierRequired: 'Please choose a plan.',
  almostDone: 'Almost Done',
  trialText: 'Your trial monitors one location for 30 days at Gold level.',
  welcomeEmailFailed: 'Account Creation was successful but failed to send welcome email.',
  emailTaken: 'An account with this e-mail address already exists. Sign in instead.',
  paymentNotCompleted: 'The payment was not completed. Please try again.',
  signupNotFound: 'This sign-up was not found. Please start again.',
  signedInElsewhere: 'Your account is ready. Please sign in.',
  cancelled: 'Your sign-up was cancelled. Our support team will be in touch.',
  trialsPerAddress:
    'Too many free trials were started from your network today. Please try again tomorrow, or choose a plan.',
  trialUsed: 'This e-mail address has had its free trial already. Please choose a plan to go on with Pluvio.',
  emailHeld:
    'A sign-up with this e-mail address is waiting for its payment. Finish or cancel that checkout, or try again when it expires (24 hours after it started).',
  alreadyPaid:
    'This sign-up is already paid for, so it cannot be cancelled. Your account is ready: please sign in.',
  refundedEmailTaken:
    'An account with this e-mail address was opened while you were paying, so this sign-up could not be completed. Your payment is refunded; we sent you an e-mail.',
  refundedCancelled:
    'This sign-up was cancelled before its payment arrived, so no account was made. Your payment is refunded; we sent you an e-mail.',
} as const;

/** Why a paid sign-up could not become an account (its payment is then refunded). */
export const SIGNUP_REFUSALS = ['email_taken', 'cancelled'] as const;
export type SignupRefusal = (typeof SIGNUP_REFUSALS)[number];

/** What the browser returning from a refunded checkout is told. */
export function refusalMessage(refusal: SignupRefusal): string {
  return refusal === 'cancelled' ? WIZARD_MESSAGES.refundedCancelled : WIZARD_MESSAGES.refundedEmailTaken;
}

/** 'Step N of 3 for new {level} account': the trial is its own level in the header. */
export function wizardStepTitle(step: WizardStep, kind: SignupKind, tier: TierName): string {
  const level = kind === 'trial' ? 'Trial' : tierLabel(TIER[tier]);
  return `Step ${Math.min(step, WIZARD_STEPS)} of ${WIZARD_STEPS} for new ${level} account`;
}

export interface WizardUserValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  terms_accepted: boolean;
}

/** The first failing rule of step 1 in the order of spec §5, or null when the step is complete. */
export function wizardUserError(values: WizardUserValues): string | null {
  const email = values.email.trim();
  const phone = values.phone.trim();
  if (!values.first_name.trim()) return WIZARD_MESSAGES.firstNameRequired;
  if (!values.last_name.trim()) return WIZARD_MESSAGES.lastNameRequired;
  if (!email) return WIZARD_MESSAGES.emailRequired;
  if (!isEmailAddress(email)) return WIZARD_MESSAGES.emailInvalid;
  if (!phone) return WIZARD_MESSAGES.phoneRequired;
  if (!isRegistrationPhone(phone)) return WIZARD_MESSAGES.phoneInvalid;
  if (!values.password || !values.confirm_password) return WIZARD_MESSAGES.passwordsRequired;
  if (values.password !== values.confirm_password) return WIZARD_MESSAGES.passwordsDiffer;
  if (!isStrongPassword(values.password)) return WIZARD_MESSAGES.password;
  if (!values.terms_accepted) return WIZARD_MESSAGES.termsRequired;
  return null;
}

/** The RapidRain threshold is asked for only at gold or silver (a trial is gold, D9). */
export function wizardAsksRapidrain(kind: SignupKind, tier: TierName): boolean {
  return kind === 'trial' || tier !== 'bronze';
}

export interface WizardLocationValues {
  name: string;
  latitude: string;
  longitude: string;
  h24_threshold: number;
  rapidrain_threshold: number | null;
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The first failing rule of step 3 (spec §5 table, wizard column), or null. */
export function wizardLocationError(values: WizardLocationValues, asksRapidrain: boolean): string | null {
  if (!values.name.trim()) return LOCATION_MESSAGES.nameRequired;
  if (values.latitude.trim() === '') return LOCATION_MESSAGES.latitudeRequired;
  const latitude = toNumber(values.latitude);
  if (!inRange(latitude, LATITUDE_RANGE.form)) return LOCATION_MESSAGES.latitudeRange;
  if (values.longitude.trim() === '') return LOCATION_MESSAGES.longitudeRequired;
  const longitude = normalizeLongitude(toNumber(values.longitude));
  if (!inRange(longitude, LONGITUDE_RANGE.wizard)) return LOCATION_MESSAGES.wizardLongitudeRange;
  if (!isThreshold(values.h24_threshold)) return LOCATION_MESSAGES.h24Threshold;
  if (asksRapidrain && values.rapidrain_threshold !== null && !isThreshold(values.rapidrain_threshold))
    return LOCATION_MESSAGES.rapidrainThreshold;
  return null;
}

function thresholdSchema(message: string) {
  return z.number({ error: message }).refine(isThreshold, { message });
}

/** The first monitored location of a new account (wizard step 3). */
export const signupLocationSchema = z.object({
  name: textSchema(TEXT_LIMITS.name).min(1, LOCATION_MESSAGES.nameRequired),
  latitude: z
    .number({ error: LOCATION_MESSAGES.latitudeRequired })
    .min(LATITUDE_RANGE.form.min, LOCATION_MESSAGES.latitudeRange)
    .max(LATITUDE_RANGE.form.max, LOCATION_MESSAGES.latitudeRange),
  longitude: z
    .number({ error: LOCATION_MESSAGES.longitudeRequired })
    .transform(normalizeLongitude)
    .pipe(
      z
        .number()
        .min(LONGITUDE_RANGE.wizard.min, LOCATION_MESSAGES.wizardLongitudeRange)
        .max(LONGITUDE_RANGE.wizard.max, LOCATION_MESSAGES.wizardLongitudeRange),
    ),
  h24_threshold: thresholdSchema(LOCATION_MESSAGES.h24Threshold).default(DEFAULT_THRESHOLD),
  /** Null or absent: the same as the 24-hour threshold (D6); ignored for bronze. */
  rapidrain_threshold: thresholdSchema(LOCATION_MESSAGES.rapidrainThreshold).nullable().optional(),
});
export type SignupLocation = z.infer<typeof signupLocationSchema>;

/**
 * POST /api/signups: the whole wizard in one request. A trial is provisioned at once; a paid
 * sign-up is kept on the server (the password only as its hash, D13) until its checkout completes.
 */
export const signupRequestSchema = z.object({
  email: emailSchema,
  password: secretSchema(TEXT_LIMITS.password).refine(isStrongPassword, { message: PASSWORD_MESSAGE }),
  first_name: textSchema(TEXT_LIMITS.name).min(1, WIZARD_MESSAGES.firstNameRequired),
  last_name: textSchema(TEXT_LIMITS.name).min(1, WIZARD_MESSAGES.lastNameRequired),
  phone: textSchema(TEXT_LIMITS.phone)
    .min(1, WIZARD_MESSAGES.phoneRequired)
    .refine(isRegistrationPhone, INPUT_MESSAGES.registrationPhone),
  terms_accepted: z.literal(true, { error: WIZARD_MESSAGES.termsRequired }),
  sms_accepted: z.boolean().default(false),
  /** Company name; the account is named after the person when empty. */
  account_name: textSchema(TEXT_LIMITS.name).optional(),
  account_type: z.enum(SIGNUP_KINDS),
  /** The plan of a paid sign-up; a trial is always gold (D9). */
  tier: z.enum(TIER_NAMES).default('gold'),
  location: signupLocationSchema,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * The answer to POST /api/signups and POST /api/signups/complete:
 * - `provisioned`: the account exists; `access_token` when this browser is signed in (the refresh
 *   cookie is set too), null when the sign-up was finished from another browser (sign in).
 *   `notice` carries WIZARD_MESSAGES.welcomeEmailFailed when the welcome e-mail could not be queued.
 * - `checkout`: go to `checkout_url` (the provider's hosted page, or the built-in test checkout).
 */
export const signupResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('provisioned'),
    access_token: z.string().nullable(),
    notice: z.string().nullable(),
  }),
  z.object({ status: z.literal('checkout'), checkout_url: z.string() }),
]);
export type SignupResult = z.infer<typeof signupResultSchema>;

/** A checkout session id as the provider (or the test checkout) names it. */
export const checkoutSessionIdSchema = textSchema(255)
  .min(1)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid checkout session');

/** POST /api/signups/complete and POST /api/signups/cancel. */
export const signupSessionSchema = z.object({ session_id: checkoutSessionIdSchema });

/** The browser waits this long on 'Almost Done' before going to / (spec part 2 §9). */
export const PROVISIONED_REDIRECT_MS = 1500;
/** Cancel-signup goes to / after this long (spec part 2 §9). */
export const CANCEL_SIGNUP_REDIRECT_MS = 5000;

/** Step 3 before anything is typed: the default 24-hour threshold, RapidRain the same (spec §4). */
export const EMPTY_WIZARD_LOCATION: WizardLocationValues = {
  name: '',
  latitude: '',
  longitude: '',
  h24_threshold: DEFAULT_THRESHOLD,
  rapidrain_threshold: null,
};

/**
 * The notification settings a new account starts with (spec part 2 §4 "Provisioning"): the daily
 * report, 24-hour exceedances, combined and non-zero locations sorted by rainfall; gold adds the
 * forecast; gold and silver add NOAA Atlas 14 and RapidRain. A trial is gold (D9).
 */
export function provisionedSettings(tier: TierName): ClientSettings {
  const gold = tier === 'gold';
  const silverUp = tier !== 'bronze';
  return {
    daily_report_on: true,
    daily_report_combine_locations: true,
    daily_report_suppress_zero: false,
    monthly_report_on: true,
    only_show_locations_with_non_zero: true,
    sort_by_rainfall: true,
    exceed24h_on: true,
    forecast_on: gold,
    forecast_combine_locations: gold,
    atlas14_on: silverUp,
    atlas14_24h_on: silverUp,
    atlas14_1h_on: silverUp,
    atlas14_first_on: silverUp,
    rapidrain_on: silverUp,
    rapidrain_combine_locations: silverUp,
    rapidrain_first_on: silverUp,
  };
}

/** The wizard's other texts (additions to the contract, web only). */
export const WIZARD_NOTES = {
  passwordsNotKept:
    'Welcome back: your details are kept, but passwords are never stored in the browser. Please type yours again.',
  provisioning: 'Setting up your account...',
  ready: 'Your account is ready. Taking you to your dashboard.',
  termsTitle: 'Terms of Service',
  termsLabel: 'I accept the Terms of Service',
  smsLabel: 'Send me rainfall alerts and account news by text message and e-mail (optional)',
  haveAccount: 'Already have an account?',
  upgradeNowHint: 'Pay for a plan now instead of starting with the free trial.',
  locationHint: 'Your first monitored location. Pick it on the map, or type its latitude and longitude.',
  checkoutNext:
    'Next you pay on the checkout page; your account is ready as soon as the payment goes through.',
} as const;

/** The terms a new user accepts in step 1, shown from the wizard. */
export const TERMS_OF_SERVICE = [
  'Pluvio estimates the rainfall at your locations from NOAA radar and gauge products and forecasts. Estimates can differ from what a gauge on site measures, and data can arrive late or not at all; use them with your own judgement.',
  'Alerts and reports go to the e-mail addresses and phone numbers you enter. Keep them up to date; message and data rates may apply to text messages.',
  `A trial monitors one location for ${TRIAL_DAYS} days at Gold level and ends on its own; nothing is charged. Paid plans are billed monthly per block of 5 locations at the price of the plan, and renew automatically until you cancel.`,
  'Your account, its locations and their rainfall history are yours. We use your details only to run the service and never sell them.',
] as const;

import {
  EMPTY_WIZARD_LOCATION,
  SIGNUP_KINDS,
  type SignupKind,
  type WizardLocationValues,
} from '@pluvio/shared/signup';
import { TIER_NAMES, type TierName, TRIAL_TIER } from '@pluvio/shared/tiers';
import { z } from 'zod';

/**
 * The wizard's form as typed so far, kept in sessionStorage (this tab only) so a reload, or the
 * browser's Back from a checkout, finds it again. Passwords are never part of it (D13).
 */

export interface PersonValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** Company name; the account is named after the person when empty. */
  account_name: string;
  terms_accepted: boolean;
  sms_accepted: boolean;
}

export interface PasswordValues {
  password: string;
  confirm_password: string;
}

export type FormStep = 1 | 2 | 3;

export interface WizardDraft {
  step: FormStep;
  kind: SignupKind;
  tier: TierName;
  person: PersonValues;
  location: WizardLocationValues;
}

export const EMPTY_PERSON: PersonValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  account_name: '',
  terms_accepted: false,
  sms_accepted: false,
};

export const NO_PASSWORDS: PasswordValues = { password: '', confirm_password: '' };

export const EMPTY_DRAFT: WizardDraft = {
  step: 1,
  kind: 'trial',
  tier: TRIAL_TIER,
  person: EMPTY_PERSON,
  location: EMPTY_WIZARD_LOCATION,
};

const STORAGE_KEY = 'pluvio.signup-wizard';

const draftSchema = z.object({
  step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  kind: z.enum(SIGNUP_KINDS),
  tier: z.enum(TIER_NAMES),
  person: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    account_name: z.string(),
    terms_accepted: z.boolean(),
    sms_accepted: z.boolean(),
  }),
  location: z.object({
    name: z.string(),
    latitude: z.string(),
    longitude: z.string(),
    h24_threshold: z.number(),
    rapidrain_threshold: z.number().nullable(),
  }),
});

/** The draft of this tab, or null when there is none (or it cannot be read). */
export function loadDraft(): WizardDraft | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the draft; a browser that refuses storage just loses it on reload. */
export function saveDraft(draft: WizardDraft): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draftSchema.parse(draft)));
  } catch (error) {
    console.warn('The sign-up form could not be kept for a reload', error);
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** A kind or plan named in the address (the login screen's links, the pricing page). */
export function kindParam(value: string | null): SignupKind | null {
  return SIGNUP_KINDS.find((kind) => kind === value) ?? null;
}

export function tierParam(value: string | null): TierName | null {
  return TIER_NAMES.find((tier) => tier === value) ?? null;
}

import { z } from 'zod';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES } from './accounts';
import { emailSchema, linkTokenSchema, typedPasswordSchema } from './auth.schemas';
import {
  idValueSchema,
  registrationPhoneSchema,
  requiredTextSchema,
  TEXT_LIMITS,
  textSchema,
} from './inputs';
import { pageSchema, pagingFields } from './lists';
import { TIER_NAMES } from './tiers';

/** An account as listed in the current user's `clients` (spec part 1 §3). */
export const userClientSchema = z.object({
  id: z.number().int(),
  account_name: z.string(),
  tier: z.enum(TIER_NAMES),
  status: z.enum(ACCOUNT_STATUSES),
  account_type: z.enum(ACCOUNT_TYPES),
  is_trial_account: z.boolean(),
  trial_end_date: z.string().nullable(),
  invoice_email: z.string().nullable(),
  /** 'paid', 'failed' (a renewal did not go through), 'cancelled' (the subscription ended) or null. */
  last_payment_status: z.string().nullable(),
  /**
   * After a failed renewal: the last day (YYYY-MM-DD, product time zone) monitoring stays on;
   * after it the account pauses like an ended trial until a payment goes through. Null otherwise.
   */
  payment_grace_end_date: z.string().nullable(),
  /** The user's relation to this account. */
  membership: z.enum(['owner', 'co_owner', 'contact']),
});
export type UserClient = z.infer<typeof userClientSchema>;

export const impersonatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
});

/** GET /users/me. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
  co_owner: z.boolean(),
  is_superuser: z.boolean(),
  is_verified: z.boolean(),
  is_active: z.boolean(),
  agree_to_terms: z.boolean(),
  agree_to_privacy_policy: z.boolean(),
  primary_client_id: z.number().int().nullable(),
  clients: z.array(userClientSchema),
  /** Contact record in the active account, when the user is a contact there. */
  contact_id: z.number().int().nullable(),
  /** Locations the user may see in the active account. */
  location_count: z.number().int(),
  /** Set while a superuser acts as this user (D11). */
  impersonator: impersonatorSchema.nullable(),
  /**
   * While a superuser acts as this user: whether their own session waits to be returned to (its
   * httpOnly cookie came with the request). False when the masquerade began with the bearer
   * token only: returning then means signing in again.
   */
  can_return: z.boolean().default(false),
  /**
   * A new sign-in e-mail address waiting for its confirmation link to be followed; the user
   * signs in with `email` until then. Null when no change waits (or its link has expired).
   */
  pending_email: z.string().nullable().default(null),
  /** When the pending change's link stops working (ISO 8601); null without one. */
  pending_email_expires_at: z.string().nullable().default(null),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** How long the link confirming a new sign-in e-mail address works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;
/** Confirmation e-mails (requests and resends) one user may have sent to new addresses in an hour. */
export const EMAIL_CHANGE_LINKS_PER_HOUR = 5;
/** Wrong current passwords one user may give in an hour when changing the e-mail, before 429. */
export const EMAIL_CHANGE_PASSWORD_FAILURES_PER_HOUR = 5;

/** What changing the sign-in e-mail address says (issue 25). */
export const EMAIL_CHANGE_MESSAGES = {
  passwordRequired: 'Enter your current password to change your sign-in e-mail.',
  passwordWrong: 'The current password is not correct. Your sign-in e-mail was not changed.',
  tooManyPasswordFailures: `The current password was wrong ${EMAIL_CHANGE_PASSWORD_FAILURES_PER_HOUR} times in the last hour. Please try again later. Your sign-in e-mail was not changed.`,
  tooManyLinks: `At most ${EMAIL_CHANGE_LINKS_PER_HOUR} confirmation e-mails an hour can be sent for a change of sign-in e-mail. Please try again later.`,
  requested: (email: string) =>
    `We e-mailed a confirmation link to ${email}. Your sign-in e-mail changes when you follow it; until then, sign in with your current address.`,
  pending: (email: string) => `Pending confirmation to ${email}`,
  noPending: 'No change of sign-in e-mail is waiting for confirmation.',
  cancelled: 'The change of your sign-in e-mail was cancelled.',
  badToken:
    'This link to confirm a new sign-in e-mail is invalid, has expired or was used already. Ask for the change again on your profile page.',
  takenMeanwhile: (email: string) =>
    `${email} now belongs to another Pluvio login, so your sign-in e-mail was not changed. Ask for the change again with another address.`,
  confirmed: (email: string) =>
    `Your sign-in e-mail is now ${email}. Use it to sign in from now on; your other sessions were signed out.`,
} as const;

/**
 * PATCH /users/me: profile fields and the active account. A new `email` is not applied at once:
 * it waits for the link e-mailed to it (issue 25), and asking for it takes `current_password`
 * (not while a superuser acts as the user).
 */
export const updateMeSchema = z
  .object({
    first_name: requiredTextSchema('First name is required.'),
    last_name: requiredTextSchema('Last name is required.'),
    email: emailSchema,
    current_password: typedPasswordSchema,
    phone: registrationPhoneSchema('Phone number is required.'),
    primary_client_id: idValueSchema,
  })
  .partial();
export type UpdateMe = z.infer<typeof updateMeSchema>;

/** POST /users/email-change/confirm: the token of the link e-mailed to the new address. */
export const emailChangeConfirmSchema = z.object({ token: linkTokenSchema });
export type EmailChangeConfirm = z.infer<typeof emailChangeConfirmSchema>;

/** What the e-mail change routes answer: what happened, in a sentence to show. */
export const emailChangeAnswerSchema = z.object({ detail: z.string() });

/**
 * GET /api/admin/users: the Switch User screen's list (superusers). `search` finds words in the
 * name or the e-mail address, ignoring case; empty lists everyone.
 */
export const userListQuerySchema = z.object({
  search: textSchema(TEXT_LIMITS.name).default(''),
  ...pagingFields(50),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** One user of that list, with the level of their primary account for 'Subscription Level'. */
export const userListEntrySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  is_superuser: z.boolean(),
  primary_client_id: z.number().int().nullable(),
  account_name: z.string().nullable(),
  /** `accountLevel` of the primary account (0 without one, 4 for superusers); `tierLabel` names it. */
  subscription_level: z.number().int().min(0).max(4),
});
export type UserListEntry = z.infer<typeof userListEntrySchema>;

export const userListPageSchema = pageSchema(userListEntrySchema);
export type UserListPage = z.infer<typeof userListPageSchema>;

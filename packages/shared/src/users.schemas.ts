import { z } from 'zod';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES } from './accounts';
import { emailSchema } from './auth.schemas';
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
  /** The outcome of the account's last renewal payment ('paid', 'failed', ...); absent before any. */
  last_payment_status: z.string().nullable().optional(),
  /** After a failed renewal: the day monitoring pauses unless a payment goes through (PAYMENT_GRACE_DAYS). */
  payment_grace_end_date: z.string().nullable().optional(),
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
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** PATCH /users/me: profile fields and the active account. */
export const updateMeSchema = z
  .object({
    first_name: requiredTextSchema('First name is required.'),
    last_name: requiredTextSchema('Last name is required.'),
    email: emailSchema,
    phone: registrationPhoneSchema('Phone number is required.'),
    primary_client_id: idValueSchema,
  })
  .partial();
export type UpdateMe = z.infer<typeof updateMeSchema>;

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
